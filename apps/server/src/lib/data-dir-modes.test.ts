import { chmod, lstat, mkdir, mkdtemp, readdir, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { photoUpload } from '../test/photo-upload.ts';
import { type ServerProcess, startServer, waitForReady } from '../test/server-process.ts';
import { DEMO, DEMO_PASSWORD } from '../test/test-app.ts';
import { describeModes, ownerOnlyDataDir } from './data-dir-modes.ts';

/*
 * Issue 27, item 10: DATA_DIR holds ID photos, signatures and the ledger's database; group and
 * others get nothing of it. Directories 0700, files 0600, exactly.
 */

const cleanup: string[] = [];
const servers: ServerProcess[] = [];

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.child.kill('SIGKILL');
    await server.exited;
  }
  for (const dir of cleanup.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function scratch() {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'jewel-modes-'));
  cleanup.push(dir);
  return dir;
}

const modeOf = async (file: string) => (await lstat(file)).mode & 0o777;

/** Every entry under `dir` (itself included) with its kind and permission bits. */
async function modesUnder(dir: string): Promise<{ entry: string; kind: 'dir' | 'file' | 'other'; mode: number }[]> {
  const out: { entry: string; kind: 'dir' | 'file' | 'other'; mode: number }[] = [];
  const walk = async (entry: string) => {
    const stat = await lstat(entry);
    const kind = stat.isDirectory() ? 'dir' : stat.isFile() ? 'file' : 'other';
    out.push({ entry: path.relative(dir, entry) || '.', kind, mode: stat.mode & 0o777 });
    if (kind === 'dir') for (const name of await readdir(entry)) await walk(path.join(entry, name));
  };
  await walk(dir);
  return out;
}

/** A DATA_DIR as an older server left it: world-readable photos, world-writable database files. */
async function looseDataDir(root: string) {
  const dataDir = path.join(root, 'data');
  await mkdir(path.join(dataDir, 'uploads', 'private'), { recursive: true });
  await writeFile(path.join(dataDir, 'uploads', 'photo.jpg'), 'x');
  await writeFile(path.join(dataDir, 'uploads', 'private', 'id-card.jpg'), 'x');
  await writeFile(path.join(dataDir, 'uploads', 'private', 'signature.png'), 'x');
  await writeFile(path.join(dataDir, 'already-private'), 'x');
  await chmod(path.join(dataDir, 'already-private'), 0o600);
  await chmod(path.join(dataDir, 'uploads', 'photo.jpg'), 0o644);
  await chmod(path.join(dataDir, 'uploads', 'private', 'id-card.jpg'), 0o666);
  await chmod(path.join(dataDir, 'uploads', 'private', 'signature.png'), 0o644);
  await chmod(path.join(dataDir, 'uploads', 'private'), 0o777);
  await chmod(path.join(dataDir, 'uploads'), 0o755);
  await chmod(path.join(dataDir), 0o755);
  return dataDir;
}

describe('DATA_DIR is owner-only', () => {
  it('fixes an existing directory: directories 0700, files 0600, and counts what it changed', async () => {
    const root = await scratch();
    const dataDir = await looseDataDir(root);
    // A link to a file outside DATA_DIR: not followed, the outside file keeps its mode.
    const outside = path.join(root, 'outside.txt');
    await writeFile(outside, 'x');
    await chmod(outside, 0o644);
    await symlink(outside, path.join(dataDir, 'link'));

    const result = ownerOnlyDataDir(dataDir);
    expect(result).toEqual({ created: false, directories: 3, files: 3 });
    expect(describeModes(result)).toBe('DATA_DIR made owner-only: 3 directories set to 0700, 3 files set to 0600');
    expect(await modeOf(dataDir)).toBe(0o700);
    expect(await modeOf(path.join(dataDir, 'uploads'))).toBe(0o700);
    expect(await modeOf(path.join(dataDir, 'uploads', 'private'))).toBe(0o700);
    expect(await modeOf(path.join(dataDir, 'uploads', 'photo.jpg'))).toBe(0o600);
    expect(await modeOf(path.join(dataDir, 'uploads', 'private', 'id-card.jpg'))).toBe(0o600);
    expect(await modeOf(path.join(dataDir, 'uploads', 'private', 'signature.png'))).toBe(0o600);
    expect(await modeOf(path.join(dataDir, 'already-private'))).toBe(0o600);
    expect(await modeOf(outside)).toBe(0o644);

    // Again: nothing left to change, and nothing to say.
    const again = ownerOnlyDataDir(dataDir);
    expect(again).toEqual({ created: false, directories: 0, files: 0 });
    expect(describeModes(again)).toBeUndefined();
  });

  it('creates a missing DATA_DIR 0700', async () => {
    const dataDir = path.join(await scratch(), 'fresh', 'data');
    expect(ownerOnlyDataDir(dataDir)).toEqual({ created: true, directories: 0, files: 0 });
    expect(await modeOf(dataDir)).toBe(0o700);
  });

  it('a server started on a loose DATA_DIR makes it owner-only with one log line, and writes everything 0700/0600', async () => {
    const dataDir = await looseDataDir(await scratch());
    const server = await startServer(dataDir);
    servers.push(server);
    await waitForReady(server, 150_000);
    // An ID photo, stored by the running server.
    const login = await fetch(`${server.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mobile: DEMO.recorder, password: DEMO_PASSWORD }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const { payload, contentType } = await photoUpload(120, { kind: 'document' });
    const upload = await fetch(`${server.base}/api/upload/private`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
      body: payload,
    });
    expect(upload.status).toBe(200);

    const entries = await modesUnder(dataDir);
    // The embedded database PGlite unpacked (968 files it writes 0666), the keys, the lock, the photos.
    expect(entries.filter((entry) => entry.kind === 'file').length).toBeGreaterThan(900);
    expect(entries.filter((entry) => entry.kind === 'dir' && entry.mode !== 0o700)).toEqual([]);
    expect(entries.filter((entry) => entry.kind === 'file' && entry.mode !== 0o600)).toEqual([]);
    const uploads = entries.filter((entry) => entry.entry.startsWith('uploads/') && entry.kind === 'file');
    // The three an older server left, and the new photo with what is derived from it.
    expect(uploads.length).toBeGreaterThan(3);

    // One line, with counts and no file names: the three loose directories and three loose files.
    const lines = server
      .output()
      .split('\n')
      .filter((line) => line.includes('owner-only'));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({
      level: 40,
      directories: 3,
      files: 3,
      msg: 'DATA_DIR made owner-only: 3 directories set to 0700, 3 files set to 0600',
    });
  }, 240_000);
});
