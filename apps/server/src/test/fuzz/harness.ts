/**
 * The fuzzer: sends the requests of `requests.ts` to an app through `inject`, one at a time, and
 * checks for every one that the answer is below 500, is our `{ code, msg, data }` envelope, came
 * within the time limit, and, when it refused, that it changed nothing in the database.
 *
 * "Changed nothing" is checked on a digest of every application table (row count and the sum of
 * each row's hash): once per batch of refused calls, and when the digest moved, by replaying the
 * batch's calls one by one with a digest around each, which names the culprit. A call that was
 * accepted may change the database, so the refusals before it are replayed the same way.
 */
import { randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import type { EnrollInput } from '@jewel/contract/commodity';
import type { RouteDef } from '@jewel/contract/route';
import { type RouteName, routes } from '@jewel/contract/routes';
import { DEMO_PASSWORD } from '@jewel/contract/values/demo';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { createSigner } from 'fast-jwt';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { verifyClock } from '../../features/certificate/certificate.service.ts';
import { USERS } from '../../seed/users-data.ts';
import { TINY_IMAGES } from './hostile.ts';
import { CALLERS, type CallerName, type FuzzCase, type Pools, routeCases } from './requests.ts';

/**
 * The app's settings for a fuzz run: failed sign-ins are not limited (the fuzzer fails thousands
 * and must still sign its callers in again), and access tokens outlive a long run.
 */
export const FUZZ_CONFIG = {
  loginMaxFailuresPerAccountAddress: 1_000_000_000,
  loginMaxFailuresPerAddress: 1_000_000_000,
  loginSlowdownAfterFailuresPerAccount: 1_000_000_000,
  changePasswordMaxFailures: 1_000_000_000,
  passkeyOptionsPerAddress: 1_000_000_000,
  providerStartsPerAddress: 1_000_000_000,
  accessTokenTtl: 7 * 24 * 3600,
} satisfies Partial<Config>;

/**
 * Tables a refused call may change by design: a password check is counted before it is made,
 * which is how failed sign-ins and wrong old passwords are limited (docs/decisions.md).
 */
export const DIGEST_EXCLUDED_TABLES = ['login_throttles'];

/**
 * GET routes of the contract that write (the legacy API's shape, or a read that is recorded: the
 * dealer's ledger records each read as an identity view): their successes may change the database.
 */
const WRITING_GETS = new Set<string>([
  'userNotificationMarkAsRead',
  'ledgerList',
  'ledgerDetail',
  'ledgerExport',
  // Issue 27: a buyback's preparation, a customer's identity checks and the suspicious-transaction
  // export each record an identity view.
  'commodityBuyback',
  'customerIdentityChecks',
  'suspiciousExport',
]);

/**
 * Routes outside the contract, fuzzed like its routes: the public verification pages (issue 14),
 * which answer HTML, so that any status below 500 with an HTML page passes for them. The test "covers every route the app registers" (features/system/fuzz.test.ts)
 * fails when the app registers a route that is neither in the contract nor here.
 */
export const PAGE_ROUTES = {
  verifyPage: {
    method: 'GET',
    path: '/verify/:id',
    summary: 'The public verification page of a certificate or tag',
    tag: 'certificate',
    access: 'public',
    params: z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{22}$/) }),
    query: z.object({ lang: z.enum(['zh-Hans', 'zh-Hant', 'en', 'ja']).optional() }),
  },
  verifyPhoto: {
    method: 'GET',
    path: '/verify/:id/photos/:n',
    summary: 'A photo of the verified item',
    tag: 'certificate',
    access: 'public',
    params: z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{22}$/), n: z.string().regex(/^[0-9]$/) }),
  },
  verifyOther: {
    method: 'GET',
    path: '/verify/:rest',
    summary: 'Anything else under /verify/ (the wildcard route /verify/*)',
    tag: 'certificate',
    access: 'public',
    params: z.object({ rest: z.string().max(300) }),
  },
} satisfies Record<string, RouteDef>;
export type PageName = keyof typeof PAGE_ROUTES;
/** Every name the fuzzer takes: the contract's routes and the pages outside it. */
export type FuzzedName = RouteName | PageName;
export const FUZZED_NAMES = [...Object.keys(routes), ...Object.keys(PAGE_ROUTES)] as FuzzedName[];
const routeOf = (name: FuzzedName): RouteDef =>
  name in PAGE_ROUTES ? PAGE_ROUTES[name as PageName] : routes[name as RouteName];

