/**
 * API throughput and latency: autocannon from this process, the server in its own process, commodities
 * seeded on top of the demo data. Usage: `npm run bench:api` on PostgreSQL (100,000 commodities, 50
 * connections), `npm run bench:api -- --embedded` on the embedded default, PGlite in a temporary
 * DATA_DIR (10,000 commodities, 10 connections); BENCH_DATABASE_URL, BENCH_SECONDS,
 * BENCH_CONNECTIONS, BENCH_COMMODITIES and BENCH_PORT (default 3999) change the defaults.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { Category } from '@jewel/contract/catalog';
import { commodityListQuerySchema } from '@jewel/contract/commodity';
import autocannon from 'autocannon';
import pg from 'pg';
import { usePglite } from '../apps/server/src/db/client.ts';
import * as commodities from '../apps/server/src/features/commodity/commodity.service.ts';
import { acquireDataDirLock } from '../apps/server/src/lib/data-dir-lock.ts';
import { seedDemo } from '../apps/server/src/seed/seed.ts';
import { photoUpload } from '../apps/server/src/test/photo-upload.ts';
import { withClient, withDatabase } from '../apps/server/src/test/postgres-admin.ts';
import { emptyCommodity, enrollBody } from '../apps/web/src/features/enroll/enroll-model.ts';
import { captureQueries, type Statement } from './capture-queries.ts';
import { type Queryable, seedCommodities } from './seed-commodities.ts';

const embedded = process.argv.includes('--embedded');
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? (embedded ? 10 : 50));
const commodityCount = Number(process.env.BENCH_COMMODITIES ?? (embedded ? 10_000 : 100_000));
const port = Number(process.env.BENCH_PORT ?? 3999);
const base = `http://127.0.0.1:${port}`;
const serverDir = fileURLToPath(new URL('../apps/server', import.meta.url));

async function admin(sql: string) {
  await withClient(adminUrl, (client) => client.query(sql));
}

function run(args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  // Node itself (it strips the types), so that SIGTERM reaches the server and not a wrapper.
  return spawn(process.execPath, args, {
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

/** What one autocannon run sends besides its URL: a path (to defeat a cache) or a body per request. */
interface Load {
  headers?: Record<string, string>;
  method?: 'GET' | 'POST';
  /** The path of each request instead of the URL's. */
  nextPath?: () => string;
  /** The body of each request. */
  nextBody?: () => string;
  /** What the table shows for the path. */
  shown?: string;
}

async function measure(
  name: string,
  path: string,
  { headers = {}, method = 'GET', nextPath, nextBody, shown }: Load = {},
) {
  const result = await autocannon({
    url: `${base}${path}`,
    connections,
    duration: seconds,
    method,
    headers,
    ...(nextPath || nextBody
      ? {
          requests: [
            {
              method,
              setupRequest: (request) => ({
                ...request,
                ...(nextPath ? { path: nextPath() } : {}),
                ...(nextBody ? { body: nextBody() } : {}),
              }),
            },
          ],
        }
      : {}),
  });
  // A request that names the answer it holds expects 304 Not Modified; any other, a 2xx.
  const expected = headers['if-none-match'] ? '3xx' : '2xx';
  const other = result['1xx'] + result['2xx'] + result['3xx'] + result['4xx'] + result['5xx'] - result[expected];
  if (other > 0 || result.errors > 0)
    throw new Error(`${name}: ${other} answers not ${expected}, ${result.errors} errors`);
  return {
    name,
    path: `${method} ${shown ?? path}`,
    rps: Math.round(result.requests.average),
    p99: result.latency.p99,
    requests: result.requests.total,
  };
}

type Measured = Awaited<ReturnType<typeof measure>>;
/** A call measured through the server, as opposed to its queries run on the database alone. */
const throughServer = (r: object): r is Measured => 'path' in r;

async function signIn(mobile: string) {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mobile, password: 'demo123456' }),
  });
  const { data } = (await login.json()) as { data: { token: string } };
  return { authorization: `Bearer ${data.token}`, lang: 'zh_CN' };
}

/** A call the caches have not seen yet (the instance keeps answers until a commodity changes): its time in ms. */
async function firstCall(path: string, headers: Record<string, string>) {
  const started = performance.now();
  const response = await fetch(`${base}${path}`, { headers });
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  await response.json();
  return Math.round(performance.now() - started);
}

/** The list's cursor for a commodity id (the API's own: base64url of the id). */
const cursorOf = (id: number) => Buffer.from(String(id)).toString('base64url');

/** A detail worth showing: the demo recorder's newest identified commodity, with both flows. */
async function detailId(client: Queryable) {
  const { rows } = await client.query<{ id: number }>(
    `select c.id from commodities c join users u on u.id = c.recorder_id
     where u.mobile = '13800000001' and c.status = 70 order by c.id desc limit 1`,
  );
  return rows[0]?.id ?? 1;
}

