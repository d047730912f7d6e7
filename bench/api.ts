/**
 * API throughput and latency against seeded PostgreSQL: autocannon from this process, the
 * server in its own process. Usage: `npm run bench:api` (BENCH_DATABASE_URL, BENCH_SECONDS,
 * BENCH_CONNECTIONS to change the defaults).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const port = 3999;
const base = `http://127.0.0.1:${port}`;
const serverDir = fileURLToPath(new URL('../apps/server', import.meta.url));

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function databaseUrl(name: string) {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

function run(args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  // Node itself with tsx's loader, so that SIGTERM reaches the server and not a wrapper.
  return spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: serverDir,
    env: { ...process.env, ...env },
    stdio: 'inherit',
  });
}

async function exited(child: ChildProcess) {
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`${child.spawnargs.join(' ')} exited with ${code}`);
}

async function waitUntilUp() {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${base}/api/ready`)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the server did not come up');
}

async function measure(name: string, path: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url: `${base}${path}`, connections, duration: seconds, headers });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return {
    name,
    path,
    rps: Math.round(result.requests.average),
    p99: result.latency.p99,
    requests: result.requests.total,
  };
}

const database = `jewel_bench_${Date.now().toString(36)}`;
await admin(`create database ${database}`);
const env = {
  DATABASE_URL: databaseUrl(database),
  PORT: String(port),
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  JWT_SECRET: 'bench',
};
let server: ChildProcess | undefined;
try {
  await exited(run(['src/cli.ts', 'seed'], env));
  server = run(['src/server.ts'], env);
  await waitUntilUp();
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mobile: '13800000001', password: 'demo123456' }),
  });
  const { data } = (await login.json()) as { data: { token: string } };
  const auth = { authorization: `Bearer ${data.token}`, lang: 'zh_CN' };

  // A short warm-up so that JIT and connection pools are ready before measuring.
  await autocannon({ url: `${base}/api/products`, connections: 10, duration: 2, headers: auth });
  const health = await measure('health', '/api/health');
  const results = [health, await measure('products', '/api/products', auth)];
  console.log(`\nAPI on PostgreSQL, ${connections} connections, ${seconds} s each`);
  console.table(
    results.map((r) => ({
      call: `GET ${r.path}`,
      'req/s': r.rps,
      'p99 ms': r.p99,
      'share of /api/health': `${((100 * r.rps) / health.rps).toFixed(1)} %`,
    })),
  );
} finally {
  server?.kill('SIGTERM');
  if (server) await new Promise((resolve) => server?.on('exit', resolve));
  await admin(`drop database if exists ${database} with (force)`);
}
