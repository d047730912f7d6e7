/**
 * A subtotal over the whole data base on PostgreSQL: at least 100,000 identified results (the
 * commodities of `seed-commodities.ts`, their final results varied in currency, price, verdict and
 * grade), then `POST /api/subtotals/:id/recompute` for a subtotal without a filter, through the
 * real app (in this process, `inject`: no network in the figure). Usage: `npm run bench:subtotal`
 * (BENCH_DATABASE_URL, BENCH_RESULTS, BENCH_RUNS to change the defaults; BENCH_KEEP=1 keeps the
 * database for a look with EXPLAIN).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openPostgres } from '../apps/server/src/db/client.ts';
import { seedDemo } from '../apps/server/src/seed/seed.ts';
import { withClient, withDatabase } from '../apps/server/src/test/postgres-admin.ts';
import { seedCommodities, varyResults } from './seed-commodities.ts';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const wantedResults = Number(process.env.BENCH_RESULTS ?? 100_000);
const runs = Number(process.env.BENCH_RUNS ?? 7);
/** The budget for one subtotal over every result. */
const BUDGET_MS = 200;
/** Share of the seeded commodities that end identified (70, 80 or 90): 96 % closed + a quarter of the open 4 %. */
const IDENTIFIED_SHARE = 0.97;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

const database = `jewel_bench_subtotal_${Date.now().toString(36)}`;
await withClient(adminUrl, (client) => client.query(`create database ${database}`));
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'jewel-bench-'));
const postgres = openPostgres(withDatabase(adminUrl, database));
let app: Awaited<ReturnType<typeof buildApp>> | undefined;
try {
  await postgres.migrate();
  await seedDemo(postgres.db);
  const seeded = await withClient(withDatabase(adminUrl, database), (client) =>
    seedCommodities(client, Math.ceil(wantedResults / IDENTIFIED_SHARE) + 100),
  );
  const identified = await withClient(withDatabase(adminUrl, database), varyResults);
  console.log(`seeded ${seeded.commodities} commodities in ${seeded.seconds} s: ${identified} identified results`);
  if (identified < wantedResults) throw new Error(`only ${identified} identified results, wanted ${wantedResults}`);

  const config = loadConfig({
    DATABASE_URL: withDatabase(adminUrl, database),
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench',
    WEB_DIST: '/nonexistent',
  });
  app = await buildApp({ config, database: postgres, logger: false });
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { mobile: '13800000001', password: 'demo123456' },
  });
  const headers = { authorization: `Bearer ${JSON.parse(login.body).data.token}`, lang: 'zh_CN' };
  const timed = async (method: 'GET' | 'POST', url: string, payload?: object) => {
    const started = performance.now();
    const response = await app?.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    const ms = performance.now() - started;
    const body = JSON.parse(response?.body ?? '{}');
    if (body.code !== 0) throw new Error(`${method} ${url} answered ${response?.body}`);
    return { ms, data: body.data };
  };

  const created = await timed('POST', '/api/subtotals', { name: 'Everything', filter: {} });
  const id = created.data.id as number;
  const filtered = await timed('POST', '/api/subtotals', {
    name: 'Genuine, grade A, in yen',
    filter: { is_real: 1, state_level: 'A', currency: 'JPY' },
  });
  const all: number[] = [];
  const narrow: number[] = [];
  let latest = created.data.latest;
  for (let i = 0; i < runs; i++) {
    const run = await timed('POST', `/api/subtotals/${id}/recompute`);
    all.push(run.ms);
    latest = run.data.latest;
    narrow.push((await timed('POST', `/api/subtotals/${filtered.data.id}/recompute`)).ms);
  }
  const list = await timed('GET', '/api/information?limit=20');
  const byPrice = await timed('GET', '/api/information?limit=20&sort=price&order=desc');

  const load = os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' / ');
  console.log(
    `\nSubtotals on PostgreSQL over ${latest.count} identified results (${runs} recomputations each; ` +
      `load average ${load} on ${os.cpus().length} cores: the figures grow with it)`,
  );
  const verdict = (ms: number) => (ms <= BUDGET_MS ? 'PASS' : 'FAIL');
  console.table([
    {
      call: `POST /api/subtotals/:id/recompute (no filter)`,
      'first ms': Math.round(created.ms),
      'median ms': Math.round(median(all)),
      'max ms': Math.round(Math.max(...all)),
      budget: `median ≤ ${BUDGET_MS} ms`,
      verdict: verdict(median(all)),
    },
    {
      call: 'POST /api/subtotals/:id/recompute (is_real, grade, currency)',
      'first ms': Math.round(filtered.ms),
      'median ms': Math.round(median(narrow)),
      'max ms': Math.round(Math.max(...narrow)),
      budget: '-',
      verdict: '-',
    },
    { call: 'GET /api/information (newest 20)', 'first ms': Math.round(list.ms), budget: '-', verdict: '-' },
    { call: 'GET /api/information (by price, 20)', 'first ms': Math.round(byPrice.ms), budget: '-', verdict: '-' },
  ]);
  console.log(
    `figures of the last version: ${latest.count} results, genuine share ${(latest.genuine_share * 100).toFixed(1)} %, ` +
      latest.by_currency.map((c: { currency: string; count: number }) => `${c.currency} ${c.count}`).join(', '),
  );
} finally {
  await app?.close();
  await postgres.close();
  await rm(dataDir, { recursive: true, force: true });
  if (process.env.BENCH_KEEP === '1') console.log(`kept the database ${database}`);
  else await withClient(adminUrl, (client) => client.query(`drop database if exists ${database} with (force)`));
}
