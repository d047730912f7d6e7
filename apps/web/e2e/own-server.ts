import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { serverPort } from './servers.ts';

const webDir = fileURLToPath(new URL('..', import.meta.url));

interface OwnServer {
  url: string;
  /** SIGTERM, and its end (start-server.mjs removes its database then). */
  stop(): Promise<void>;
}

/**
 * A server of a journey's own, for a shop set up otherwise than the workers' (another currency,
 * another identity rule, not set up at all): the same start as theirs (e2e/start-server.mjs, a
 * fresh embedded database, the demo's data unless `env` says `DEMO: '0'`), on the first worker's
 * port plus `offset` (under 100: between the workers' ports, never one of them, nor another
 * checkout's when E2E_PORT moves them). Answers once it is ready.
 */
async function startOwnServer(offset: number, env: Record<string, string> = {}): Promise<OwnServer> {
  const port = serverPort(0) + offset;
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['e2e/start-server.mjs', '--port', String(port), '--no-build'], {
    cwd: webDir,
    stdio: 'ignore',
    env: { ...process.env, ...env },
  });
  await expect
    .poll(async () => (await fetch(`${url}/api/ready`).catch(() => null))?.status, { timeout: 110_000 })
    .toBe(200);
  return {
    url,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * The hooks of a describe block (or a file) whose journeys run on a server of their own: started
 * before the first, stopped after the last. Answers its address, once started.
 */
export function ownServerFor(offset: number, env: Record<string, string> = {}): () => string {
  let server: OwnServer | undefined;
  test.beforeAll(async () => {
    test.setTimeout(120_000);
    server = await startOwnServer(offset, env);
  });
  test.afterAll(async () => {
    await server?.stop();
  });
  return () => server?.url ?? '';
}
