/**
 * Faults under load, on loopback (issue 15): PostgreSQL restarted, an instance behind nginx
 * stopped with SIGTERM, the embedded database's server killed with -9 and restarted, clients that
 * cut an upload or retry a submit, the object store gone during uploads. Each fault prints what it
 * did; the run ends with one table: sent, confirmed (answered with success), lost (confirmed but
 * not in the database afterwards: the goal is 0) and the time to recover.
 * Usage: `npm run bench:faults` (as root: the first fault restarts the local PostgreSQL cluster;
 * `BENCH_FAULTS=pg-restart,sigterm` runs only those).
 */
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { photoUpload } from '../apps/server/src/test/photo-upload.ts';
import { startS3Server } from '../apps/server/src/test/s3-server.ts';
import { freePort } from '../apps/server/src/test/server-process.ts';
import {
  type Answer,
  type Catalog,
  call,
  catalog,
  cleanup,
  DEMO_RECORDER,
  enroll,
  enrollmentBody,
  markdownTable,
  ok,
  onCleanup,
  type ServerProcess,
  type StartVia,
  scratchDatabase,
  seedDemo,
  server,
  sharedCluster,
  signIn,
  sleep,
  startBehindNginx,
  tempDir,
  uploadPhoto,
} from './cluster.ts';

interface Row {
  fault: string;
  sent: number;
  confirmed: number;
  lost: number | string;
  recovery: string;
  notes: string;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

interface Recorded extends Answer {
  what: 'upload' | 'enroll';
}

interface WriteLoad {
  sent: number;
  /** Idempotency keys answered with success. */
  confirmed: string[];
  /** Every answer, in the order they came. */
  answers: Recorded[];
}

/** `workers` loops of "upload a photo, register an enrollment with it" until `stopped()`. */
async function writeLoad(base: string, token: string, cat: Catalog, workers: number, stopped: () => boolean) {
  const load: WriteLoad = { sent: 0, confirmed: [], answers: [] };
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (!stopped()) {
        const photo = await uploadPhoto(base, token);
        load.answers.push({ ...photo, what: 'upload' });
        if (!photo.url) {
          await sleep(100);
          continue;
        }
        const body = enrollmentBody(cat, photo.url);
        load.sent += 1;
        const answer = await enroll(base, token, body);
        load.answers.push({ ...answer, what: 'enroll' });
        if (ok(answer)) load.confirmed.push(body.idempotency_key);
        else await sleep(100);
      }
    }),
  );
  return load;
}

/** Failed answers by kind, status and code, e.g. `3× enroll 503/1009` or `1× upload 0/ECONNRESET`. */
function failureNote(answers: Recorded[]) {
  const counts = new Map<string, number>();
  for (const answer of answers.filter((one) => !ok(one))) {
    const key = `${answer.what} ${answer.status}/${answer.code ?? answer.msg}${answer.html ? ' HTML' : ''}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([what, count]) => `${count}× ${what}`).join(', ') || 'no failed answer';
}

/** The product's own refusal while the database is away: JSON, 503, code 1009. */
const isNotReady = (answer: Answer) => answer.status === 503 && answer.json && answer.code === 1009;

/** How many of `keys` are enrollments in the database at `url`, with their one commodity each. */
async function foundOnPostgres(url: string, keys: string[]) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(distinct e.id)::int as n from enrollments e join commodities c on c.enrollment_id = e.id
       where e.idempotency_key::text = any($1::text[])`,
      [keys],
    );
    return rows[0]?.n ?? 0;
  } finally {
    await client.end();
  }
}

