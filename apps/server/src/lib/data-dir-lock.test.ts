import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { runCli } from '../test/server-process.ts';
import { acquireDataDirLock, DataDirBusyError, LOCK_FILE, type LockHolder } from './data-dir-lock.ts';

let dataDir = '';
let lockFile = '';
const children: ChildProcess[] = [];

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'jewel-lock-'));
  lockFile = path.join(dataDir, LOCK_FILE);
});
afterEach(async () => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  await rm(dataDir, { recursive: true, force: true });
});

/** A process of our own that stays alive until the test ends. */
async function liveProcess(): Promise<number> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  children.push(child);
  await new Promise((resolve) => child.once('spawn', resolve));
  return child.pid ?? 0;
}

/** The pid of a process that has ended. */
async function deadProcess(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid ?? 0;
}

function writeLock(holder: Partial<LockHolder>) {
  const full = { pid: 1, host: os.hostname(), startedAt: '2026-11-23T08:00:00.000Z', holder: 'server', ...holder };
  return writeFile(lockFile, JSON.stringify(full));
}

function busy(run: () => unknown): DataDirBusyError {
  try {
    run();
  } catch (error) {
    if (error instanceof DataDirBusyError) return error;
    throw error;
  }
  throw new Error('the lock was taken');
}

it('is created owner-only, naming this process, and released only by its holder', async () => {
  const lock = acquireDataDirLock(dataDir, 'server');
  expect(JSON.parse(await readFile(lockFile, 'utf8')) as unknown).toMatchObject({
    pid: process.pid,
    host: os.hostname(),
    holder: 'server',
  });
  expect((await stat(lockFile)).mode & 0o777).toBe(0o600);
  lock.release();
  expect(existsSync(lockFile)).toBe(false);

  // A lock someone else holds by now is left alone.
  const again = acquireDataDirLock(dataDir, 'command seed');
  await writeLock({ pid: await liveProcess() });
  again.release();
  expect(existsSync(lockFile)).toBe(true);
});

it('refuses while a live server or command holds it, naming the holder and what to do', async () => {
  const pid = await liveProcess();
  await writeLock({ pid, holder: 'server' });
  const server = busy(() => acquireDataDirLock(dataDir, 'server'));
  expect(server.holder?.pid).toBe(pid);
  expect(server.message).toContain(`pid ${pid} on this host, started 2026-11-23T08:00:00.000Z`);
  expect(server.message).toContain(`kill ${pid}`);

  await writeLock({ pid, holder: 'command import-knowledge' });
  expect(busy(() => acquireDataDirLock(dataDir, 'server')).message).toMatch(
    /operator command "import-knowledge": pid \d+ .*\nOnly one process.*\nWait for it to finish/,
  );

  // Another host's process cannot be checked from here.
  await writeLock({ pid: await deadProcess(), host: 'elsewhere' });
  expect(busy(() => acquireDataDirLock(dataDir, 'server')).message).toContain('on host elsewhere');

  await writeFile(lockFile, '');
  expect(busy(() => acquireDataDirLock(dataDir, 'server')).message).toContain(`delete that file`);
});

it('takes over a lock whose process is gone from this host, saying so', async () => {
  const pid = await deadProcess();
  await writeLock({ pid });
  const stale: LockHolder[] = [];
  const lock = acquireDataDirLock(dataDir, 'server', (holder) => stale.push(holder));
  expect(stale).toMatchObject([{ pid }]);
  expect(lock.holder.pid).toBe(process.pid);
  lock.release();

  // A lock naming this very process is a previous run's (a restarted container reuses its pid).
  await writeLock({ pid: process.pid });
  acquireDataDirLock(dataDir, 'server').release();
});

it('an operator command refuses while another one runs on the data directory', async () => {
  await writeLock({ pid: await liveProcess(), holder: 'command seed' });
  const refused = await runCli(['seed'], { dataDir });
  expect(refused.stderr).toMatch(/in use by the operator command "seed"/);
  expect(refused.status).toBe(1);
}, 60_000);
