/**
 * How the calls that page through history grow with it, on PostgreSQL: for each size (10,000,
 * 100,000 and 1,000,000 commodities by default), a database of its own seeded by
 * `seed-commodities.ts` (its results varied as bench:subtotal does), then the server's own service
 * functions in this process, without the instance's caches: the commodity list's first page and a
 * page from a deep cursor (near the oldest commodity), the data base's first page (newest first,
 * and by price), and a subtotal over the whole data base. Per call and size: the median time,
 * the growth factor against the smallest size, and what EXPLAIN (ANALYZE, BUFFERS) says of its
 * main query: the pages it touched and how it reads the tables. Usage: `npm run bench:growth`
 * (BENCH_DATABASE_URL, BENCH_SIZES=10000,100000,1000000, BENCH_RUNS=7; BENCH_KEEP=1 keeps the
 * databases for a look with EXPLAIN).
 */
import os from 'node:os';
import { commodityListQuerySchema } from '@jewel/contract/commodity';
import { informationListQuerySchema, subtotalCreateSchema } from '@jewel/contract/information';
import { type Db, openPostgres } from '../apps/server/src/db/client.ts';
import * as commodities from '../apps/server/src/features/commodity/commodity.service.ts';
import * as information from '../apps/server/src/features/information/information.service.ts';
import { seedDemo } from '../apps/server/src/seed/seed.ts';
import { withClient, withDatabase } from '../apps/server/src/test/postgres-admin.ts';
import { captureQueries, type Statement } from './capture-queries.ts';
import { seedCommodities, varyResults } from './seed-commodities.ts';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const sizes = (process.env.BENCH_SIZES ?? '10000,100000,1000000').split(',').map(Number);
const runs = Number(process.env.BENCH_RUNS ?? 7);
const keep = process.env.BENCH_KEEP === '1';
const timeZone = 'Asia/Shanghai';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}

/** The scans of the big tables in a plan: how each is read, and the rows it read. */
function scans(node: PlanNode, found: string[] = []): string[] {
  const table = node['Relation Name'];
  if (table && ['commodities', 'identify_flows', 'enrollments'].includes(table)) {
    const rows = (node['Actual Rows'] ?? 0) * (node['Actual Loops'] ?? 1);
    const how = node['Index Name'] ? `${node['Node Type']} ${node['Index Name']}` : `${node['Node Type']} ${table}`;
    found.push(`${how} (${rows} rows)`);
  }
  for (const child of node.Plans ?? []) scans(child, found);
  return found;
}

/** EXPLAIN (ANALYZE, BUFFERS) of a captured statement, after the `set local`s the call ran before it. */
async function explain(url: string, statement: Statement, settings: string[]) {
  return withClient(url, async (client) => {
    await client.query('begin');
    try {
      for (const setting of settings) await client.query(setting);
      const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
        `explain (analyze, buffers, format json) ${statement.text}`,
        statement.values,
      );
      const plan = rows[0]?.['QUERY PLAN'][0].Plan;
      if (!plan) throw new Error('no plan');
      return {
        pages: (plan['Shared Hit Blocks'] ?? 0) + (plan['Shared Read Blocks'] ?? 0),
        scans: scans(plan).join('; '),
      };
    } finally {
      await client.query('rollback');
    }
  });
}

interface Row {
  size: number;
  call: string;
  ms: number;
  pages: number;
  scans: string;
}

const cursorOf = (id: number) => Buffer.from(String(id)).toString('base64url');

