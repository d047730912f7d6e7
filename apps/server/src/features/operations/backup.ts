import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { chmod, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { createGzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { Storage } from '../../plugins/external/storage.ts';

/**
 * Backup and restore (docs/decisions.md "Backup and restore"). A backup is one directory:
 *
 *   manifest.json       written last: without it the backup is incomplete
 *   database.tar.gz     the embedded database's data directory (PGlite), or
 *   database.dump       pg_dump's custom format (PostgreSQL)
 *   uploads/<name>      every photo and thumbnail the database names, read through the storage
 *
 * The database and the list of photos come from one moment; photos are immutable (random names,
 * never rewritten), so they are copied afterwards without holding anything. The identity key is
 * never in it: kept apart, a stolen backup reads no identity document number.
 */

export const MANIFEST = 'manifest.json';
const FORMAT = 'jewel-backup/1';
const FILES_DIR = 'uploads';
/** Photos copied at once: enough to hide an object store's latency, few enough for a small host. */
const COPIES_AT_ONCE = 8;

export interface Manifest {
  format: typeof FORMAT;
  created_at: string;
  database: Database['kind'];
  /** The snapshot's file in the backup directory. */
  database_file: string;
  /** Its size and digest (backups from before the back office's check have neither). */
  database_size?: number;
  database_sha256?: string;
  /** Rows per table (`schema.table`) in the snapshot: a restore finds the same. */
  tables: Record<string, number>;
  files: Record<string, { size: number; sha256: string }>;
  /** Names the database lists that the storage no longer had (removed since, or lost before). */
  missing_files: string[];
  /** A fingerprint of the identity key the snapshot's identity numbers are sealed with. */
  identity_key: string;
}

/** A refusal whose message says what to do; the operator commands show it as it is. */
export class BackupRefusedError extends Error {}

/** What both drivers answer to a plain query. */
interface Queryable {
  query(text: string): Promise<{ rows: unknown[] }>;
}

async function rows<T>(client: Queryable, text: string): Promise<T[]> {
  return (await client.query(text)).rows as T[];
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Rows per table of every schema but the system's, as the connection sees them now. */
async function tableCounts(client: Queryable): Promise<Record<string, number>> {
  const tables = await rows<{ schema: string; name: string }>(
    client,
    `select table_schema as schema, table_name as name from information_schema.tables
     where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
     order by 1, 2`,
  );
  if (tables.length === 0) return {};
  const counted = await rows<{ name: string; count: string | number }>(
    client,
    tables
      .map(
        ({ schema, name }) =>
          `select '${`${schema}.${name}`.replaceAll("'", "''")}' as name, count(*) as count from ${quote(schema)}.${quote(name)}`,
      )
      .join(' union all '),
  );
  return Object.fromEntries(counted.map(({ name, count }) => [name, Number(count)]));
}

/** Every stored object the database names: each upload and its thumbnail (features/upload). */
async function storedNames(client: Queryable): Promise<string[]> {
  const found = await rows<{ name: string; thumb_name: string }>(client, 'select name, thumb_name from uploads');
  return [...new Set(found.flatMap((row) => [row.name, row.thumb_name]))].sort();
}

/** A stored name is one path segment (random hex and an extension); anything else is not copied. */
function isPlainName(name: string) {
  return name === path.basename(name) && name !== '.' && name !== '..' && name !== '';
}

/** Sixteen hex digits that tell one key from another and reveal nothing of it. */
export function identityKeyFingerprint(key: Buffer) {
  return createHash('sha256').update('jewel identity key check\0').update(key).digest('hex').slice(0, 16);
}

async function forEachAtOnce<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** Runs a PostgreSQL client tool; its stderr becomes the refusal's message. */
function runTool(command: string, args: string[], password: string): Promise<void> {
  return new Promise((resolve, reject) => {
    // The password goes by environment: a command line is visible to every user of the host.
    const child = spawn(command, args, {
      env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new BackupRefusedError(
              `${command} is not installed: install PostgreSQL's client tools (Debian: postgresql-client), of the server's major version or later`,
            )
          : error,
      ),
    );
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new BackupRefusedError(`${command} failed (${code}): ${stderr.trim()}`)),
    );
  });
}

/** The connection string for libpq's tools, and its password apart. */
function toolConnection(databaseUrl: string) {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), password };
}

