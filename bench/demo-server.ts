import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { SessionTokens } from '../apps/web/e2e/session.ts';

const rootDir = fileURLToPath(new URL('..', import.meta.url));

/** Waits until the demo server started by a browser benchmark answers `/api/ready` at `base`. */
export async function waitUntilUp(base: string, server: ChildProcess) {
  for (let i = 0; i < 240; i++) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${base}/api/ready`)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the server did not come up');
}

/** Signs a demo user in at `base`: the recorder unless told (apps/server/src/seed/users-data.ts). */
export async function signIn(base: string, mobile = '13800000001'): Promise<SessionTokens> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mobile, password: 'demo123456' }),
  });
  const body = (await response.json()) as { code: number; msg: string; data: SessionTokens };
  if (body.code !== 0) throw new Error(`sign-in failed: ${response.status} ${body.msg}`);
  return body.data;
}

/**
 * Builds the web app (unless BENCH_NO_BUILD is set: apps/web/dist as it is), then starts the real
 * server on a fresh embedded database at `port` and waits for it. Exits the process when the build fails.
 */
async function startDemoServer(bench: string, port: number) {
  if (process.env.BENCH_NO_BUILD) {
    console.log(`${bench}: measuring apps/web/dist as it is (BENCH_NO_BUILD)`);
  } else {
    console.log(`${bench}: building the web app`);
    const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: rootDir, stdio: 'inherit' });
    if (build.status !== 0) {
      console.error(`${bench}: the web build failed`);
      process.exit(1);
    }
  }
  // start-server.mjs skips its own build: dist is fresh.
  const server = spawn(process.execPath, ['apps/web/e2e/start-server.mjs', '--port', String(port), '--no-build'], {
    cwd: rootDir,
    stdio: 'inherit',
  });
  const stop = async () => {
    server.kill('SIGTERM');
    if (server.exitCode === null) await new Promise((resolve) => server.on('exit', resolve));
  };
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitUntilUp(base, server);
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, stop };
}

/**
 * Runs a browser benchmark against the demo server (`startDemoServer`) at its `base`, then stops
 * the server and ends the process: exit code 1 when the benchmark threw.
 */
export async function benchWithDemoServer(bench: string, port: number, run: (base: string) => Promise<void>) {
  const server = await startDemoServer(bench, port);
  let exitCode = 0;
  try {
    await run(server.base);
  } catch (error) {
    console.error(error);
    exitCode = 1;
  } finally {
    await server.stop();
  }
  process.exit(exitCode);
}
