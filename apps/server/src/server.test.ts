import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { type ServerProcess, startServer, waitFor, waitForReady } from './test/server-process.ts';
import { DEMO, DEMO_PASSWORD } from './test/test-app.ts';

const running: { server: ServerProcess; dataDir: string }[] = [];

async function serve(env: Record<string, string> = {}) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'jewel-server-'));
  const server = await startServer(dataDir, env);
  running.push({ server, dataDir });
  await waitForReady(server);
  return server;
}

afterEach(async () => {
  for (const { server, dataDir } of running.splice(0)) {
    server.child.kill('SIGKILL');
    await server.exited;
    await rm(dataDir, { recursive: true, force: true });
  }
});

/** A raw HTTP/1.1 connection: what a phone's browser or a hostile client sends, byte by byte. */
async function connect(server: ServerProcess) {
  const socket = net.connect(server.port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  const state = { answer: '', openedAt: Date.now(), closedAt: 0 };
  socket.on('data', (chunk) => {
    state.answer += chunk.toString();
  });
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) =>
    socket.once('close', () => {
      state.closedAt = Date.now();
      resolve();
    }),
  );
  return { socket, state, closed };
}

function loginHead(body: string, extra = '') {
  return `POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n${extra}\r\n`;
}

async function signIn(server: ServerProcess, mobile: string) {
  const response = await fetch(`${server.base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mobile, password: DEMO_PASSWORD }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { token: string } }).data.token;
}

/** The caller's live-events stream, read as the web app reads it; `ended` once the server ends it. */
async function openEvents(server: ServerProcess, token: string) {
  const response = await fetch(`${server.base}/api/user/events`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status).toBe(200);
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const state = { text: '', ended: false };
  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        state.text += new TextDecoder().decode(value);
      }
    } catch {}
    state.ended = true;
  })();
  await waitFor('the first event', () => state.text.includes('data:'));
  return state;
}

/** Shutdown has begun once the server stops taking new work. */
async function waitForShutdownToBegin(server: ServerProcess) {
  await waitFor('the server to stop taking requests', async () => {
    try {
      return (await fetch(`${server.base}/api/ready`, { headers: { connection: 'close' } })).status === 503;
    } catch {
      return true;
    }
  });
}

it('starts on an empty embedded database with demo data; on SIGTERM answers requests in flight, closes their keep-alive connections, ends live-event streams and exits', async () => {
  const server = await serve();
  const events = await openEvents(server, await signIn(server, DEMO.valuer2));

  // Half a sign-in's body on a keep-alive connection: the request is surely in flight when SIGTERM comes.
  const body = JSON.stringify({ mobile: DEMO.valuer1, password: DEMO_PASSWORD });
  const { socket, state, closed } = await connect(server);
  socket.write(`${loginHead(body)}${body.slice(0, 10)}`);
  // Another connection's answer means the server has read the first one's headers.
  expect((await fetch(`${server.base}/api/ready`)).ok).toBe(true);
  server.child.kill('SIGTERM');
  await waitForShutdownToBegin(server);
  await waitFor('the live-events stream to end', () => events.ended);

  socket.write(body.slice(10));
  const answered = await waitFor('the answer', () => state.answer.includes('"token"') && Date.now());
  expect(state.answer).toMatch(/^HTTP\/1\.1 200/);
  await closed;
  const code = await server.exited;
  const exitedAt = Date.now();
  expect(code, server.output()).toBe(0);
  expect(state.closedAt - answered).toBeLessThan(1000);
  expect(exitedAt - answered).toBeLessThan(1000);
}, 120_000);

it('cuts off clients that send headers or a body too slowly, but not a live-events stream', async () => {
  // Node looks for requests past their time once a second, so a headers timeout is seen up to a
  // second late: the idle timeout is set well beyond that, or it would close the socket first, silently.
  const server = await serve({ HEADERS_TIMEOUT: '1', IDLE_TIMEOUT: '3', REQUEST_TIMEOUT: '5' });
  const events = await openEvents(server, await signIn(server, DEMO.valuer2));
  const body = JSON.stringify({ mobile: DEMO.valuer1, password: DEMO_PASSWORD });

  // Headers never finished: cut after the headers timeout.
  const headers = await connect(server);
  headers.socket.write('POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n');
  // A body trickling in, a byte at a time, never idle for long: cut after the request timeout, answered in our envelope and the caller's language.
  const trickle = await connect(server);
  trickle.socket.write(`${loginHead(body, 'lang: ja\r\n')}${body.slice(0, 5)}`);
  let sent = 5;
  const dripping = setInterval(() => {
    if (sent < body.length - 1 && !trickle.socket.destroyed) trickle.socket.write(body.slice(sent, ++sent));
  }, 200);
  // A body that stops: cut after the idle timeout.
  const stalled = await connect(server);
  stalled.socket.write(`${loginHead(body)}${body.slice(0, 5)}`);

  try {
    await Promise.all([headers.closed, trickle.closed, stalled.closed]);
  } finally {
    clearInterval(dripping);
  }
  const open = ({ state }: { state: { openedAt: number; closedAt: number } }) => state.closedAt - state.openedAt;
  expect(headers.state.answer).toMatch(/^HTTP\/1\.1 408/);
  expect(open(headers)).toBeGreaterThanOrEqual(1000);
  expect(open(headers)).toBeLessThan(3000);
  expect(open(stalled)).toBeGreaterThanOrEqual(3000);
  expect(open(stalled)).toBeLessThan(5000);
  expect(open(trickle)).toBeGreaterThanOrEqual(5000);
  expect(trickle.state.answer).toMatch(/^HTTP\/1\.1 408/);
  const envelope = JSON.parse(trickle.state.answer.slice(trickle.state.answer.indexOf('\r\n\r\n') + 4));
  expect(envelope).toMatchObject({ code: 1012, data: null });
  expect(envelope.msg).toMatch(/[\u3040-\u30ff]/);

  // The stream, open all along and silent for longer than the idle timeout, is still open.
  expect(events.ended).toBe(false);
  expect((await fetch(`${server.base}/api/ready`)).ok).toBe(true);
}, 120_000);
