import { closeSync, mkdirSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * One process at a time opens the embedded database: two PGlite instances on one directory each
 * keep their own copy in memory and silently lose each other's writes. The server holds this
 * lock for its life; an operator command holds it while it runs, when no server does.
 */
export const LOCK_FILE = 'lock';

export interface LockHolder {
  pid: number;
  host: string;
  /** ISO time the holder took the lock. */
  startedAt: string;
  /** `server`, or the operator command running. */
  holder: 'server' | `command ${string}`;
}

/** The data directory is held by a process that is (or may be) alive. */
export class DataDirBusyError extends Error {
  readonly holder: LockHolder | null;
  readonly file: string;

  constructor(holder: LockHolder | null, file: string) {
    super(busyMessage(holder, file));
    this.holder = holder;
    this.file = file;
  }
}

function busyMessage(holder: LockHolder | null, file: string): string {
  const dataDir = path.dirname(file);
  if (!holder) {
    return `${dataDir} is locked by ${file}, whose content cannot be read. If no server or operator command runs on this data directory, delete that file.`;
  }
  const who =
    holder.holder === 'server' ? 'a server' : `the operator command "${holder.holder.slice('command '.length)}"`;
  const where = holder.host === os.hostname() ? 'on this host' : `on host ${holder.host}`;
  const lines = [
    `${dataDir} is in use by ${who}: pid ${holder.pid} ${where}, started ${holder.startedAt}.`,
    'Only one process may open the embedded database at a time.',
  ];
  if (holder.holder === 'server') {
    lines.push(
      'Operator commands (npm run cli -- …) run through that server; to start another server, stop it first',
      `(Ctrl-C in its terminal, or kill ${holder.pid}${where === 'on this host' ? '' : ` on ${holder.host}`}), or give this one another DATA_DIR.`,
    );
  } else {
    lines.push('Wait for it to finish, then try again.');
  }
  lines.push(`If pid ${holder.pid} ${where} is not that process, delete ${file}.`);
  return lines.join('\n');
}

function parseHolder(text: string): LockHolder | null {
  try {
    const value = JSON.parse(text) as LockHolder;
    if (Number.isInteger(value.pid) && typeof value.host === 'string' && typeof value.holder === 'string') return value;
  } catch {}
  return null;
}

/** Whether the holder may still run. Another host's process cannot be checked: it may. */
function mayBeAlive(holder: LockHolder): boolean {
  if (holder.host !== os.hostname()) return true;
  // A lock naming our own pid is a previous run's (a container restarted with the same pid).
  if (holder.pid === process.pid) return false;
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readText(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

export interface DataDirLock {
  holder: LockHolder;
  /** Gives the lock up (only if it is still ours). Runs by itself when the process exits. */
  release(): void;
}

/**
 * Takes the data directory's lock, created with O_EXCL so that of two processes starting at once
 * one wins. A lock left by a process that is gone from this host is taken over (`onStale` says
 * so). Throws DataDirBusyError while its holder lives.
 */
export function acquireDataDirLock(
  dataDir: string,
  holder: LockHolder['holder'],
  onStale: (stale: LockHolder) => void = () => {},
): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  const mine: LockHolder = { pid: process.pid, host: os.hostname(), startedAt: new Date().toISOString(), holder };
  const text = `${JSON.stringify(mine)}\n`;
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      try {
        writeSync(fd, text);
      } finally {
        closeSync(fd);
      }
      let held = true;
      const release = () => {
        if (!held) return;
        held = false;
        process.removeListener('exit', release);
        if (readText(file) === text) unlinkSync(file);
      };
      process.on('exit', release);
      return { holder: mine, release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const found = readText(file);
    if (found === null) continue; // released meanwhile
    const current = parseHolder(found);
    if (!current || mayBeAlive(current)) throw new DataDirBusyError(current, file);
    // Stale: remove it unless someone else replaced it meanwhile, then try again.
    if (readText(file) === found) {
      unlinkSync(file);
      onStale(current);
    }
  }
  throw new DataDirBusyError(parseHolder(readText(file) ?? ''), file);
}
