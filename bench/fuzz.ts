/**
 * Fuzzes every route of the contract and the pages outside it (`apps/server/src/test/fuzz`,
 * FUZZED_NAMES: the verification pages and the OpenAPI document): FUZZ_RUNS requests per route
 * (default 10,000), through the real app in this process (`inject`), on a fresh embedded
 * database (PGlite), or on PostgreSQL when DATABASE_URL names a server (a database of its own is
 * created there and dropped afterwards). The routes are shared among FUZZ_WORKERS processes (one
 * per core by default, at most 4), each with its own database. Ends in a table per route and the
 * failures found, each cause once, with a request that shows it. Usage: `npm run bench:fuzz`
 * (FUZZ_RUNS, FUZZ_SEED, FUZZ_ROUTES=name,name, FUZZ_TIMEOUT_MS, FUZZ_WORKERS).
 */
import { fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { type Database, openPglite, openPostgres } from '../apps/server/src/db/client.ts';
import { seedDemo } from '../apps/server/src/seed/seed.ts';
import {
  FUZZ_CONFIG,
  FUZZED_NAMES,
  type FuzzedName,
  Fuzzer,
  formatFailures,
  formatTable,
  type RouteReport,
} from '../apps/server/src/test/fuzz/harness.ts';

const runs = Number(process.env.FUZZ_RUNS ?? 10_000);
const seed = Number(process.env.FUZZ_SEED ?? 20261123);
const timeoutMs = Number(process.env.FUZZ_TIMEOUT_MS ?? 5000);
const workers = Number(process.env.FUZZ_WORKERS ?? Math.min(os.availableParallelism(), 4));
const adminUrl = process.env.DATABASE_URL;
const kind = adminUrl ? 'PostgreSQL' : 'PGlite';
const names = (process.env.FUZZ_ROUTES?.split(',').filter(Boolean) ?? FUZZED_NAMES) as FuzzedName[];
for (const name of names) if (!FUZZED_NAMES.includes(name)) throw new Error(`FUZZ_ROUTES: no route named ${name}`);

/** A report as it crosses from a worker (a Map does not). */
type SentReport = Omit<RouteReport, 'statuses'> & { statuses: [number, number][] };

async function admin(query: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/** Fuzzes the routes on a database of their own, one report per route as each ends. */
async function fuzzRoutes(some: FuzzedName[], onReport: (report: RouteReport) => void) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'jewel-fuzz-'));
  const databaseName = `jewel_bench_fuzz_${Date.now().toString(36)}_${process.pid}`;
  let database: Database;
  if (adminUrl) {
    await admin(`create database ${databaseName}`);
    const url = new URL(adminUrl);
    url.pathname = `/${databaseName}`;
    database = openPostgres(url.toString());
  } else {
    database = await openPglite(path.join(dataDir, 'db'));
  }
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
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
    for (const name of some) {
      const started = performance.now();
      const report = await fuzzer.fuzzRoute(name, runs, seed);
      const fives = [...report.statuses].filter(([status]) => status >= 500).reduce((sum, [, n]) => sum + n, 0);
      console.error(
        `${report.route}: ${report.cases} cases, ${fives} 5xx, ${report.hangs} hangs, ` +
          `${report.failures.length} failures, ${((performance.now() - started) / 1000).toFixed(0)} s`,
      );
      onReport(report);
    }
  } finally {
    await app?.close();
    await database.close();
    if (adminUrl) await admin(`drop database if exists ${databaseName} with (force)`);
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Runs a share of the routes in a child process of this same script. */
function worker(some: FuzzedName[]): Promise<RouteReport[]> {
  return new Promise((resolve, reject) => {
    const reports: RouteReport[] = [];
    const child = fork(fileURLToPath(import.meta.url), [], {
      env: { ...process.env, FUZZ_WORKER: '1', FUZZ_ROUTES: some.join(',') },
      execArgv: process.execArgv,
    });
    child.on('message', (sent: SentReport) => reports.push({ ...sent, statuses: new Map(sent.statuses) }));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(reports) : reject(new Error(`fuzz worker for ${some.join(', ')} exited with ${code}`)),
    );
  });
}

if (process.env.FUZZ_WORKER) {
  await fuzzRoutes(names, (report) => process.send?.({ ...report, statuses: [...report.statuses] }));
  process.disconnect?.();
} else {
  const count = Math.max(1, Math.min(workers, names.length));
  console.log(`Fuzzing ${names.length} routes on ${kind}, ${runs} cases each, FUZZ_SEED=${seed}, ${count} worker(s)`);
  const started = performance.now();
  let reports: RouteReport[] = [];
  if (count === 1) {
    await fuzzRoutes(names, (report) => reports.push(report));
  } else {
    const shares = Array.from({ length: count }, (_, i) => names.filter((_, j) => j % count === i));
    reports = (await Promise.all(shares.map(worker))).flat();
  }
  reports.sort((a, b) => names.indexOf(a.name as FuzzedName) - names.indexOf(b.name as FuzzedName));
  const load = os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' / ');
  console.log(
    `\nFuzz on ${kind}: ${names.length} routes, ${runs} cases each, FUZZ_SEED=${seed}, ${count} worker(s), ` +
      `${((performance.now() - started) / 60_000).toFixed(1)} min (load average ${load} on ${os.cpus().length} cores)\n`,
  );
  console.log(formatTable(reports));
  console.log(`\n${formatFailures(reports, seed)}`);
  process.exitCode = reports.some((report) => report.failures.length > 0) ? 1 : 0;
}