/** p99 in ms, the least share of /api/health's throughput, the least share of the database's own rate. */
interface Budget {
  p99?: number;
  share?: number;
  ofDatabase?: number;
}

/** Each budget of `budget` that `r` meets or not, and the budget in words. */
function judge(r: Measured, budget: Budget, share: number, ofDatabase: number | undefined) {
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
    budget: wanted.join(', ') || '-',
    verdict: checks.length === 0 ? '-' : checks.every(Boolean) ? 'PASS' : 'FAIL',
  };
}

const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' / ');

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

/**
 * The most an answer from the database can reach on this machine, from the same run: a call costs
 * the server at least its answer (the cached page: the same answer, no query) plus, per query, what
 * `/api/ready`'s `select 1` adds to `/api/health`, even if PostgreSQL found and sent its rows for free.
 * Since issue 33 `/api/ready` also checks the storage (a `mkdir` and an `access` of the local
 * uploads directory, side by side with the query): the round trip read here is an upper bound.
 */
function printCeilings(health: Measured, ready: Measured, cachedList: Measured) {
  const seconds = (r: Measured) => 1 / r.rps;
  const perQuery = seconds(ready) - seconds(health);
  const ceiling = (name: string, answer: number, queries: number) => {
    const rps = Math.round(1 / (answer + queries * perQuery));
    return `${name} at most ${rps} req/s (${((100 * rps) / health.rps).toFixed(1)} % of /api/health)`;
  };
  console.log(
    `one round trip to the database costs the server ${(perQuery * 1e6).toFixed(1)} µs (/api/ready against /api/health);` +
      ` with their rows free, ${ceiling('the uncached list', seconds(cachedList), 1)},` +
      ` ${ceiling('the detail', seconds(health), 3)} (its answer counted as small as /api/health's)`,
  );
}

