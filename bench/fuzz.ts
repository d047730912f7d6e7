/**
 * Fuzzes every route of the contract (`apps/server/src/test/fuzz`): FUZZ_RUNS requests per route
 * (default 10,000), through the real app in this process (`inject`), on a fresh embedded
 * database (PGlite), or on PostgreSQL when DATABASE_URL names a server (a database of its own is
 * created there and dropped afterwards). Ends in a table per route and the failures found,
 * grouped, each with one request that shows it. Usage: `npm run bench:fuzz` (FUZZ_RUNS,
 * FUZZ_SEED, FUZZ_ROUTES=name,name, FUZZ_TIMEOUT_MS to change the defaults).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type RouteName, routes } from '@jewel/contract/routes';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { type Database, openPglite, openPostgres } from '../apps/server/src/db/client.ts';
import { seedDemo } from '../apps/server/src/db/seed/seed.ts';
import {
  FUZZ_CONFIG,
  Fuzzer,
  formatFailures,
  formatTable,
  type RouteReport,
} from '../apps/server/src/test/fuzz/harness.ts';

const runs = Number(process.env.FUZZ_RUNS ?? 10_000);
const seed = Number(process.env.FUZZ_SEED ?? 20261123);
const timeoutMs = Number(process.env.FUZZ_TIMEOUT_MS ?? 5000);
const adminUrl = process.env.DATABASE_URL;
const names = (process.env.FUZZ_ROUTES?.split(',').filter(Boolean) ?? Object.keys(routes)) as RouteName[];
for (const name of names) if (!(name in routes)) throw new Error(`FUZZ_ROUTES: no route named ${name}`);

async function admin(query: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'jewel-fuzz-'));
const databaseName = `jewel_bench_fuzz_${Date.now().toString(36)}`;
let database: Database;
if (adminUrl) {
  await admin(`create database ${databaseName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  database = openPostgres(url.toString());
} else {
  database = await openPglite(path.join(dataDir, 'db'));
}
const kind = adminUrl ? 'PostgreSQL' : 'PGlite';
let app: Awaited<ReturnType<typeof buildApp>> | undefined;
let failed = false;
try {
  await database.migrate();
  await seedDemo(database.db);
  const config = {
    ...loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'bench-fuzz', WEB_DIST: '/nonexistent' }),
    ...FUZZ_CONFIG,
  };
  app = await buildApp({ config, database, logger: false });
  await app.ready();
  const fuzzer = await Fuzzer.start(app, { timeoutMs });
  console.log(`Fuzzing ${names.length} routes on ${kind}, ${runs} cases each, FUZZ_SEED=${seed}`);
  const reports: RouteReport[] = [];
  const started = performance.now();
  for (const name of names) {
    const routeStarted = performance.now();
    const report = await fuzzer.fuzzRoute(name, runs, seed);
    reports.push(report);
    const fives = [...report.statuses].filter(([status]) => status >= 500).reduce((sum, [, n]) => sum + n, 0);
    console.error(
      `${report.route}: ${report.cases} cases, ${fives} 5xx, ${report.hangs} hangs, ${report.failures.length} failures, ` +
        `${((performance.now() - routeStarted) / 1000).toFixed(0)} s`,
    );
  }
  const load = os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' / ');
  console.log(
    `\nFuzz on ${kind}: ${names.length} routes, ${runs} cases each, FUZZ_SEED=${seed}, ` +
      `${((performance.now() - started) / 60_000).toFixed(1)} min (load average ${load} on ${os.cpus().length} cores)\n`,
  );
  console.log(formatTable(reports));
  console.log(`\n${formatFailures(reports, seed)}`);
  failed = reports.some((report) => report.failures.length > 0);
} finally {
  await app?.close();
  await database.close();
  if (adminUrl) await admin(`drop database if exists ${databaseName} with (force)`);
  await rm(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