/** Refused calls checked together with one digest, before falling back to one digest per call. */
const BATCH = 25;

export type FailureKind = '5xx' | 'envelope' | 'hang' | 'changed';

export interface Failure {
  kind: FailureKind;
  route: string;
  /** What went wrong, the same for every failure of one cause (status, server error, answer). */
  detail: string;
  request: string;
  answer: string;
}

export interface RouteReport {
  name: string;
  route: string;
  cases: number;
  statuses: Map<number, number>;
  hangs: number;
  maxMs: number;
  refusalsChecked: number;
  failures: Failure[];
}

interface Answer {
  status: number;
  contentType: string;
  body: string;
  ms: number;
  /** What the server logged as an error while answering. */
  serverError?: string;
}

type Digest = Map<string, string>;

/** A refused call not checked yet, with its first answer. */
interface Refused {
  c: FuzzCase;
  answer: Answer;
}

interface Caller {
  token: string | null;
  renew(): Promise<string>;
}

const short = (text: string, max = 240) => (text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text);
/** JSON.stringify shows NUL, lone surrogates and control characters as escapes. */
const shown = (text: string, max = 240) => short(JSON.stringify(text).slice(1, -1), max);

export function describeCase(c: FuzzCase): string {
  const payload =
    c.payload === undefined
      ? ''
      : typeof c.payload === 'string'
        ? shown(c.payload)
        : `<${c.payload.length} bytes> ${shown(c.payload.toString('latin1'), 160)}`;
  const headers = Object.entries(c.headers)
    .map(([name, value]) => `${name}: ${shown(value, 80)}`)
    .join(' | ');
  return `${c.method} ${shown(c.url, 300)} as ${c.caller} [${c.note}] headers {${headers}}${payload ? ` body ${payload}` : ''}`;
}

function describeAnswer(answer: Answer): string {
  return `${answer.status} ${answer.contentType} ${short(answer.body, 300)}${answer.serverError ? ` server error: ${answer.serverError}` : ''}`;
}

/** A 32-bit seed of its own for each route, from the run's seed. */
export function routeSeed(seed: number, name: string): number {
  let hash = 0x811c9dc5 ^ seed;
  for (const char of name) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193);
  return hash | 0;
}

function decode(body: Buffer, encoding: string | undefined): Buffer {
  if (encoding === 'br') return zlib.brotliDecompressSync(body);
  if (encoding === 'gzip') return zlib.gunzipSync(body);
  if (encoding === 'deflate') return zlib.inflateSync(body);
  return body;
}

/** The reasons the answer is not our envelope, or null when it is. */
function envelopeProblem(route: RouteDef, answer: Answer): string | null {
  if (answer.status === 304) return null;
  // A page outside the API answers HTML (or its photo), whatever the status.
  if (route.path.startsWith('/verify/')) return answer.status < 500 ? null : 'a page answered 5xx';
  if (!route.data && answer.status < 400) return null;
  if (!answer.contentType.startsWith('application/json')) return `content type ${answer.contentType || '(none)'}`;
  let body: unknown;
  try {
    body = JSON.parse(answer.body);
  } catch {
    return 'body is not JSON';
  }
  if (body === null || typeof body !== 'object') return 'body is not an object';
  const { code, msg } = body as Record<string, unknown>;
  if (typeof code !== 'number' || !Number.isInteger(code)) return 'code is not an integer';
  if (typeof msg !== 'string' || msg === '') return 'msg is not a text';
  if (!('data' in body)) return 'no data';
  if (answer.status < 400 && code !== 0) return `status ${answer.status} with code ${code}`;
  if (answer.status >= 400 && code === 0) return `status ${answer.status} with code 0`;
  return null;
}

function firstOwnFrame(error: Error): string {
  const frame = error.stack
    ?.split('\n')
    .find((line) => line.includes('/apps/server/src/') || line.includes('/packages/'));
  return frame ? ` ${frame.trim().replace(/\(.*\/(apps|packages)\//, '($1/')}` : '';
}