async function onPostgres() {
  const database = `jewel_bench_${Date.now().toString(36)}`;
  await admin(`create database ${database}`);
  const env = {
    DATABASE_URL: withDatabase(adminUrl, database),
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
    const detail = await withClient(env.DATABASE_URL, detailId);
    server = run(['src/server.ts'], env);
    await waitUntilUp();
    const auth = await signIn('13800000001');
    const valuerAuth = await signIn('13800000002');

    // The first answers are computed, the next ones come from the instance's caches until a
    // commodity changes: the uncached figure is the first call's time.
    const uncached = {
      recorder: await firstCall('/api/user/statistics', auth),
      valuer: await firstCall('/api/user/statistics', valuerAuth),
    };

    // What the uncached list and the detail ask PostgreSQL, captured from the server's own code
    // for the demo recorder: the list from a cursor (its value found by a mark, then drawn at random
    // as the API's requests do), the detail's three queries.
    const randomId = () => 1 + Math.floor(Math.random() * seeded.commodities);
    const recorder = await withClient(env.DATABASE_URL, async (client) => {
      const { rows } = await client.query<{ id: number }>(`select id from users where mobile = '13800000001'`);
      return { userId: rows[0]?.id ?? 0, roleCode: 'recorder' as const, isTmp: false, branchId: 1, branchIds: null };
    });
    const mark = 987_654_321;
    const [listStatement, ...extra] = await captureQueries(env.DATABASE_URL, (db) =>
      commodities.list(db, recorder, commodityListQuerySchema.parse({ cursor: cursorOf(mark) })),
    );
    const cursorAt = listStatement?.values?.indexOf(mark) ?? -1;
    if (!listStatement || extra.length > 0 || cursorAt < 0)
      throw new Error('the list did not run one query with its cursor among the values');
    const detailStatements = await captureQueries(env.DATABASE_URL, (db) =>
      commodities.detail(db, detail, recorder, 'zh-Hans'),
    );

    // A short warm-up so that JIT and connection pools are ready before measuring.
    await autocannon({ url: `${base}/api/commodities`, connections: 10, duration: 2, headers: auth });
    const health = await measure('health', '/api/health');
    // One `select 1` (and the storage's check beside it) and a small answer: at most what a single round trip costs.
    const ready = await measure('ready', '/api/ready');
    const products = await measure('products', '/api/products', { headers: auth });
    const productsEtag = (await fetch(`${base}/api/products`, { headers: auth })).headers.get('etag') ?? '';
    const cachedList = await measure('list', '/api/commodities', { headers: auth });
    const results = [
      health,
      ready,
      products,
      // A device that has the catalog asks whether it changed.
      await measure('products (revalidated, 304)', '/api/products', {
        headers: { ...auth, 'if-none-match': productsEtag },
        shown: '/api/products + If-None-Match',
      }),
      cachedList,
      // Pages no one asked for yet: each request starts at a random place in the history.
      await measure('list (uncached pages)', '/api/commodities', {
        headers: auth,
        nextPath: () => `/api/commodities?cursor=${cursorOf(randomId())}`,
        shown: '/api/commodities?cursor=(random)',
      }),
      await databaseAlone(env.DATABASE_URL, 'list (uncached pages)', () => [
        { ...listStatement, values: listStatement.values?.map((value, i) => (i === cursorAt ? randomId() : value)) },
      ]),
      await measure('detail', `/api/commodities/${detail}`, { headers: auth }),
      await databaseAlone(env.DATABASE_URL, 'detail', () => detailStatements),
      await measure('statistics', '/api/user/statistics', { headers: auth }),
      await measure('statistics (valuer)', '/api/user/statistics', {
        headers: valuerAuth,
        shown: '/api/user/statistics (as a valuer)',
      }),
    ];
    const alone = new Map(results.flatMap((r) => (throughServer(r) ? [] : [[r.name, r.rps] as const])));
    /** The budgets. */
    const budgets: Record<string, Budget> = {
      products: { share: 40 },
      list: { p99: 50, share: 15 },
      'list (uncached pages)': { share: 25, ofDatabase: 50 },
      detail: { share: 25, ofDatabase: 50 },
      statistics: { p99: 50 },
      'statistics (valuer)': { p99: 50 },
    };
    console.log(
      `\nAPI on PostgreSQL with ${seeded.commodities} commodities, ${connections} connections, ${seconds} s each` +
        ` (the server's pool: ${process.env.DATABASE_POOL_SIZE || 10} connections; "database alone": ${connections} pg clients, each running the call's captured queries in a loop;` +
        ` load average ${loadAverage()} on ${os.cpus().length} cores)`,
    );
    console.table(
      results.map((r) => {
        if (!throughServer(r))
          return { call: `database alone: ${r.name}`, 'req/s': r.rps, 'p99 ms': r.p99, budget: '-', verdict: '-' };
        const share = (100 * r.rps) / health.rps;
        const aloneRps = alone.get(r.name);
        const ofDatabase = aloneRps ? (100 * r.rps) / aloneRps : undefined;
        return {
          call: r.path,
          'req/s': r.rps,
          'p99 ms': r.p99,
          'share of /api/health': `${share.toFixed(1)} %`,
          'share of database alone': ofDatabase === undefined ? '-' : `${ofDatabase.toFixed(1)} %`,
          ...judge(r, budgets[r.name] ?? {}, share, ofDatabase),
        };
      }),
    );
    console.log(
      `statistics computed without the cache (first call): recorder ${uncached.recorder} ms, valuer ${uncached.valuer} ms`,
    );
    printCeilings(health, ready, cachedList);
  } finally {
    server?.kill('SIGTERM');
    if (server) await new Promise((resolve) => server?.on('exit', resolve));
    await admin(`drop database if exists ${database} with (force)`);
  }
}

/**
 * Seeds the embedded database of `dataDir` as the server would find it: migrated, the demo data,
 * then the commodities, through the server's own code, holding the directory's lock meanwhile (no
 * server may open it under us). Answers the seed's summary and the detail to measure.
 */
async function seedEmbedded(dataDir: string) {
  const lock = acquireDataDirLock(dataDir, 'command seed (bench:api)');
  try {
    // Where the server opens it (server.ts: `${DATA_DIR}/pglite`).
    const directory = path.join(dataDir, 'pglite');
    await mkdir(directory, { recursive: true });
    const client = await PGlite.create(directory);
    const database = usePglite(client);
    try {
      await database.migrate();
      await seedDemo(database.db);
      const seeded = await seedCommodities(client, commodityCount);
      return { seeded, detail: await detailId(client) };
    } finally {
      await database.close();
    }
  } finally {
    lock.release();
  }
}