async function measureSize(size: number): Promise<{ rows: Row[]; seedSeconds: number; results: number }> {
  const name = `jewel_bench_growth_${size}_${Date.now().toString(36)}`;
  const url = withDatabase(adminUrl, name);
  await withClient(adminUrl, (client) => client.query(`create database ${name}`));
  const database = openPostgres(url);
  try {
    await database.migrate();
    await seedDemo(database.db);
    const started = performance.now();
    const seeded = await withClient(url, (client) => seedCommodities(client, size));
    const results = await withClient(url, varyResults);
    const seedSeconds = Math.round((performance.now() - started) / 100) / 10;
    console.log(
      `${size}: seeded ${seeded.commodities} commodities, ${seeded.flows} flows, ${seeded.events} audit rows in ${seeded.seconds} s,` +
        ` results varied: ${seedSeconds} s in all (load average ${loadAverage()})`,
    );
    const { userId, oldest } = await withClient(url, async (client) => {
      const { rows } = await client.query<{ user_id: number; oldest: number }>(
        `select (select id from users where mobile = '13800000001') as user_id, (select min(id) from commodities) as oldest`,
      );
      return { userId: rows[0]?.user_id ?? 0, oldest: rows[0]?.oldest ?? 0 };
    });
    const viewer = { userId, roleCode: 'recorder' as const, isTmp: false, branchId: 1, branchIds: null };
    const subtotal = await information.createSubtotal(
      database.db,
      timeZone,
      viewer,
      subtotalCreateSchema.parse({ name: 'Everything', filter: {} }),
    );
    /** Each call, and the text that tells its main query among those it runs. */
    const calls: { name: string; run: (db: Db) => Promise<unknown>; main: RegExp }[] = [
      {
        name: 'commodity list, first page',
        run: (db) => commodities.list(db, viewer, commodityListQuerySchema.parse({})),
        main: /from "commodities"/,
      },
      {
        name: 'commodity list, deep cursor (1,000 from the oldest)',
        run: (db) => commodities.list(db, viewer, commodityListQuerySchema.parse({ cursor: cursorOf(oldest + 1000) })),
        main: /from "commodities"/,
      },
      {
        name: 'data base, first page (newest)',
        run: (db) => information.list(db, timeZone, viewer, informationListQuerySchema.parse({}), 'zh-Hans'),
        main: /from "commodities"/,
      },
      {
        name: 'data base, first page (by price)',
        run: (db) =>
          information.list(
            db,
            timeZone,
            viewer,
            informationListQuerySchema.parse({ sort: 'price', order: 'desc' }),
            'zh-Hans',
          ),
        main: /from "commodities"/,
      },
      {
        name: 'subtotal over the whole data base',
        run: (db) => information.recomputeSubtotal(db, timeZone, subtotal.id, viewer),
        main: /with parts as/,
      },
    ];
    const rows: Row[] = [];
    for (const call of calls) {
      await call.run(database.db);
      const times: number[] = [];
      for (let i = 0; i < runs; i++) {
        const callStarted = performance.now();
        await call.run(database.db);
        times.push(performance.now() - callStarted);
      }
      const statements = await captureQueries(url, call.run);
      const main = statements.find((statement) => call.main.test(statement.text));
      if (!main) throw new Error(`${call.name}: its main query was not among those it ran`);
      // The `set local`s the call ran before its main query, in the same transaction.
      const settings = statements
        .slice(0, statements.indexOf(main))
        .map((statement) => statement.text)
        .filter((text) => text.startsWith('set local'));
      const plan = await explain(url, main, settings);
      rows.push({ size, call: call.name, ms: median(times), ...plan });
    }
    return { rows, seedSeconds, results };
  } finally {
    await database.close();
    if (keep) console.log(`kept the database ${name}`);
    else await withClient(adminUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
  }
}

const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' / ');

const all: Row[] = [];
const seeds: string[] = [];
for (const size of sizes) {
  const measured = await measureSize(size);
  all.push(...measured.rows);
  seeds.push(`${size}: ${measured.seedSeconds} s (${measured.results} results)`);
}
const smallest = sizes[0] ?? 0;
console.log(
  `\nGrowth on PostgreSQL: median of ${runs} calls each, the server's service functions in this process, no cache` +
    ` (load average ${loadAverage()} on ${os.cpus().length} cores). Seeding: ${seeds.join(', ')}`,
);
console.table(
  all.map((row) => {
    const base = all.find((other) => other.size === smallest && other.call === row.call);
    return {
      call: row.call,
      commodities: row.size,
      'median ms': Number(row.ms.toFixed(1)),
      [`× ${smallest}`]: base ? Number((row.ms / base.ms).toFixed(1)) : '-',
      pages: row.pages,
      [`pages × ${smallest}`]: base ? Number((row.pages / base.pages).toFixed(1)) : '-',
      'how the big tables are read': row.scans,
    };
  }),
);
