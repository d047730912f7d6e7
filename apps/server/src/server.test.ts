import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const serverDir = fileURLToPath(new URL('..', import.meta.url));

async function waitForReady(base: string) {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${base}/api/ready`)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('server did not become ready');
}

it('starts on an empty embedded database with demo data, and finishes in-flight requests on SIGTERM', async () => {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'jewel-server-'));
  const port = 20000 + Math.floor(Math.random() * 20000);
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) => server.on('exit', resolve));
  try {
    await waitForReady(base);
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mobile: '13800000001', password: 'demo123456' }),
    });
    expect(login.status).toBe(200);

    // A sign-in still being handled (hashing takes tens of milliseconds) when SIGTERM comes is answered.
    const body = JSON.stringify({ mobile: '13800000002', password: 'demo123456' });
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString();
    });
    const closed = new Promise((resolve) => socket.once('close', resolve));
    socket.write(
      `POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`,
    );
    // Long enough for the request to reach its handler on a busy machine, shorter than the hashing.
    await new Promise((resolve) => setTimeout(resolve, 25));
    server.kill('SIGTERM');
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(answer).toContain('"token"');
    expect(await exited).toBe(0);
  } finally {
    server.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  }
}, 90_000);