/** Creates `dir` (owner-only: a backup holds personal data) or takes it when empty. */
async function freshBackupDir(dir: string) {
  await mkdir(path.join(dir, FILES_DIR), { recursive: true, mode: 0o700 });
  await chmod(dir, 0o700);
  const entries = (await readdir(dir)).filter((entry) => entry !== FILES_DIR);
  const files = await readdir(path.join(dir, FILES_DIR));
  if (entries.length > 0 || files.length > 0) {
    throw new BackupRefusedError(`${dir} is not empty: give backup a new directory`);
  }
}

interface Snapshot {
  tables: Record<string, number>;
  names: string[];
}

/**
 * The embedded database, inside the process that holds it: PGlite runs one query at a time, and
 * its transaction lock, held here, keeps every other query and transaction waiting while the
 * rows are counted, the photos listed and the data directory copied (a fraction of a second).
 */
async function snapshotPglite(database: Database, file: string): Promise<Snapshot> {
  const client = (database.db as unknown as { $client: unknown }).$client;
  if (!(client instanceof PGlite)) throw new Error('the embedded database is not a PGlite');
  const { snapshot, dump } = await client.transaction(async (tx) => {
    // Written out, the snapshot needs no recovery from the write-ahead log when it opens.
    await tx.exec('checkpoint');
    const snapshot = { tables: await tableCounts(tx), names: await storedNames(tx) };
    return { snapshot, dump: await client.dumpDataDir('none') };
  });
  const body = Readable.fromWeb(dump.stream() as WebReadableStream);
  await pipeline(body, createGzip(), createWriteStream(file, { mode: 0o600 }));
  return snapshot;
}

/**
 * PostgreSQL: a read-only transaction exports its snapshot, counts and lists in it, and
 * pg_dump dumps that same snapshot, while the servers carry on.
 */
async function snapshotPostgres(databaseUrl: string, file: string): Promise<Snapshot> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const [exported] = await rows<{ id: string }>(client, 'select pg_export_snapshot() as id');
    const snapshot = { tables: await tableCounts(client), names: await storedNames(client) };
    const { dbname, password } = toolConnection(databaseUrl);
    await runTool('pg_dump', ['--format=custom', `--snapshot=${exported?.id}`, `--file=${file}`, dbname], password);
    await client.query('commit');
    return snapshot;
  } finally {
    await client.end();
  }
}

async function copyOut(storage: Storage, dir: string, name: string) {
  const found = await storage.get(name);
  if (!found) return null;
  const hash = createHash('sha256');
  let size = 0;
  const measure = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  await pipeline(found.stream, measure, createWriteStream(path.join(dir, FILES_DIR, name), { mode: 0o600 }));
  return { size, sha256: hash.digest('hex') };
}

export interface BackupContext {
  config: Config;
  storage: Storage;
}

