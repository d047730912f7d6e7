/**
 * API throughput and latency against seeded PostgreSQL: autocannon from this process, the
 * server in its own process, 100,000 commodities seeded on top of the demo data. Usage:
 * `npm run bench:api` (BENCH_DATABASE_URL, BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_COMMODITIES
 * to change the defaults).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { commodityListQuerySchema } from '@jewel/contract/commodity';
import autocannon from 'autocannon';
import pg from 'pg';
import { type Db, openPostgres } from '../apps/server/src/db/client.ts';
import * as commodities from '../apps/server/src/features/commodity/commodity.service.ts';
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
  // A request that names the answer it holds expects 304 Not Modified; any other, a 2xx.
  const expected = headers['if-none-match'] ? '3xx' : '2xx';
  const other = result['1xx'] + result['2xx'] + result['3xx'] + result['4xx'] + result['5xx'] - result[expected];
  if (other > 0 || result.errors > 0)
    throw new Error(`${name}: ${other} answers not ${expected}, ${result.errors} errors`);
  return {
    name,
    path: shownPath,
    rps: Math.round(result.requests.average),
    p99: result.latency.p99,
    requests: result.requests.total,
  };
}

/** One query as the server hands it to pg: its prepared statement's name, text, values and row mode. */
type Statement = pg.QueryConfig;

/**
 * The queries a server call runs, captured where pg receives them (the server's own database code,
 * in this process, on one connection): the same text, parameters and statement names, not a copy.
 */
async function captureQueries(url: string, call: (db: Db) => Promise<unknown>): Promise<Statement[]> {
  const captured: Statement[] = [];
  const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  const record = function (this: pg.Client, config: unknown, values?: unknown, callback?: unknown) {
    if (typeof config === 'object' && config !== null && 'text' in config) {
      const statement = config as Statement;
      captured.push({ ...statement, values: (Array.isArray(values) ? values : statement.values) ?? [] });
    }
    return query.call(this, config, values, callback);
  };
  (pg.Client.prototype as { query: unknown }).query = record;
  const database = openPostgres(url, 1);
  try {
    await call(database.db);
  } finally {
    (pg.Client.prototype as { query: unknown }).query = query;
    await database.close();
  }
  return captured;
}

/**
 * PostgreSQL's own rate for a call's queries: `connections` clients, each running them one after
 * another in a loop for `seconds` (`next` gives each round's statements); a round counts as one call.
 */