/** An enrollment as the web app sends it: its own body builder, the photos each field requires. */
async function enrollmentBodies(auth: Record<string, string>) {
  const get = async <T>(path: string) =>
    ((await (await fetch(`${base}${path}`, { headers: auth })).json()) as { data: T }).data;
  const [brands, categories] = await Promise.all([
    get<{ id: number }[]>('/api/brands'),
    get<Category[]>('/api/categories'),
  ]);
  // A category with a photo guide: a product photo per shot, as the register page takes them.
  const category = categories.find((c) => c.shots.length > 0) ?? categories[0];
  if (!brands[0] || !category) throw new Error('the demo catalog is missing');
  const upload = async (color: number) => {
    const photo = await photoUpload(color);
    const response = await fetch(`${base}/api/upload/image`, {
      method: 'POST',
      headers: { ...auth, 'content-type': photo.contentType },
      body: photo.payload,
    });
    const { code, data } = (await response.json()) as { code: number; data: { url: string } };
    if (code !== 0) throw new Error(`the photo upload answered ${response.status}`);
    return data.url;
  };
  const photos: string[] = [];
  for (let i = 0; i < category.shots.length + 2; i++) photos.push(await upload(40 + i * 20));
  const [size = '', accessory = '', ...products] = photos;
  let n = 0;
  return {
    category,
    productPhotos: products.length,
    next: () => {
      n += 1;
      const commodity = {
        ...emptyCommodity('bench'),
        brand_id: brands[0]?.id ?? 0,
        category_id: category.id,
        product_name: `Bench ring ${n}`,
        product_status: 2,
        size_pics: [size],
        product_pics: products,
        product_pic_shots: category.shots.map((shot) => shot.code),
        accessory_pics: [accessory],
      };
      return JSON.stringify(
        enrollBody(
          {
            idempotencyKey: randomUUID(),
            customer: {
              customer_name: `Customer ${n}`,
              customer_phone: `139${String(n).padStart(8, '0')}`,
              customer_address: '',
            },
            commodities: [commodity],
          },
          (entries) => entries,
        ),
      );
    },
  };
}

async function onEmbedded() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'jewel-bench-api-'));
  let server: ChildProcess | undefined;
  try {
    const { seeded, detail } = await seedEmbedded(dataDir);
    console.log(
      `seeded ${seeded.commodities} commodities, ${seeded.flows} flows, ${seeded.events} audit rows into PGlite in ${seeded.seconds} s`,
    );
    // The embedded default: no DATABASE_URL, the data in DATA_DIR.
    server = run(['src/server.ts'], {
      DATABASE_URL: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      JWT_SECRET: 'bench',
      WEB_DIST: '/nonexistent',
    });
    await waitUntilUp();
    const auth = await signIn('13800000001');
    const valuerAuth = await signIn('13800000002');
    const uncached = {
      recorder: await firstCall('/api/user/statistics', auth),
      valuer: await firstCall('/api/user/statistics', valuerAuth),
    };
    const enrollments = await enrollmentBodies(auth);
    const randomId = () => 1 + Math.floor(Math.random() * seeded.commodities);

    await autocannon({ url: `${base}/api/commodities`, connections, duration: 2, headers: auth });
    const health = await measure('health', '/api/health');
    const results = [
      health,
      await measure('list (uncached pages)', '/api/commodities', {
        headers: auth,
        nextPath: () => `/api/commodities?cursor=${cursorOf(randomId())}`,
        shown: '/api/commodities?cursor=(random)',
      }),
      await measure('detail', `/api/commodities/${detail}`, { headers: auth }),
      await measure('statistics', '/api/user/statistics', { headers: auth }),
      await measure('statistics (valuer)', '/api/user/statistics', {
        headers: valuerAuth,
        shown: '/api/user/statistics (as a valuer)',
      }),
      // Last: every enrollment empties the instance's caches of lists and statistics.
      await measure('enrollment', '/api/enrollments', {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        nextBody: enrollments.next,
      }),
    ];
    const after = (await (await fetch(`${base}/api/user/statistics`, { headers: auth })).json()) as {
      data: { registered_total: number };
    };
    const budgets: Record<string, Budget> = {
      'list (uncached pages)': { p99: 50 },
      detail: { p99: 50 },
      statistics: { p99: 50 },
      'statistics (valuer)': { p99: 50 },
      enrollment: { p99: 250 },
    };
    console.log(
      `\nAPI on the embedded database (PGlite, DATA_DIR ${dataDir}) with ${seeded.commodities} commodities, ${connections} connections, ${seconds} s each` +
        ` (load average ${loadAverage()} on ${os.cpus().length} cores)`,
    );
    console.table(
      results.map((r) => {
        const share = (100 * r.rps) / health.rps;
        return {
          call: r.path,
          'req/s': r.rps,
          'p99 ms': r.p99,
          requests: r.requests,
          'share of /api/health': `${share.toFixed(1)} %`,
          ...judge(r, budgets[r.name] ?? {}, share, undefined),
        };
      }),
    );
    console.log(
      `statistics computed without the cache (first call): recorder ${uncached.recorder} ms, valuer ${uncached.valuer} ms`,
    );
    console.log(
      `each enrollment: one commodity of category ${enrollments.category.id}, ${enrollments.productPhotos} product photos with their shots, a size and an accessory photo;` +
        ` the demo recorder's commodities now ${after.data.registered_total}`,
    );
  } finally {
    server?.kill('SIGTERM');
    if (server) await new Promise((resolve) => server?.on('exit', resolve));
    await rm(dataDir, { recursive: true, force: true });
  }
}

await (embedded ? onEmbedded() : onPostgres());