/** Writes a backup of `database` and the photos it names into `dir` (new or empty). */
export async function takeBackup(database: Database, dir: string, { config, storage }: BackupContext) {
  await freshBackupDir(dir);
  const createdAt = new Date().toISOString();
  const databaseFile = database.kind === 'pglite' ? 'database.tar.gz' : 'database.dump';
  const target = path.join(dir, databaseFile);
  let snapshot: Snapshot;
  if (database.kind === 'pglite') snapshot = await snapshotPglite(database, target);
  else if (database.connectionString ?? config.databaseUrl)
    snapshot = await snapshotPostgres(database.connectionString ?? (config.databaseUrl as string), target);
  else throw new Error('a PostgreSQL backup needs DATABASE_URL');

  const files: Manifest['files'] = {};
  const missing: string[] = [];
  await forEachAtOnce(snapshot.names.filter(isPlainName), COPIES_AT_ONCE, async (name) => {
    const copied = await copyOut(storage, dir, name);
    if (copied) files[name] = copied;
    else missing.push(name);
  });
  const databaseDigest = await digestOf(target);
  const manifest: Manifest = {
    format: FORMAT,
    created_at: createdAt,
    database: database.kind,
    database_file: databaseFile,
    database_size: databaseDigest.size,
    database_sha256: databaseDigest.sha256,
    tables: snapshot.tables,
    files: Object.fromEntries(Object.entries(files).sort(([a], [b]) => a.localeCompare(b))),
    missing_files: missing.sort(),
    identity_key: identityKeyFingerprint(config.identityKey),
  };
  await writeFile(path.join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  const rowCount = Object.values(snapshot.tables).reduce((sum, count) => sum + count, 0);
  const bytes = Object.values(files).reduce((sum, file) => sum + file.size, 0);
  const summary = [
    `backup written to ${dir}: ${database.kind} database, ${Object.keys(snapshot.tables).length} tables, ${rowCount} rows; ${Object.keys(files).length} files (${bytes} bytes)`,
    ...(missing.length
      ? [`${missing.length} files the database names were not in the storage: ${missing.join(', ')}`]
      : []),
    'The identity key is not in it: keep DATA_DIR/identity-key (or IDENTITY_KEY) apart, safely; without it the identity document numbers cannot be read.',
  ].join('\n');
  return { manifest, summary };
}

/** A file's size and SHA-256, read as a stream. */
async function digestOf(file: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { size, sha256: hash.digest('hex') };
}

/**
 * Reads a backup back against its manifest: the snapshot and every file there, of the size and
 * digest written. Answers what does not match (empty: the backup is whole).
 */
export async function checkBackup(dir: string): Promise<string[]> {
  const manifest = await readManifest(dir);
  const problems: string[] = [];
  const compare = async (relative: string, expected: { size?: number; sha256?: string }) => {
    let found: { size: number; sha256: string };
    try {
      found = await digestOf(path.join(dir, relative));
    } catch {
      problems.push(`${relative}: missing`);
      return;
    }
    if (expected.size !== undefined && found.size !== expected.size) problems.push(`${relative}: size differs`);
    else if (expected.sha256 !== undefined && found.sha256 !== expected.sha256) problems.push(`${relative}: damaged`);
  };
  await compare(path.basename(manifest.database_file), {
    size: manifest.database_size,
    sha256: manifest.database_sha256,
  });
  for (const [name, file] of Object.entries(manifest.files)) {
    if (isPlainName(name)) await compare(path.join(FILES_DIR, name), file);
  }
  return problems;
}

export async function readManifest(dir: string): Promise<Manifest> {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await readFile(path.join(dir, MANIFEST), 'utf8')) as Manifest;
  } catch {
    throw new BackupRefusedError(
      `${dir} holds no readable ${MANIFEST}: it is not a backup, or one that did not finish`,
    );
  }
  if (manifest.format !== FORMAT) throw new BackupRefusedError(`${dir} is not a backup of this format (${FORMAT})`);
  return manifest;
}

async function isEmptyDir(dir: string) {
  try {
    return (await readdir(dir)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw error;
  }
}

/** Loads the embedded snapshot into `DATA_DIR/pglite`, which must not hold a database yet. */
async function restorePglite(file: string, dataDir: string) {
  const target = path.join(dataDir, 'pglite');
  if (!(await isEmptyDir(target))) {
    throw new BackupRefusedError(
      `${target} already holds a database: restore into a fresh DATA_DIR, or move that one aside first`,
    );
  }
  await mkdir(target, { recursive: true });
  const client = await PGlite.create(target, { loadDataDir: new Blob([await readFile(file)]) });
  try {
    return await tableCounts(client);
  } finally {
    await client.close();
  }
}

/** pg_restore into DATABASE_URL, which must be an empty database; all or nothing. */
async function restorePostgres(file: string, databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    if (Object.keys(await tableCounts(client)).length > 0) {
      throw new BackupRefusedError(
        'the database of DATABASE_URL is not empty: restore into a new, empty database (createdb …)',
      );
    }
    const { dbname, password } = toolConnection(databaseUrl);
    // The restoring user owns everything: the backup may come from a host with other roles.
    await runTool(
      'pg_restore',
      ['--single-transaction', '--exit-on-error', '--no-owner', '--no-privileges', `--dbname=${dbname}`, file],
      password,
    );
    return await tableCounts(client);
  } finally {
    await client.end();
  }
}

