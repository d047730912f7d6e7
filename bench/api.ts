/**
 * API throughput and latency against seeded PostgreSQL: autocannon from this process, the
 * server in its own process, 100,000 commodities seeded on top of the demo data. Usage:
 * `npm run bench:api` (BENCH_DATABASE_URL, BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_COMMODITIES
 * to change the defaults).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { seedCommodities } from './seed-commodities.ts';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const commodityCount = Number(process.env.BENCH_COMMODITIES ?? 100_000);
const port = 3999;
const base = `http://127.0.0.1:${port}`;
const serverDir = fileURLToPath(new URL('../apps/server', import.meta.url));

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

async function admin(sql: string) {
  await withClient(adminUrl, (client) => client.query(sql));
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

async function measure(
  name: string,
  path: string,
  headers: Record<string, string> = {},
  /** A path for each request instead of `path` (to defeat a cache). */
  nextPath?: () => string,
  shownPath = path,
) {
  const result = await autocannon({
    url: `${base}${path}`,
    connections,
    duration: seconds,
    headers,
    ...(nextPath ? { requests: [{ setupRequest: (request) => ({ ...request, path: nextPath() }) }] } : {}),
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return {
    name,
    path: shownPath,
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
  const seeded = await withClient(env.DATABASE_URL, (client) => seedCommodities(client, commodityCount));
  console.log(
    `seeded ${seeded.commodities} commodities, ${seeded.flows} flows, ${seeded.events} audit rows in ${seeded.seconds} s`,
  );
  // A detail worth showing: the demo recorder's newest identified commodity, with both flows.
  const detailId = await withClient(env.DATABASE_URL, async (client) => {
    const { rows } = await client.query<{ id: number }>(
      `select c.id from commodities c join users u on u.id = c.recorder_id
       where u.mobile = '13800000001' and c.status = 70 order by c.id desc limit 1`,
    );
    return rows[0]?.id ?? 1;
  });
  server = run(['src/server.ts'], env);
  await waitUntilUp();
  const signIn = async (mobile: string) => {
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mobile, password: 'demo123456' }),
    });
    const { data } = (await login.json()) as { data: { token: string } };
    return { authorization: `Bearer ${data.token}`, lang: 'zh_CN' };
  };
  const auth = await signIn('13800000001');
  const valuerAuth = await signIn('13800000002');

  // The first answers are computed, the next ones come from the instance's caches until a
  // commodity changes: the uncached figure is the first call's time.
  const firstCall = async (path: string, headers: Record<string, string>) => {
    const started = performance.now();
    const response = await fetch(`${base}${path}`, { headers });
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    await response.json();
    return Math.round(performance.now() - started);
  };
  const uncached = {
    recorder: await firstCall('/api/user/statistics', auth),
    valuer: await firstCall('/api/user/statistics', valuerAuth),
  };

  // A short warm-up so that JIT and connection pools are ready before measuring.
  await autocannon({ url: `${base}/api/commodities`, connections: 10, duration: 2, headers: auth });
  const health = await measure('health', '/api/health');
  const results = [
    health,
    await measure('products', '/api/products', auth),
    await measure('list', '/api/commodities', auth),
    // Pages no one asked for yet: each request starts at a random place in the history.
    await measure(
      'list (uncached pages)',
      '/api/commodities',
      auth,
      () => {
        const cursor = Buffer.from(String(1 + Math.floor(Math.random() * seeded.commodities))).toString('base64url');
        return `/api/commodities?cursor=${cursor}`;
      },
      '/api/commodities?cursor=(random)',
    ),
    await measure('detail', `/api/commodities/${detailId}`, auth),
    await measure('statistics', '/api/user/statistics', auth),
    await measure('statistics (valuer)', '/api/user/statistics', valuerAuth),
  ];
  /** The budgets: p99 in ms, and the least share of /api/health's throughput. */
  const budgets: Record<string, { p99?: number; share?: number }> = {
    list: { p99: 50, share: 15 },
    statistics: { p99: 50 },
    'statistics (valuer)': { p99: 50 },
  };
  console.log(
    `\nAPI on PostgreSQL with ${seeded.commodities} commodities, ${connections} connections, ${seconds} s each`,
  );
  console.table(
    results.map((r) => {
      const share = (100 * r.rps) / health.rps;
      const budget = budgets[r.name];
      const checks = [
        ...(budget?.p99 === undefined ? [] : [r.p99 <= budget.p99]),
        ...(budget?.share === undefined ? [] : [share >= budget.share]),
      ];
      const wanted = [
        ...(budget?.p99 === undefined ? [] : [`p99 ≤ ${budget.p99} ms`]),
        ...(budget?.share === undefined ? [] : [`≥ ${budget.share} % of health`]),
      ];
      return {
        call: `GET ${r.path}`,
        'req/s': r.rps,
        'p99 ms': r.p99,
        'share of /api/health': `${share.toFixed(1)} %`,
        budget: wanted.join(', ') || '-',
        verdict: checks.length === 0 ? '-' : checks.every(Boolean) ? 'PASS' : 'FAIL',
      };
    }),
  );
  console.log(
    `statistics computed without the cache (first call): recorder ${uncached.recorder} ms, valuer ${uncached.valuer} ms`,
  );
} finally {
  server?.kill('SIGTERM');
  if (server) await new Promise((resolve) => server?.on('exit', resolve));
  await admin(`drop database if exists ${database} with (force)`);
}