/** Polls /api/ready every 100 ms, remembering when it last failed and when it answered 200 again. */
function watchReady(base: string) {
  let running = true;
  let notReady = 0;
  let lastFailure = 0;
  let lastOk = 0;
  const done = (async () => {
    while (running) {
      const answer = await call(`${base}/api/ready`, { timeoutMs: 2000 });
      if (answer.status === 200) lastOk = Date.now();
      else {
        notReady += 1;
        lastFailure = Date.now();
      }
      await sleep(100);
    }
  })();
  return {
    notReady: () => notReady,
    /** Resolves when /api/ready answers 200 after `since`. */
    async okAfter(since: number, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (lastOk <= Math.max(since, lastFailure) && Date.now() < deadline) await sleep(50);
      return lastOk > Math.max(since, lastFailure) ? lastOk : undefined;
    },
    async stop() {
      running = false;
      await done;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL restarted during a load of enrollments.

const cluster = () => readdirSync('/etc/postgresql')[0] ?? '';
function pgCluster(action: 'stop' | 'start') {
  execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', cluster(), 'main', action], { stdio: 'inherit' });
}
function pgIsUp() {
  try {
    execFileSync('pg_isready', ['-h', '127.0.0.1', '-p', '5432', '-t', '1'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
/** Other work shares the cluster: it comes back up whatever happens, even on Ctrl-C. */
function ensurePgUp() {
  if (!pgIsUp()) pgCluster('start');
}

const OUTAGE_MS = 4000;

/** Two instances behind nginx with docs/deploy.md's site, started `via` the tests' way or the documented command. */
async function behindNginx(prefix: string, via: StartVia) {
  const cluster = await sharedCluster(prefix);
  return { ...cluster, ...(await startBehindNginx(cluster, via)) };
}

/**
 * nginx's access log lines whose status is 5xx (the doc's `jewel` format: method, then status),
 * counted by who answered: `upstream=127.0.0.1:4001 503` is an instance's answer,
 * `upstream=jewel 502` nginx's own with no instance left, `502, 502` each instance unreachable.
 */
function nginx5xx(log: string) {
  const lines = log.split('\n').filter((line) => / [A-Z]+ 5\d\d /.test(line));
  const counts = new Map<string, number>();
  for (const line of lines) {
    const who = (/upstream=(.*)$/.exec(line)?.[1] ?? '?').replace(/127\.0\.0\.1:\d+/g, 'instance');
    counts.set(who, (counts.get(who) ?? 0) + 1);
  }
  const by = [...counts].map(([who, count]) => `${count}× ${who}`).join(', ');
  return lines.length === 0 ? '0 5xx' : `${lines.length} 5xx (${by})`;
}

async function pgRestart(): Promise<Row> {
  const { db, instances, proxy } = await behindNginx('fault_pg', 'node');
  const token = await signIn(proxy.base, DEMO_RECORDER);
  const cat = await catalog(proxy.base, token);
  let stopped = false;
  const ready = watchReady((instances[0] as ServerProcess).base);
  const load = writeLoad(proxy.base, token, cat, 6, () => stopped);
  await sleep(3000);
  console.log(
    `pg-restart: stopping the PostgreSQL cluster ${cluster()} for ${OUTAGE_MS / 1000} s under load, through nginx`,
  );
  const downAt = Date.now();
  let backAt = 0;
  try {
    pgCluster('stop');
    await sleep(OUTAGE_MS);
  } finally {
    pgCluster('start');
    backAt = Date.now();
  }
  const recovered = await ready.okAfter(backAt);
  await sleep(4000);
  stopped = true;
  const result = await load;
  await ready.stop();
  const alive = instances.every((instance) => instance.child.exitCode === null && instance.child.signalCode === null);
  const found = await foundOnPostgres(db.url, result.confirmed);
  const { answers } = result;
  const html = answers.filter((answer) => answer.html).length;
  // Answered while PostgreSQL was away (or being connected to again, the first second back).
  const during = answers.filter((answer) => answer.at >= downAt && answer.sentAt < backAt + 1000 && !ok(answer));
  const notReady = during.filter(isNotReady).length;
  const afterBack = answers.filter((answer) => answer.sentAt >= backAt + 1000);
  const failedAfter = afterBack.filter((answer) => !ok(answer)).length;
  const proxy5xx = nginx5xx(await proxy.accessLog());
  const summary =
    `${html} HTML answers; during the outage ${notReady} JSON 503/1009 and ${during.length - notReady} other failures; ` +
    `${failedAfter} failed of ${afterBack.length} sent from 1 s after it was back; nginx logged ${proxy5xx}`;
  console.log(`pg-restart: instances ${alive ? 'stayed up' : 'DIED'}; ${summary}; ${failureNote(answers)}`);
  return {
    fault: 'PostgreSQL stopped 4 s during enrollments, two instances behind nginx',
    sent: result.sent,
    confirmed: result.confirmed.length,
    lost: result.confirmed.length - found,
    recovery: recovered ? `${seconds(recovered - backAt)} after PostgreSQL was back` : 'NOT RECOVERED in 30 s',
    notes: `instances ${alive ? 'stayed up' : 'died'}; ${summary}; /api/ready not ready in ${ready.notReady()} polls (100 ms); ${failureNote(answers)}`,
  };
}

// ---------------------------------------------------------------------------------------------
// SIGTERM to the documented start command of one of two instances behind nginx, round after round.

const ROUNDS = Number(process.env.BENCH_SIGTERM_ROUNDS ?? 10);

async function sigterm(): Promise<Row> {
  const { db, env, dirs, instances, proxy } = await behindNginx('fault_term', 'documented');
  const token = await signIn(proxy.base, DEMO_RECORDER);
  const cat = await catalog(proxy.base, token);
  let stopped = false;
  const load = writeLoad(proxy.base, token, cat, 6, () => stopped);
  const exits: { code: number | null; ms: number }[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    await sleep(1500);
    // A and B in turn: a rolling restart under load.
    const which = round % 2;
    const instance = instances[which] as ServerProcess;
    const termAt = Date.now();
    process.kill(instance.mainPid(), 'SIGTERM');
    const code = await instance.exited;
    exits.push({ code, ms: Date.now() - termAt });
    console.log(
      `sigterm: round ${round + 1}, instance ${'AB'[which]} exited with ${code} in ${Date.now() - termAt} ms`,
    );
    instances[which] = await server(dirs[which as 0 | 1], { ...env, PORT: String(instance.port) }, 'documented');
    // docs/deploy.md's rolling restart: the next one only once nginx sends this one requests again.
    const backAt = Date.now();
    const lines = (await proxy.accessLog()).split('\n').length;
    while (
      !(await proxy.accessLog())
        .split('\n')
        .slice(lines)
        .some((line) => line.includes(`upstream=127.0.0.1:${instance.port} 200`))
    )
      await sleep(50);
    console.log(`sigterm: nginx sends ${'AB'[which]} requests again ${Date.now() - backAt} ms after it was ready`);
  }
  await sleep(1500);
  stopped = true;
  const result = await load;
  const found = await foundOnPostgres(db.url, result.confirmed);
  const resets = result.answers.filter((answer) => answer.status === 0).length;
  const errors = result.answers.filter((answer) => answer.status >= 500).length;
  const proxy5xx = nginx5xx(await proxy.accessLog());
  const clean = exits.filter((exit) => exit.code === 0).length;
  const slowest = Math.max(...exits.map((exit) => exit.ms));
  console.log(`sigterm: ${resets} resets, ${errors} 5xx; ${failureNote(result.answers)}`);
  return {
    fault: `SIGTERM to \`npm run start -w apps/server\` of one of two instances behind nginx, ${ROUNDS} rounds`,
    sent: result.sent,
    confirmed: result.confirmed.length,
    lost: result.confirmed.length - found,
    recovery: `exit 0 in ${clean} of ${exits.length} rounds, each within ${seconds(slowest)}`,
    notes: `${resets} resets, ${errors} 5xx answers (nginx logged ${proxy5xx}) of ${result.answers.length}; ${failureNote(result.answers)}`,
  };
}

// ---------------------------------------------------------------------------------------------
// kill -9 of the server on the embedded database in the middle of writes, then a restart.

async function kill9(): Promise<Row> {
  const dir = await tempDir('fault-kill');
  const first = await server(dir);
  const token = await signIn(first.base, DEMO_RECORDER);
  const cat = await catalog(first.base, token);
  let stopped = false;
  const load = writeLoad(first.base, token, cat, 4, () => stopped);
  await sleep(4000);
  console.log('kill9: SIGKILL to the server on the embedded database in the middle of writes');
  first.child.kill('SIGKILL');
  await first.exited;
  stopped = true;
  const result = await load;
  const restartAt = Date.now();
  const second = await server(dir);
  const restartMs = Date.now() - restartAt;
  // The same enrollments answered again: a replay for each confirmed one.
  const reread = await call(`${second.base}/api/commodities`, { token: await signIn(second.base, DEMO_RECORDER) });
  second.child.kill('SIGTERM');
  await second.exited;
  const database = new PGlite(path.join(dir, 'pglite'));
  let found = 0;
  let check = '';
  try {
    const { rows } = await database.query<{ n: number }>(
      `select count(distinct e.id)::int as n from enrollments e join commodities c on c.enrollment_id = e.id
       where e.idempotency_key::text = any($1::text[])`,
      [result.confirmed],
    );
    found = rows[0]?.n ?? 0;
    // Every table read whole, and every commodity's enrollment there: nothing torn.
    const tables = await database.query<{ name: string }>(
      `select tablename as name from pg_tables where schemaname = 'public'`,
    );
    for (const { name } of tables.rows) await database.query(`select count(*) from "${name}"`);
    const orphans = await database.query<{ n: number }>(
      'select count(*)::int as n from commodities c left join enrollments e on e.id = c.enrollment_id where e.id is null',
    );
    check = `${tables.rows.length} tables read whole, ${orphans.rows[0]?.n} commodities without enrollment`;
  } finally {
    await database.close();
  }
  console.log(`kill9: restarted in ${restartMs} ms; ${check}; ${failureNote(result.answers)}`);
  return {
    fault: 'kill -9 of the server on the embedded database, restart on the same DATA_DIR',
    sent: result.sent,
    confirmed: result.confirmed.length,
    lost: result.confirmed.length - found,
    recovery: `ready ${seconds(restartMs)} after the restart`,
    notes: `list after restart ${reread.status}; ${check}; ${failureNote(result.answers)}`,
  };
}

// ---------------------------------------------------------------------------------------------
// Clients that cut an upload in the middle, and that retry a submit after a timeout.

async function filesUnder(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).length;
}

const CUTS = 10;
const RETRIES = 10;

async function clients(): Promise<Row[]> {
  const db = await scratchDatabase('fault_client');
  const dir = await tempDir('fault-client');
  const env = { DATABASE_URL: db.url };
  await seedDemo(dir, env);
  const instance = await server(dir, env);
  const token = await signIn(instance.base, DEMO_RECORDER);
  const cat = await catalog(instance.base, token);
  const uploads = path.join(dir, 'uploads');
  const rows = async () => {
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      return (await client.query<{ n: number }>('select count(*)::int as n from uploads')).rows[0]?.n ?? 0;
    } finally {
      await client.end();
    }
  };
  const filesBefore = await filesUnder(uploads);
  const rowsBefore = await rows();
  console.log(`clients: ${CUTS} uploads cut off half way, ${RETRIES} submits retried after a 30 ms timeout`);
  const { payload, contentType } = await photoUpload(200);
  for (let i = 0; i < CUTS; i += 1) {
    const socket = net.connect(instance.port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(
      `POST /api/upload/image HTTP/1.1\r\nHost: bench\r\nAuthorization: Bearer ${token}\r\n` +
        `Content-Type: ${contentType}\r\nContent-Length: ${payload.length}\r\n\r\n`,
    );
    socket.write(payload.subarray(0, Math.floor(payload.length / 2)));
    await sleep(100);
    socket.destroy();
  }
  await sleep(1000);
  const filesAfter = await filesUnder(uploads);
  const rowsAfter = await rows();

  const keys: string[] = [];
  let confirmed = 0;
  let timedOut = 0;
  let replayed = 0;
  for (let i = 0; i < RETRIES; i += 1) {
    const photo = await uploadPhoto(instance.base, token);
    if (!photo.url) throw new Error(`upload failed: ${photo.status} ${photo.msg}`);
    const body = enrollmentBody(cat, photo.url);
    keys.push(body.idempotency_key);
    const first = await enroll(instance.base, token, body, 30);
    if (first.status === 0) timedOut += 1;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const again = await enroll(instance.base, token, body);
      if (ok(again)) {
        confirmed += 1;
        if ((again.data as { replayed: boolean }).replayed) replayed += 1;
        break;
      }
      await sleep(200);
    }
  }
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  const { rows: stored } = await client
    .query<{ enrollments: number; commodities: number }>(
      `select count(distinct e.id)::int as enrollments, count(c.id)::int as commodities
       from enrollments e left join commodities c on c.enrollment_id = e.id
       where e.idempotency_key::text = any($1::text[])`,
      [keys],
    )
    .finally(() => client.end());
  const filesAtEnd = await filesUnder(uploads);
  const twice = (stored[0]?.commodities ?? 0) - (stored[0]?.enrollments ?? 0);
  return [
    {
      fault: 'client cuts a photo upload half way',
      sent: CUTS,
      confirmed: 0,
      lost: 0,
      recovery: '-',
      notes: `files in storage ${filesBefore} → ${filesAfter}, upload rows ${rowsBefore} → ${rowsAfter} (partial files: ${filesAfter - filesBefore}); ${filesAtEnd} files once the retries' photos were stored`,
    },
    {
      fault: 'client retries a submit after a 30 ms timeout',
      sent: RETRIES * 2,
      confirmed,
      lost: confirmed - (stored[0]?.enrollments ?? 0),
      recovery: '-',
      notes: `${timedOut} first tries timed out, ${replayed} retries answered as replays; ${stored[0]?.enrollments} enrollments and ${stored[0]?.commodities} commodities for ${RETRIES} keys (duplicates: ${twice})`,
    },
  ];
}

// ---------------------------------------------------------------------------------------------
// The object store unavailable during an upload.

async function objectsIn(dir: string) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile() && entry.name.endsWith('._S3rver_object')).length;
}

async function storeDown(): Promise<Row> {
  const db = await scratchDatabase('fault_s3');
  const dir = await tempDir('fault-s3');
  const objects = await tempDir('fault-s3-objects');
  const port = await freePort();
  let bucket = await startS3Server({ port, directory: objects });
  onCleanup(() => bucket.close());
  const env = { ...bucket.env, DATABASE_URL: db.url };
  await seedDemo(dir, env);
  const instance = await server(dir, env);
  const token = await signIn(instance.base, DEMO_RECORDER);
  const before = await uploadPhoto(instance.base, token);
  if (!before.url) throw new Error(`upload failed: ${before.status} ${before.msg}`);
  const objectsBefore = await objectsIn(objects);
  console.log('store-down: the bucket stopped, 5 uploads sent, the bucket started again');
  await bucket.close();
  const answers: string[] = [];
  let confirmed = 0;
  const started = Date.now();
  for (let i = 0; i < 5; i += 1) {
    const answer = await uploadPhoto(instance.base, token);
    if (answer.url) confirmed += 1;
    else answers.push(`${answer.status}/${answer.code} "${answer.msg}"`);
  }
  const slowest = (Date.now() - started) / 5;
  const objectsDuring = await objectsIn(objects);
  bucket = await startS3Server({ port, directory: objects });
  const back = Date.now();
  let recovered: number | undefined;
  while (Date.now() - back < 30_000) {
    if ((await uploadPhoto(instance.base, token)).url) {
      recovered = Date.now();
      break;
    }
    await sleep(200);
  }
  const distinct = [...new Set(answers)].join('; ');
  return {
    fault: 'object store down during uploads',
    sent: 5,
    confirmed,
    lost: 0,
    recovery: recovered ? `${seconds(recovered - back)} after the store was back` : 'NOT RECOVERED in 30 s',
    notes: `answers: ${distinct || 'none failed'} (${Math.round(slowest)} ms each); objects ${objectsBefore} → ${objectsDuring} while down`,
  };
}

const faults: Record<string, () => Promise<Row | Row[]>> = {
  'pg-restart': pgRestart,
  sigterm,
  kill9,
  clients,
  'store-down': storeDown,
};
const chosen = process.env.BENCH_FAULTS?.split(',').filter(Boolean) ?? Object.keys(faults);
for (const name of chosen) if (!(name in faults)) throw new Error(`BENCH_FAULTS: no fault named ${name}`);
process.on('SIGINT', () => {
  ensurePgUp();
  process.exit(130);
});

const table: Row[] = [];
for (const name of chosen) {
  const started = Date.now();
  try {
    table.push(...[await (faults[name] as () => Promise<Row | Row[]>)()].flat());
  } catch (error) {
    console.error(`${name} could not run:`, error);
    table.push({
      fault: name,
      sent: 0,
      confirmed: 0,
      lost: '?',
      recovery: '-',
      notes: `FAILED: ${(error as Error).message}`,
    });
  } finally {
    if (name === 'pg-restart') ensurePgUp();
    await cleanup();
  }
  console.log(`${name}: ${seconds(Date.now() - started)}`);
}
console.log(`\nFaults, ${new Date().toISOString().slice(0, 10)}, loopback\n`);
console.log(markdownTable(table.map((row) => ({ ...row }))));
process.exit(table.some((row) => row.lost !== 0) ? 1 : 0);
