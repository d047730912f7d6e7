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
 * Sets up the empty shop at `base` (`startServer` with `demo: false`) as its owner does on the
 * setup page, and adds a recorder as the staff page does: the recorder's session, signed in with
 * the first password the shop answered.
 */
export async function setUpShop(base: string): Promise<SessionTokens> {
  const owner = { name: '王店长', mobile: '13900000009', password: 'bench-owner-2026' };
  const json = { 'content-type': 'application/json' };
  const answer = async (response: Response, what: string) => {
    const body = (await response.json()) as { code: number; msg: string; data: unknown };
    if (body.code !== 0) throw new Error(`${what} failed: ${response.status} ${body.msg}`);
    return body.data;
  };
  await answer(
    await fetch(`${base}/api/setup`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        owner,
        shop: {
          name: '金鉴回收 静安店',
          address: '上海市静安区南京西路 1 号',
          phone: '021-5555 0100',
          licence_no: '91310106MA1FL0000X',
          currency: 'CNY',
          time_zone: 'Asia/Shanghai',
          languages: ['zh-Hans', 'en'],
        },
      }),
    }),
    'setup',
  );
  const ownerSession = (await answer(
    await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ mobile: owner.mobile, password: owner.password }),
    }),
    'the owner’s sign-in',
  )) as SessionTokens;
  const recorder = { name: '陈晓', mobile: '13900000001' };
  const invited = (await answer(
    await fetch(`${base}/api/staff`, {
      method: 'POST',
      headers: { ...json, authorization: `Bearer ${ownerSession.token}` },
      body: JSON.stringify({ ...recorder, roles: ['recorder'], manager: false }),
    }),
    'the recorder’s invitation',
  )) as { password: string };
  return (await answer(
    await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ mobile: recorder.mobile, password: invited.password }),
    }),
    'the recorder’s sign-in',
  )) as SessionTokens;
}

/**
 * Builds the web app (unless BENCH_NO_BUILD is set or `build` is false: apps/web/dist as it is),
 * then starts the real server on a fresh embedded database at `port` and waits for it: with the
 * demo data, or (`demo: false`) an empty shop that `setUpShop` sets up as a shop's owner would.
 * Exits the process when the build fails.
 */
export async function startServer(bench: string, port: number, { demo = true, build = true } = {}) {
  if (!build) {
    // dist was built by the server started first.
  } else if (process.env.BENCH_NO_BUILD) {
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
    env: { ...process.env, DEMO: demo ? '1' : '' },
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
 * Runs a browser benchmark against the demo server (`startServer`) at its `base`, then stops
 * the server and ends the process: exit code 1 when the benchmark threw.
 */
export async function benchWithDemoServer(bench: string, port: number, run: (base: string) => Promise<void>) {
  const server = await startServer(bench, port);
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
