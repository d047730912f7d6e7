/**
 * A realistic mix at a fixed arrival rate (issue 15 item 4): PostgreSQL seeded with the demo data
 * and 100,000 commodities, two instances and s3rver behind nginx configured as docs/deploy.md
 * shows, requests started on a clock (open loop: a slow answer does not slow the arrivals).
 * Lists, details, statistics and notifications; one in twenty an enrollment with its photo
 * (upload, then submit), one in twenty a first appraisal (start, then the verdict).
 * Usage: `npm run bench:load` (BENCH_RATE, default 60 req/s; BENCH_SECONDS, default 60;
 * BENCH_COMMODITIES, default 100000).
 */
import { routes } from '@jewel/contract/routes';
import pg from 'pg';
import { verdict } from '../apps/server/src/test/verdict.ts';
import {
  type Answer,
  call,
  catalog,
  cleanup,
  DEMO_RECORDER,
  enroll,
  enrollmentBody,
  markdownTable,
  ok,
  sharedCluster,
  signIn,
  sleep,
  startBehindNginx,
  uploadPhoto,
} from './cluster.ts';
import { seedCommodities } from './seed-commodities.ts';

const rate = Number(process.env.BENCH_RATE ?? 60);
const seconds = Number(process.env.BENCH_SECONDS ?? 60);
const commodityCount = Number(process.env.BENCH_COMMODITIES ?? 100_000);

interface Kind {
  name: string;
  weight: number;
  run: () => Promise<boolean>;
}

try {
  const cluster = await sharedCluster('load');
  const { db } = cluster;
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  const seeded = await seedCommodities(client, commodityCount);
  console.log(`seeded ${seeded.commodities} commodities in ${seeded.seconds} s`);
  const { rows: mine } = await client.query<{ id: number }>(
    `select c.id from commodities c join users u on u.id = c.recorder_id where u.mobile = $1
     order by random() limit 2000`,
    [DEMO_RECORDER],
  );
  // Commodities waiting for their first appraisal, with their valuer: each appraised once.
  const { rows: pending } = await client.query<{ id: number; version: number; mobile: string }>(
    `select c.id, c.version, u.mobile from commodities c join users u on u.id = c.valuer_id
     where c.status = 20 and u.mobile is not null order by c.id desc`,
  );
  await client.end();

  // Started once the commodities are in: nothing they keep in memory predates them.
  const { proxy } = await startBehindNginx(cluster);
  const base = proxy.base;
  const token = await signIn(base, DEMO_RECORDER);
  const cat = await catalog(base, token);
  const valuerTokens = new Map<string, string>();
  for (const mobile of new Set(pending.map((row) => row.mobile))) valuerTokens.set(mobile, await signIn(base, mobile));
  const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)] as T;

  /** Why calls failed, by status and code: shown under the table. */
  const why = new Map<string, number>();
  const seen = (answer: Answer) => {
    if (!ok(answer))
      why.set(
        `${answer.status}/${answer.code ?? answer.msg}`,
        (why.get(`${answer.status}/${answer.code ?? answer.msg}`) ?? 0) + 1,
      );
    return answer;
  };
  const get = (path: string, as = token) => call(`${base}${path}`, { token: as }).then(seen).then(ok);
  /** One of the contract's commodity actions, by its route (the path is the contract's own). */
  const action = (id: number, route: { path: string }, as: string, body: object) =>
    call(`${base}${route.path.replace(':id', String(id))}`, {
      method: 'POST',
      token: as,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then(seen);
  const kinds: Kind[] = [
    { name: 'list', weight: 6, run: () => get('/api/commodities') },
    { name: 'detail', weight: 5, run: () => get(`/api/commodities/${pick(mine).id}`) },
    { name: 'statistics', weight: 3, run: () => get('/api/user/statistics') },
    { name: 'notifications', weight: 4, run: () => get('/api/user/notifications') },
    {
      name: 'enrollment (upload + submit)',
      weight: 1,
      run: async () => {
        const photo = seen(await uploadPhoto(base, token)) as Answer & { url?: string };
        return photo.url !== undefined && ok(seen(await enroll(base, token, enrollmentBody(cat, photo.url))));
      },
    },
    {
      name: 'appraisal (start + verdict)',
      weight: 1,
      run: async () => {
        const target = pending.pop();
        if (!target) return false;
        const as = valuerTokens.get(target.mobile) as string;
        const started: Answer = await action(target.id, routes.commodityStartAppraisal, as, {
          version: target.version,
        });
        if (!ok(started)) return false;
        const { version } = started.data as { version: number };
        return ok(await action(target.id, routes.commodityAppraise, as, { version, ...verdict() }));
      },
    },
  ];
  const total = kinds.reduce((sum, kind) => sum + kind.weight, 0);
  const choose = () => {
    let at = Math.random() * total;
    for (const kind of kinds) {
      at -= kind.weight;
      if (at < 0) return kind;
    }
    return kinds[0] as Kind;
  };

  const samples = new Map<string, { ms: number[]; errors: number }>(
    kinds.map((kind) => [kind.name, { ms: [], errors: 0 }]),
  );
  const inFlight: Promise<void>[] = [];
  console.log(`load: ${rate} arrivals/s for ${seconds} s through nginx to two instances`);
  const start = performance.now();
  let fired = 0;
  while (performance.now() - start < seconds * 1000) {
    const due = Math.floor(((performance.now() - start) / 1000) * rate);
    for (; fired < due; fired += 1) {
      const kind = choose();
      const began = performance.now();
      inFlight.push(
        kind.run().then((success) => {
          const sample = samples.get(kind.name);
          if (!sample) return;
          sample.ms.push(performance.now() - began);
          if (!success) sample.errors += 1;
        }),
      );
    }
    await sleep(5);
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - start) / 1000;

  const percentile = (sorted: number[], p: number) =>
    sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0);
  const row = (name: string, ms: number[], errors: number) => {
    const sorted = [...ms].sort((x, y) => x - y);
    return {
      kind: name,
      requests: ms.length,
      'rate /s': (ms.length / elapsed).toFixed(1),
      'p50 ms': percentile(sorted, 50).toFixed(1),
      'p99 ms': percentile(sorted, 99).toFixed(1),
      errors,
    };
  };
  const all = [...samples.values()];
  console.log(
    `\nLoad, ${new Date().toISOString().slice(0, 10)}: ${seeded.commodities} commodities on PostgreSQL, nginx, two instances, ${rate} arrivals/s for ${seconds} s\n`,
  );
  console.log(
    markdownTable([
      row(
        'all',
        all.flatMap((sample) => sample.ms),
        all.reduce((sum, sample) => sum + sample.errors, 0),
      ),
      ...[...samples].map(([name, sample]) => row(name, sample.ms, sample.errors)),
    ]),
  );
  console.log(`\nfailed answers (status/code): ${[...why].map(([what, n]) => `${n}× ${what}`).join(', ') || 'none'}`);
} finally {
  await cleanup();
}