async function databaseAlone(url: string, name: string, next: () => Statement[]) {
  const clients = await Promise.all(
    Array.from({ length: connections }, async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      return client;
    }),
  );
  const latencies: number[] = [];
  const started = performance.now();
  const until = started + seconds * 1000;
  try {
    await Promise.all(
      clients.map(async (client) => {
        while (performance.now() < until) {
          const roundStarted = performance.now();
          for (const statement of next()) await client.query(statement);
          latencies.push(performance.now() - roundStarted);
        }
      }),
    );
  } finally {
    await Promise.all(clients.map((client) => client.end()));
  }
  latencies.sort((a, b) => a - b);
  return {
    name,
    rps: Math.round(latencies.length / ((performance.now() - started) / 1000)),
    p99: Math.round(latencies[Math.floor(latencies.length * 0.99)] ?? 0),
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

  // What the uncached list and the detail ask PostgreSQL, captured from the server's own code
  // for the demo recorder: the list from a cursor (its value found by a mark, then drawn at random
  // as the API's requests do), the detail's three queries.
  const randomId = () => 1 + Math.floor(Math.random() * seeded.commodities);
  const cursorOf = (id: number) => Buffer.from(String(id)).toString('base64url');
  const recorder = await withClient(env.DATABASE_URL, async (client) => {
    const { rows } = await client.query<{ id: number }>(`select id from users where mobile = '13800000001'`);
    return { userId: rows[0]?.id ?? 0, roleCode: 'recorder' as const, isTmp: false };
  });
  const mark = 987_654_321;
  const [listStatement, ...extra] = await captureQueries(env.DATABASE_URL, (db) =>
    commodities.list(db, recorder, commodityListQuerySchema.parse({ cursor: cursorOf(mark) })),
  );
  const cursorAt = listStatement?.values?.indexOf(mark) ?? -1;
  if (!listStatement || extra.length > 0 || cursorAt < 0)
    throw new Error('the list did not run one query with its cursor among the values');
  const detailStatements = await captureQueries(env.DATABASE_URL, (db) =>
    commodities.detail(db, detailId, recorder, 'zh-Hans'),
  );

  // A short warm-up so that JIT and connection pools are ready before measuring.
  await autocannon({ url: `${base}/api/commodities`, connections: 10, duration: 2, headers: auth });
  const health = await measure('health', '/api/health');
  const products = await measure('products', '/api/products', auth);
  const productsEtag = (await fetch(`${base}/api/products`, { headers: auth })).headers.get('etag') ?? '';
  const results = [
    health,
    products,
    // A device that has the catalog asks whether it changed.
    await measure(
      'products (revalidated, 304)',
      '/api/products',
      { ...auth, 'if-none-match': productsEtag },
      undefined,
      '/api/products + If-None-Match',
    ),
    await measure('list', '/api/commodities', auth),
    // Pages no one asked for yet: each request starts at a random place in the history.
    await measure(
      'list (uncached pages)',
      '/api/commodities',
      auth,
      () => `/api/commodities?cursor=${cursorOf(randomId())}`,
      '/api/commodities?cursor=(random)',
    ),
    await databaseAlone(env.DATABASE_URL, 'list (uncached pages)', () => [
      { ...listStatement, values: listStatement.values?.map((value, i) => (i === cursorAt ? randomId() : value)) },
    ]),
    await measure('detail', `/api/commodities/${detailId}`, auth),
    await databaseAlone(env.DATABASE_URL, 'detail', () => detailStatements),
    await measure('statistics', '/api/user/statistics', auth),
    await measure('statistics (valuer)', '/api/user/statistics', valuerAuth),
  ];
  const alone = new Map(results.flatMap((r) => ('path' in r ? [] : [[r.name, r.rps] as const])));
  /**
   * The budgets: p99 in ms, the least share of /api/health's throughput, and the least
   * share of the rate PostgreSQL reaches alone with the call's queries.
   */
  const budgets: Record<string, { p99?: number; share?: number; ofDatabase?: number }> = {
    products: { share: 40 },
    list: { p99: 50, share: 15 },
    'list (uncached pages)': { share: 25, ofDatabase: 50 },
    detail: { share: 25, ofDatabase: 50 },
    statistics: { p99: 50 },
    'statistics (valuer)': { p99: 50 },
  };
  console.log(
    `\nAPI on PostgreSQL with ${seeded.commodities} commodities, ${connections} connections, ${seconds} s each` +
      ` (the server's pool: 10 connections; "database alone": ${connections} pg clients, each running the call's captured queries in a loop)`,
  );
  console.table(
    results.map((r) => {
      if (!('path' in r))
        return { call: `database alone: ${r.name}`, 'req/s': r.rps, 'p99 ms': r.p99, budget: '-', verdict: '-' };
      const share = (100 * r.rps) / health.rps;
      const aloneRps = alone.get(r.name);
      const ofDatabase = aloneRps ? (100 * r.rps) / aloneRps : undefined;
      const budget = budgets[r.name] ?? {};
      const checks = [
        ...(budget.p99 === undefined ? [] : [r.p99 <= budget.p99]),
        ...(budget.share === undefined ? [] : [share >= budget.share]),
        ...(budget.ofDatabase === undefined || ofDatabase === undefined ? [] : [ofDatabase >= budget.ofDatabase]),
      ];
      const wanted = [
        ...(budget.p99 === undefined ? [] : [`p99 ≤ ${budget.p99} ms`]),
        ...(budget.share === undefined ? [] : [`≥ ${budget.share} % of health`]),
        ...(budget.ofDatabase === undefined ? [] : [`≥ ${budget.ofDatabase} % of database alone`]),
      ];
      return {
        call: `GET ${r.path}`,
        'req/s': r.rps,
        'p99 ms': r.p99,
        'share of /api/health': `${share.toFixed(1)} %`,
        'share of database alone': ofDatabase === undefined ? '-' : `${ofDatabase.toFixed(1)} %`,
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