/** What a body that is not our envelope says, short enough to group answers by. */
function answerGist(body: string): string {
  try {
    const parsed = JSON.parse(body) as Record<string, unknown>;
    if (typeof parsed.code === 'string') return parsed.code;
    if (typeof parsed.message === 'string') return short(parsed.message, 100);
  } catch {
    // not JSON: its beginning says what it is
  }
  return short(body, 60);
}

/** An error the server logged, by its root cause (a driver's error under drizzle's "Failed query") and where it surfaced. */
function serverErrorText(error: Error): string {
  let root: unknown = error;
  while (root instanceof Error && root.cause instanceof Error) root = root.cause;
  const cause = root as Error & { code?: string };
  const under = error.message.startsWith('Failed query') ? ' in a query' : ` under ${error.name}`;
  const message = cause === error ? error.message : `${cause.message}${cause.code ? ` (${cause.code})` : ''}${under}`;
  return `${cause.name}: ${short(message.replaceAll(/\s+/g, ' '), 160)}${firstOwnFrame(error)}`;
}

export class Fuzzer {
  readonly pools: Pools;
  private readonly callers: Record<CallerName, Caller>;
  private readonly tables: string[];
  private lastServerError: string | undefined;

  private readonly app: FastifyInstance;
  private readonly timeoutMs: number;

  private constructor(
    app: FastifyInstance,
    callers: Record<CallerName, Caller>,
    pools: Pools,
    tables: string[],
    timeoutMs: number,
  ) {
    this.app = app;
    this.timeoutMs = timeoutMs;
    this.callers = callers;
    this.pools = pools;
    this.tables = tables;
    // With the logger off, every request logs through the app's one null logger: the error
    // handler's "request failed" line is how a 5xx's cause reaches the report.
    const log = app.log as unknown as { error: (...args: unknown[]) => void };
    log.error = (object: unknown) => {
      const error = (object as { err?: unknown })?.err;
      this.lastServerError = error instanceof Error ? serverErrorText(error) : short(String(object));
    };
  }

  /** Signs the callers in, makes a little data for them to find (photos, commodities, an inquiry, a subtotal) and collects ids. */
  static async start(app: FastifyInstance, { timeoutMs = 5000 } = {}): Promise<Fuzzer> {
    // The verification pages hold an address's misses for seconds (certificate.service.ts
    // holdMiss): the fuzzer's one address sends thousands, so its clock does not wait.
    verifyClock.wait = async () => {};
    const inject = async (
      method: 'GET' | 'POST',
      url: string,
      token: string | null,
      payload?: object | Buffer,
      contentType?: string,
    ) => {
      const response = await app.inject({
        method,
        url,
        headers: {
          lang: 'en',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(contentType ? { 'content-type': contentType } : {}),
        },
        ...(payload ? { payload } : {}),
      });
      if (response.statusCode !== 200)
        throw new Error(`fuzz setup: ${method} ${url} answered ${response.statusCode} ${response.body}`);
      return JSON.parse(response.body).data;
    };
    const login = async (mobile: string) =>
      (await inject('POST', '/api/auth/login', null, { mobile, password: DEMO_PASSWORD })).token as string;
    const [recorderMobile, valuerMobile, linkMakerMobile] = [
      USERS.find((user) => user.roles.includes('recorder') && !user.manager),
      ...USERS.filter((user) => user.roles.includes('valuers')),
    ].map((user) => user?.mobile ?? '');
    const callers = {} as Record<CallerName, Caller>;
    const staff = (mobile: string): Caller => ({ token: null, renew: () => login(mobile) });
    callers.anonymous = { token: null, renew: async () => '' };
    callers.recorder = staff(recorderMobile as string);
    callers.valuer = staff(valuerMobile as string);
    const guest = (role: 'recorder' | 'valuers'): Caller => ({
      token: null,
      async renew() {
        const staffToken = await login(linkMakerMobile as string);
        const link = await inject('POST', '/api/auth/tmp', staffToken, { role, hours: 720 });
        return (await inject('POST', '/api/auth/guest', null, { uuid: link.uuid })).token as string;
      },
    });
    callers.guestRecorder = guest('recorder');
    callers.guestValuer = guest('valuers');
    for (const name of CALLERS) if (name !== 'anonymous') callers[name].token = await callers[name].renew();
    const recorder = callers.recorder.token as string;

    const boundary = 'fuzzSetupBoundary';
    const photos: string[] = [];
    for (const image of [TINY_IMAGES.jpeg, TINY_IMAGES.png]) {
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p"\r\nContent-Type: image/jpeg\r\n\r\n`,
        ),
        image,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      photos.push(
        (await inject('POST', '/api/upload/image', recorder, payload, `multipart/form-data; boundary=${boundary}`)).url,
      );
    }
    const brand = (await inject('GET', '/api/brands', recorder))[0];
    const types = await inject('GET', `/api/brand/${brand.id}/types`, recorder);
    const category = (await inject('GET', '/api/categories', recorder))[0];
    const valuer = await inject('GET', '/api/user/info', callers.valuer.token);
    const commodity = (overrides: Partial<EnrollInput['commodities'][number]>) => ({
      brand_id: brand.id,
      type_id: types[0]?.id ?? null,
      category_id: category.id,
      product_name: 'Fuzz bracelet',
      product_status: 2,
      size_pics: [photos[0] as string],
      product_pics: photos,
      accessory_pics: [photos[1] as string],
      ...overrides,
    });
    const enrollment: EnrollInput = {
      idempotency_key: randomUUID(),
      customer_name: 'Fuzz',
      customer_phone: '13912345678',
      commodities: [commodity({}), commodity({ valuer_id: valuer.id }), commodity({ priority: 2 })],
    };
    await inject('POST', '/api/enrollments', recorder, enrollment);
    await inject('POST', '/api/inquiries', recorder, {
      customer_name: 'Fuzz',
      contact: 'wx',
      product_name: 'Ring',
      source: 'wechat',
    });
    await inject('POST', '/api/subtotals', callers.valuer.token, { name: 'Fuzz', filter: {} });

