/**
 * The documented start command (`npm run start -w apps/server`, README and docs/deploy.md) stops
 * cleanly whatever a process manager signals (issue 33): its top process (what a shell, systemd's
 * `KillMode=mixed` or an init such as tini signals), its whole process group (systemd's default
 * `KillMode=control-group`, Ctrl-C in a terminal), and the command as a PID namespace's first
 * process (a container without an init). Each time: while the server drains, a new connection is
 * refused and a request on a kept-alive connection is answered with `Connection: close`; once it
 * closes, such a request gets 503 with `Connection: close` (never a reset); the upload in flight
 * at the signal finishes; the command exits 0.
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

/** Long enough for the test to act while the server drains, on a busy machine too. */
const DRAIN_SECONDS = 3;

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
          { LOG_LEVEL: 'info', SHUTDOWN_DRAIN_SECONDS: String(DRAIN_SECONDS) },
          how === 'pid1' ? 'documented-as-pid1' : 'documented',
        );
        running = server;
        await waitForReady(server, 90_000);
        // The machine's own Node.js may be older: the command runs on the one the project brings (issue 30).
        await vi.waitFor(() => expect(server.output()).toMatch(/"node":"v24\.\d+\.\d+"/));
        const login = await fetch(`${server.base}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ mobile: DEMO.recorder, password: DEMO_PASSWORD }),
        });
        const { token } = ((await login.json()) as { data: { token: string } }).data;

        // Two kept-alive connections: one answer each, then the next request's first lines only.
        const keptAlive = async () => {
          const kept = connect(server.port);
          await kept.connected;
          kept.socket.write('GET /api/health HTTP/1.1\r\nHost: shop\r\n\r\n');
          await vi.waitFor(() => expect(kept.state.received).toMatch(/\r\n\r\n\{.*\}$/s));
          expect(header(kept.state.received, 'connection')).toBe('keep-alive');
          kept.socket.write('GET /api/user/info HTTP/1.1\r\nHost: shop\r\n');
          return kept;
        };
        const early = await keptAlive();
        const late = await keptAlive();
        const finish = (kept: typeof early) => kept.socket.write(`Authorization: Bearer ${token}\r\nlang: en\r\n\r\n`);
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
        const logged = (line: string) =>
          vi.waitFor(() => expect(server.output()).toContain(line), { timeout: DRAIN_SECONDS * 1000 + 5000 });

        // Draining: a new connection is refused; a request on an open one is answered as usual,
        // and its connection closed after the answer.
        await logged('shutting down: no new connections, answering the open ones');
        const fresh = connect(server.port);
        await vi.waitFor(() => expect(fresh.state.ended).toBe('error ECONNREFUSED'));
        finish(early);
        await vi.waitFor(() => expect(early.state.ended).not.toBe(''));
        const [, answered] = responses(early.state.received);
        expect(statusOf(answered ?? '')).toBe(200);
        expect(bodyOf(answered ?? '').data.mobile).toBe(DEMO.recorder);
        expect(header(answered ?? '', 'connection')).toBe('close');
        expect(early.state.ended).toBe('end');

        // Closing: a request arriving now gets 503, and its connection is closed, never reset.
        await logged('shutting down: closing the connections left');
        finish(late);
        await vi.waitFor(() => expect(late.state.ended).not.toBe(''));
        const [, refused] = responses(late.state.received);
        expect(statusOf(refused ?? '')).toBe(503);
        expect(header(refused ?? '', 'connection')).toBe('close');
        expect(header(refused ?? '', 'retry-after')).toBe('5');
        expect(bodyOf(refused ?? '')).toEqual({
          code: 1009,
          msg: 'The service is not ready. Please try again shortly.',
          data: null,
        });
        expect(late.state.ended).toBe('end');

        // The upload in flight all along is stored and answered.
        upload.socket.write(payload.subarray(half));
        await vi.waitFor(() => expect(upload.state.ended).not.toBe(''));
        const [uploaded] = responses(upload.state.received);
        expect(statusOf(uploaded ?? '')).toBe(200);
        expect(bodyOf(uploaded ?? '').code).toBe(0);
        expect(header(uploaded ?? '', 'connection')).toBe('close');
        expect(upload.state.ended).toBe('end');

        expect(await server.exited, server.output()).toBe(0);
        // Nothing of the command is left running.
        const left = () => spawnSync('pgrep', ['-a', '-g', String(server.child.pid)], { encoding: 'utf8' }).stdout;
        await vi.waitFor(() => expect(left()).toBe(''), { timeout: 5000 });
      },
      120_000,
    );
  }
});