async function copyIn(storage: Storage, dir: string, name: string, expected: { size: number; sha256: string }) {
  let body: Buffer;
  try {
    body = await readFile(path.join(dir, FILES_DIR, name));
  } catch {
    return 'missing from the backup';
  }
  if (body.length !== expected.size || createHash('sha256').update(body).digest('hex') !== expected.sha256) {
    return 'damaged in the backup';
  }
  await storage.put(name, body);
  return null;
}

export interface RestoreOptions extends BackupContext {
  /** Restores although the identity key is not the backup's: the sealed numbers stay unreadable. */
  withoutIdentityKey?: boolean;
}

/**
 * Restores the backup in `dir` into a fresh place: an empty DATA_DIR (embedded) or an empty
 * database (DATABASE_URL), and the photos into the storage. The database is left as it was
 * backed up; the server migrates it when it starts. Answers the command's outcome.
 */
export async function restoreBackup(dir: string, { config, storage, withoutIdentityKey }: RestoreOptions) {
  const manifest = await readManifest(dir);
  const kind: Database['kind'] = config.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.database !== kind) {
    throw new BackupRefusedError(
      manifest.database === 'pglite'
        ? 'this is a backup of the embedded database: restore it without DATABASE_URL, into a fresh DATA_DIR'
        : 'this is a backup of a PostgreSQL database: restore it with DATABASE_URL set to an empty database',
    );
  }
  if (!withoutIdentityKey && manifest.identity_key !== identityKeyFingerprint(config.identityKey)) {
    throw new BackupRefusedError(
      [
        `the identity key here (IDENTITY_KEY, or ${path.join(config.dataDir, 'identity-key')}) is not the one this backup's identity document numbers are sealed with.`,
        'Put the key you kept there (or set IDENTITY_KEY) and run restore again.',
        'If it is lost for good, --without-identity-key restores anyway: the sealed numbers then stay unreadable.',
      ].join('\n'),
    );
  }
  const file = path.join(dir, path.basename(manifest.database_file));
  const tables =
    kind === 'pglite'
      ? await restorePglite(file, config.dataDir)
      : await restorePostgres(file, config.databaseUrl as string);

  const problems: string[] = [];
  for (const [name, count] of Object.entries(manifest.tables)) {
    if (tables[name] !== count)
      problems.push(`table ${name}: ${tables[name] ?? 'absent'} rows, the backup had ${count}`);
  }
  const names = Object.keys(manifest.files).filter(isPlainName);
  let restored = 0;
  await forEachAtOnce(names, COPIES_AT_ONCE, async (name) => {
    const problem = await copyIn(storage, dir, name, manifest.files[name] as Manifest['files'][string]);
    if (problem) problems.push(`file ${name}: ${problem}`);
    else restored += 1;
  });
  const rowCount = Object.values(tables).reduce((sum, count) => sum + count, 0);
  const summary = `restored ${Object.keys(tables).length} tables (${rowCount} rows) and ${restored} of ${names.length} files from the backup of ${manifest.created_at}`;
  if (problems.length > 0) throw new BackupRefusedError([`${summary}, with problems:`, ...problems].join('\n'));
  return `${summary}. Start the server on it; everyone signs in again unless the JWT secret is the old one.`;
}
