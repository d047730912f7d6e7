import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Backup } from '@jewel/contract/operations';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Storage } from '../../plugins/external/storage.ts';
import { checkBackup, type Manifest, readManifest, takeBackup } from './backup.ts';

/*
 * "Back up now" and the backups kept (issue 28 item 8; ADR 0092): the CLI's backup, written into
 * the server's backup directory (BACKUP_DIR) under a name that sorts by time, read back against
 * its manifest at once, and the newest BACKUP_KEEP kept. The check's outcome is written beside
 * the backup (`check.json`), so that the list says it without reading every photo again.
 */

const PREFIX = 'backup-';
const CHECK_FILE = 'check.json';

export interface OperationsDeps {
  database: Database;
  config: Config;
  storage: Storage;
}

/** One backup at a time on an instance: a second tap waits for the first, told so. */
let running = false;

/**
 * `backup-20261128T104500123Z-3f2a`: sorts by time, to the millisecond (two backups of one second
 * must not sort by chance, or the newest could be pruned); the suffix keeps two instances' apart.
 */
function backupName(now: Date): string {
  const stamp = now.toISOString().replace(/[-:.]/g, '');
  return `${PREFIX}${stamp}-${randomBytes(2).toString('hex')}`;
}

/** The backups in the directory, newest first. */
async function backupNames(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { withFileTypes: true });
    return entries
      .filter((entry) => entry.isDirectory() && entry.name.startsWith(PREFIX))
      .map((entry) => entry.name)
      .sort()
      .reverse();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

async function describe(dir: string, name: string): Promise<Backup> {
  const where = path.join(dir, name);
  let manifest: Manifest;
  try {
    manifest = await readManifest(where);
  } catch {
    return { name, created_at: null, size_bytes: 0, files: 0, check: 'incomplete', problems: [] };
  }
  const files = Object.values(manifest.files);
  const size = files.reduce((sum, file) => sum + file.size, manifest.database_size ?? 0);
  let checked: { problems: string[] } | null = null;
  try {
    checked = JSON.parse(await readFile(path.join(where, CHECK_FILE), 'utf8')) as { problems: string[] };
  } catch {
    // Written by the CLI, or its check did not finish: said as unchecked.
  }
  return {
    name,
    created_at: manifest.created_at,
    size_bytes: size,
    files: files.length,
    check: checked === null ? 'unchecked' : checked.problems.length === 0 ? 'ok' : 'failed',
    problems: checked?.problems ?? [],
  };
}

/** Every backup in the directory, newest first. */
export async function listBackups(config: Config): Promise<Backup[]> {
  const names = await backupNames(config.backupDir);
  return Promise.all(names.map((name) => describe(config.backupDir, name)));
}

/**
 * Writes a backup now, reads it back against its manifest, records the outcome, then removes the
 * oldest beyond BACKUP_KEEP. Answers the new backup as the list shows it.
 */
export async function backUpNow({ database, config, storage }: OperationsDeps): Promise<Backup> {
  if (running) throw new AppError('backupRunning');
  running = true;
  try {
    await mkdir(config.backupDir, { recursive: true, mode: 0o700 });
    const name = backupName(new Date());
    const where = path.join(config.backupDir, name);
    await takeBackup(database, where, { config, storage });
    const problems = await checkBackup(where);
    await writeFile(
      path.join(where, CHECK_FILE),
      `${JSON.stringify({ checked_at: new Date().toISOString(), problems }, null, 2)}\n`,
      { mode: 0o600 },
    );
    for (const old of (await backupNames(config.backupDir)).slice(config.backupKeep)) {
      await rm(path.join(config.backupDir, old), { recursive: true, force: true });
    }
    return describe(config.backupDir, name);
  } finally {
    running = false;
  }
}
