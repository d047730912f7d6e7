/**
 * The documented start command (`npm run start -w apps/server`, README and docs/deploy.md) stops
 * cleanly whatever a process manager signals (issue 33): its top process (what a shell, systemd's
 * `KillMode=mixed` or an init such as tini signals), its whole process group (systemd's default
 * `KillMode=control-group`, Ctrl-C in a terminal), and the command as a PID namespace's first
 * process (a container without an init). Each time: the upload in flight at the signal finishes,
 * a request that arrives on a kept-alive connection gets 503 with `Connection: close` (no reset),
 * and the command exits 0.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { photoUpload } from '../../test/photo-upload.ts';
import { type ServerProcess, startServer, waitForReady } from '../../test/server-process.ts';
import { DEMO, DEMO_PASSWORD } from '../../test/test-app.ts';

/** A PID namespace needs root (or user namespaces): where `unshare` cannot make one, that case says so. */
const unshareMissing = (() => {
  const probe = spawnSync('unshare', ['--pid', '--fork', 'true'], { encoding: 'utf8' });
  return probe.status === 0 ? null : (probe.error?.message ?? probe.stderr.trim()) || `exit ${probe.status}`;
})();

/** A raw connection: what is read so far, and how it ended (`end` for a close, `error` for a reset). */
function connect(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  const state = { received: '', ended: '' as '' | 'end' | `error ${string}` };
  socket.on('data', (chunk) => {
    state.received += chunk.toString('latin1');
  });
  socket.on('end', () => {
    state.ended ||= 'end';
  });
  socket.on('error', (error: NodeJS.ErrnoException) => {
    state.ended ||= `error ${error.code}`;
  });
  const connected = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return { socket, state, connected };
}

const responses = (text: string) => text.split(/(?=HTTP\/1\.1 \d{3})/).filter(Boolean);
const statusOf = (response: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(response)?.[1]);
const header = (response: string, name: string) =>
  new RegExp(`\\r\\n${name}: ([^\\r]*)\\r\\n`, 'i').exec(response)?.[1]?.toLowerCase();
const bodyOf = (response: string) => JSON.parse(response.slice(response.indexOf('\r\n\r\n') + 4));

describe('the documented start command stops cleanly on a signal', () => {
  let dataDir: string;
  let running: ServerProcess | undefined;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'jewel-stop-'));
    // The suite's migrated and seeded database, so that no start spends its time seeding the demo.
    const seeded = await PGlite.create(path.join(dataDir, 'pglite'), {
      loadDataDir: new Blob([await readFile(inject('pgliteDump'))]),
    });
    await seeded.close();
  });
  afterAll(async () => {
    running?.kill();
    await rm(dataDir, { recursive: true, force: true });
  });

  const cases = [
    { name: 'its top process', how: 'top' },
    { name: 'its whole process group', how: 'group' },
    { name: "a container's PID 1 (a PID namespace's first process)", how: 'pid1' },
  ] as const;

  for (const { name, how } of cases) {
    const skip = how === 'pid1' ? unshareMissing : null;
    it.skipIf(skip)(
      `SIGTERM to ${name}${skip ? ` (skipped: unshare cannot make a PID namespace: ${skip})` : ''}`,
      async () => {
        const server = await startServer(
          dataDir,
          { LOG_LEVEL: 'info' },
          how === 'pid1' ? 'documented-as-pid1' : 'documented',
        );
        running = server;
        await waitForReady(server, 90_000);
        const login = await fetch(`${server.base}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ mobile: DEMO.recorder, password: DEMO_PASSWORD }),
        });
        const { token } = ((await login.json()) as { data: { token: string } }).data;

        // A kept-alive connection: one answer, then the next request's first line only.
        const kept = connect(server.port);
        await kept.connected;
        kept.socket.write('GET /api/health HTTP/1.1\r\nHost: shop\r\n\r\n');
        await vi.waitFor(() => expect(kept.state.received).toMatch(/\r\n\r\n\{.*\}$/s));
        expect(header(kept.state.received, 'connection')).toBe('keep-alive');
        kept.socket.write('GET /api/user/info HTTP/1.1\r\nHost: shop\r\n');
        // An upload in flight: its headers and half its body.
        const { payload, contentType } = await photoUpload(60);
        const upload = connect(server.port);
        await upload.connected;
        upload.socket.write(
          `POST /api/upload/image HTTP/1.1\r\nHost: shop\r\nAuthorization: Bearer ${token}\r\n` +
            `Content-Type: ${contentType}\r\nContent-Length: ${payload.length}\r\n\r\n`,
        );
        const half = Math.floor(payload.length / 2);
        upload.socket.write(payload.subarray(0, half));

        const target = server.mainPid();
        expect(target).toBeGreaterThan(1);
        if (how === 'group') process.kill(-(server.child.pid as number), 'SIGTERM');
        else process.kill(target, 'SIGTERM');
        await vi.waitFor(() => expect(server.output()).toContain('shutting down: finishing requests in flight'), {
          timeout: 5000,
        });

        upload.socket.write(payload.subarray(half));
        await vi.waitFor(() => expect(upload.state.ended).not.toBe(''), { timeout: 5000 });
        const [uploaded] = responses(upload.state.received);
        expect(statusOf(uploaded ?? '')).toBe(200);
        expect(bodyOf(uploaded ?? '').code).toBe(0);
        expect(header(uploaded ?? '', 'connection')).toBe('close');
        expect(upload.state.ended).toBe('end');

        kept.socket.write(`Authorization: Bearer ${token}\r\nlang: en\r\n\r\n`);
        await vi.waitFor(() => expect(kept.state.ended).not.toBe(''), { timeout: 5000 });
        const [, refused] = responses(kept.state.received);
        expect(statusOf(refused ?? '')).toBe(503);
        expect(header(refused ?? '', 'connection')).toBe('close');
        expect(header(refused ?? '', 'retry-after')).toBe('5');
        expect(bodyOf(refused ?? '')).toEqual({
          code: 1009,
          msg: 'The service is not ready. Please try again shortly.',
          data: null,
        });
        expect(kept.state.ended).toBe('end');

        expect(await server.exited, server.output()).toBe(0);
        // Nothing of the command is left running.
        const left = () => spawnSync('pgrep', ['-a', '-g', String(server.child.pid)], { encoding: 'utf8' }).stdout;
        await vi.waitFor(() => expect(left()).toBe(''), { timeout: 5000 });
      },
      120_000,
    );
  }
});