    const rows = async <T>(query: string) => ((await app.db.execute(sql.raw(query))) as unknown as { rows: T[] }).rows;
    const tables = (
      await rows<{ name: string }>(
        `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
      )
    )
      .map((row) => row.name)
      .filter((name) => !DIGEST_EXCLUDED_TABLES.includes(name));
    const idTables = await rows<{ name: string }>(
      `select table_name as name from information_schema.columns where table_schema = 'public' and column_name = 'id' and data_type = 'integer'`,
    );
    const ids = new Set<number>();
    for (const { name } of idTables) {
      for (const row of await rows<{ id: number }>(`select id from "${name}" order by id desc limit 6`))
        ids.add(Number(row.id));
    }
    const uuids = [
      ...(await rows<{ id: string }>('select id::text as id from temporary_links')).map((row) => row.id),
      ...(await rows<{ id: string }>('select idempotency_key::text as id from enrollments')).map((row) => row.id),
    ];
    const fileNames = (
      await rows<{ name: string; thumb: string }>('select name, thumb_name as thumb from uploads')
    ).flatMap((row) => [row.name, row.thumb]);
    const [session] = await rows<{ id: string; user_id: number }>(
      'select id::text as id, user_id from sessions limit 1',
    );
    const sign = createSigner({ key: app.config.jwtSecret, algorithm: 'HS256', expiresIn: 3600_000 });
    const sid = session?.id ?? randomUUID();
    // Only claims the server itself could have signed: a client without the key cannot make others.
    const forgedTokens = [
      sign({ sub: String(session?.user_id ?? 1), sid: '00000000-0000-0000-0000-000000000000' }),
      sign({ sub: String(session?.user_id ?? 1), sid: randomUUID() }),
      sign({ sub: String(session?.user_id ?? 1), sid, extra: JSON.parse('{"__proto__":{"admin":true}}') }),
      createSigner({ key: 'another-secret', algorithm: 'HS256' })({ sub: '1', sid }),
      createSigner({ key: 'another-secret', algorithm: 'HS256' })({ sub: '99999999999', sid: '-'.repeat(36) }),
      createSigner({ algorithm: 'none' })({ sub: '1', sid }),
      createSigner({
        key: app.config.jwtSecret,
        algorithm: 'HS256',
        expiresIn: 1000,
        clockTimestamp: Date.now() - 3_600_000,
      })({
        sub: String(session?.user_id ?? 1),
        sid,
      }),
    ];
    const pools: Pools = { ids: [...ids].sort((a, b) => a - b), uuids, photoPaths: photos, fileNames, forgedTokens };
    return new Fuzzer(app, callers, pools, tables, timeoutMs);
  }

  private async digest(): Promise<Digest> {
    const query = this.tables
      .map(
        (name) =>
          `select '${name}' as t, count(*)::text || ':' || coalesce(sum(hashtext(x::text)::bigint), 0)::text as d from "${name}" x`,
      )
      .join(' union all ');
    const result = (await this.app.db.execute(sql.raw(query))) as unknown as { rows: { t: string; d: string }[] };
    return new Map(result.rows.map((row) => [row.t, row.d]));
  }

  private static changedTables(before: Digest, after: Digest): string[] {
    return [...after.keys()].filter((name) => before.get(name) !== after.get(name));
  }

  /** Sends one case; a hang is an answer of status 0. */
  async send(c: FuzzCase): Promise<Answer> {
    const token = this.callers[c.caller].token;
    const headers = { ...c.headers };
    if (!('authorization' in headers) && token) headers.authorization = `Bearer ${token}`;
    this.lastServerError = undefined;
    const started = performance.now();
    const exchange = (async (): Promise<Answer> => {
      const response = await this.app.inject({
        method: c.method,
        url: c.url,
        headers,
        ...(c.payload !== undefined ? { payload: c.payload } : {}),
        payloadAsStream: true,
      });
      const contentType = String(response.headers['content-type'] ?? '');
      const chunks: Buffer[] = [];
      if (contentType.startsWith('text/event-stream')) {
        // An event stream never ends: its status and headers are the answer. (Its events do not
        // come through inject, whose socket lacks the setNoDelay a real one has.)
        (response.raw.res as unknown as { destroy(): void }).destroy();
      } else {
        for await (const chunk of response.stream()) chunks.push(chunk as Buffer);
      }
      const encoding = response.headers['content-encoding'] as string | undefined;
      const body = decode(Buffer.concat(chunks), encoding).toString('utf8');
      return { status: response.statusCode, contentType, body, ms: performance.now() - started };
    })();
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<Answer>((resolve) => {
      timer = setTimeout(() => resolve({ status: 0, contentType: '', body: '', ms: this.timeoutMs }), this.timeoutMs);
    });
    try {
      const answer = await Promise.race([exchange, deadline]);
      return { ...answer, ...(this.lastServerError ? { serverError: this.lastServerError } : {}) };
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Signs callers in again whose session a call ended (a logout, a revoked guest link). Only
   * callers that may have lost it are checked: those marked since the last accepted write.
   */
  private async revive(names: readonly CallerName[]) {
    for (const name of names) {
      const caller = this.callers[name];
      if (!caller.token || !this.maybeEnded.has(name)) continue;
      this.maybeEnded.delete(name);
      const check = await this.app.inject({
        method: 'GET',
        url: '/api/user/info',
        headers: { authorization: `Bearer ${caller.token}` },
      });
      if (check.statusCode !== 200) caller.token = await caller.renew();
    }
  }

  /** Callers whose session an accepted write may have ended. */
  private readonly maybeEnded = new Set<CallerName>(CALLERS);

  /** Generates `runs` requests for the route from the seed and checks each. */
  async fuzzRoute(name: FuzzedName, runs: number, seed: number): Promise<RouteReport> {
    const route: RouteDef = routeOf(name);
    const report: RouteReport = {
      name,
      route: `${route.method} ${route.path}`,
      cases: 0,
      statuses: new Map(),
      hangs: 0,
      maxMs: 0,
      refusalsChecked: 0,
      failures: [],
    };
    const fail = (kind: FailureKind, detail: string, c: FuzzCase, answer: Answer | null) => {
      report.failures.push({
        kind,
        route: report.route,
        // Long numbers (ids, values) differ from case to case: without them, one cause is one line.
        detail: detail.replaceAll(/\d{6,}/g, 'N'),
        request: describeCase(c),
        answer: answer ? describeAnswer(answer) : '',
      });
    };
    /** An answer after which the database may have changed by right: an accepted write, or no answer at all. */
    const mayHaveWritten = (answer: Answer, c: FuzzCase) =>
      answer.status === 0 || (answer.status < 400 && (c.method !== 'GET' || WRITING_GETS.has(name)));
    const refusedAndChanged = (answer: Answer, before: Digest, after: Digest, c: FuzzCase) => {
      const changed = Fuzzer.changedTables(before, after);
      if (answer.status >= 400 && changed.length > 0)
        fail('changed', `${answer.status} changed ${changed.join(', ')}`, c, answer);
      return changed.length > 0;
    };

    /** Replays refused calls one at a time, each between two digests, and names those that changed the database. */
    const replay = async (batch: Refused[]) => {
      let explained = false;
      for (const { c } of batch) {
        const before = await this.digest();
        const answer = await this.send(c);
        if (mayHaveWritten(answer, c)) for (const caller of CALLERS) this.maybeEnded.add(caller);
        else if (answer.status >= 400 && refusedAndChanged(answer, before, await this.digest(), c)) explained = true;
      }
      return explained;
    };

    // The state before the refusals not checked yet (`pending`); null once a write may have moved it.
    let baseline: Digest | null = null;
    let pending: Refused[] = [];
    const checkPending = async () => {
      const batch = pending;
      pending = [];
      if (batch.length === 0 || !baseline) return;
      report.refusalsChecked += batch.length;
      const changed = Fuzzer.changedTables(baseline, await this.digest());
      if (changed.length === 0) return;
      // A change that does not happen again (a session already ended…): the likeliest culprit is a 5xx.
      const suspect = batch.find(({ answer }) => answer.status >= 500) ?? batch[0];
      if (!(await replay(batch)) && suspect) {
        const detail = `changed ${changed.join(', ')} across ${batch.length} refused calls, none again alone`;
        fail('changed', detail, suspect.c, suspect.answer);
      }
      baseline = await this.digest();
    };

    await this.revive(CALLERS);
    const arbitrary = routeCases(route, this.pools);
    let accepted = 0;
    const chunk = 100;
    for (let start = 0; start < runs; start += chunk) {
      const cases = fc.sample(arbitrary, {
        seed: routeSeed(seed, name) + start,
        numRuns: Math.min(chunk, runs - start),
      });
      for (const c of cases) {
        // Where writes are often accepted, a digest after every call costs less than replaying batches.
        const oneByOne = report.cases >= 20 && accepted / report.cases > 1 / BATCH;
        if (oneByOne) await checkPending();
        if (!baseline) baseline = await this.digest();
        const answer = await this.send(c);
        report.cases++;
        report.maxMs = Math.max(report.maxMs, answer.ms);
        if (answer.status === 0) {
          report.hangs++;
          fail('hang', `no answer within ${this.timeoutMs} ms`, c, null);
        } else {
          report.statuses.set(answer.status, (report.statuses.get(answer.status) ?? 0) + 1);
          const problem = envelopeProblem(route, answer);
          const notEnvelope = problem ? ` (not our envelope: ${problem})` : '';
          if (answer.status >= 500) {
            const what =
              answer.serverError ?? (problem ? answerGist(answer.body) : `code ${JSON.parse(answer.body).code}`);
            fail('5xx', `${answer.status} ${what}${notEnvelope}`, c, answer);
          } else if (problem) fail('envelope', `${answer.status} ${problem}: ${answerGist(answer.body)}`, c, answer);
        }

        if (mayHaveWritten(answer, c)) {
          // The refusals before it are checked one by one, since the digest now includes this write.
          accepted++;
          const batch = pending;
          pending = [];
          report.refusalsChecked += batch.length;
          await replay(batch);
          for (const caller of CALLERS) this.maybeEnded.add(caller);
          baseline = null;
        } else if (answer.status >= 400) {
          if (oneByOne) {
            report.refusalsChecked++;
            const after = await this.digest();
            refusedAndChanged(answer, baseline, after, c);
            baseline = after;
          } else {
            pending.push({ c, answer });
            if (pending.length >= BATCH) await checkPending();
          }
        }
        // A refused caller whose session an earlier write may have ended: signed in again, outside any check.
        if (
          answer.status === 401 &&
          c.caller !== 'anonymous' &&
          !('authorization' in c.headers) &&
          this.maybeEnded.has(c.caller)
        ) {
          await checkPending();
          await this.revive([c.caller]);
          baseline = null;
        }
      }
    }
    await checkPending();
    return report;
  }
}

/** Failures grouped by kind and detail over every route: each cause once, with its routes and one example. */
export function failureCauses(reports: RouteReport[]) {
  const causes = new Map<
    string,
    { kind: FailureKind; detail: string; count: number; routes: Set<string>; example: Failure }
  >();
  for (const failure of reports.flatMap((report) => report.failures)) {
    const key = `${failure.kind} ${failure.detail}`;
    const cause = causes.get(key) ?? {
      kind: failure.kind,
      detail: failure.detail,
      count: 0,
      routes: new Set(),
      example: failure,
    };
    cause.count++;
    cause.routes.add(failure.route);
    causes.set(key, cause);
  }
  return [...causes.values()].sort((a, b) => b.count - a.count);
}

export function formatFailures(reports: RouteReport[], seed: number): string {
  const causes = failureCauses(reports);
  if (causes.length === 0) return 'no failures';
  const lines = [`${causes.length} kinds of failure (FUZZ_SEED=${seed}):`];
  for (const { kind, detail, count, routes, example } of causes) {
    const where = routes.size === 1 ? example.route : `${routes.size} routes, e.g. ${example.route}`;
    lines.push(`- ${kind}: ${detail} ×${count} (${where})`, `    request: ${example.request}`);
    if (example.answer) lines.push(`    answer:  ${example.answer}`);
  }
  return lines.join('\n');
}

/** One row per route: cases, answers by status (each 4xx on its own), 5xx, hangs, slowest. */
export function formatTable(reports: RouteReport[]): string {
  const clientStatuses = [...new Set(reports.flatMap((report) => [...report.statuses.keys()]))]
    .filter((status) => status >= 400 && status < 500)
    .sort((a, b) => a - b);
  const count = (report: RouteReport, test: (status: number) => boolean) =>
    [...report.statuses].filter(([status]) => test(status)).reduce((sum, [, n]) => sum + n, 0);
  const header = ['route', 'cases', '2xx', '3xx', ...clientStatuses.map(String), '5xx', 'hangs', 'changed', 'max ms'];
  const row = (report: RouteReport) => [
    report.route,
    String(report.cases),
    String(count(report, (s) => s < 300)),
    String(count(report, (s) => s >= 300 && s < 400)),
    ...clientStatuses.map((status) => String(report.statuses.get(status) ?? 0)),
    String(count(report, (s) => s >= 500)),
    String(report.hangs),
    String(report.failures.filter((failure) => failure.kind === 'changed').length),
    report.maxMs.toFixed(0),
  ];
  const total: RouteReport = {
    name: 'total',
    route: `total (${reports.length} routes)`,
    cases: reports.reduce((sum, report) => sum + report.cases, 0),
    statuses: new Map(),
    hangs: reports.reduce((sum, report) => sum + report.hangs, 0),
    maxMs: Math.max(0, ...reports.map((report) => report.maxMs)),
    refusalsChecked: 0,
    failures: reports.flatMap((report) => report.failures),
  };
  for (const report of reports)
    for (const [status, n] of report.statuses) total.statuses.set(status, (total.statuses.get(status) ?? 0) + n);
  const rows = [header, ...reports.map(row), row(total)];
  const widths = header.map((_, column) => Math.max(...rows.map((cells) => (cells[column] ?? '').length)));
  const line = (cells: string[]) =>
    `| ${cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join(' | ')} |`;
  const rule = `|${widths.map((width, column) => (column === 0 ? `${'-'.repeat(width + 1)}-` : `${'-'.repeat(width + 1)}:`)).join('|')}|`;
  return [line(header), rule, ...rows.slice(1).map(line)].join('\n');
}
