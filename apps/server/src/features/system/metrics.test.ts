/**
 * The metrics endpoint (issue 33): for the bearer of METRICS_TOKEN only, off without it, and
 * after a few hundred calls of every kind its labels name route patterns, never an id, a
 * mobile or a query. The readiness check names each dependency and its state.
 */

import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { metricsToken, storageConfig } from '../../config.ts';
import { READY_CHECK_TIMEOUT_MS } from '../../plugins/app/readiness.ts';
import { s3Storage } from '../../plugins/external/s3-storage.ts';
import { openStream } from '../../test/live-stream.ts';
import { photoUpload } from '../../test/photo-upload.ts';
import { bearer, DEMO, describeOnDatabases } from '../../test/test-app.ts';

const TOKEN = 'metrics-token-for-tests-0123456789';
const PHONE = '13912345678';
/** A mobile no user has, whose wrong passwords the login limit refuses after 5. */
const STRANGER = '13987654321';

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** Prometheus' text format, one sample a line (comments aside). */
function parse(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample: ${line}`);
      const labels: Record<string, string> = {};
      for (const [, key, value] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g))
        labels[key as string] = value as string;
      return { name: match[1] as string, labels, value: Number(match[3]) };
    });
}

/** The sample's value, 0 when absent: a counter not yet incremented for those labels. */
function sampleValue(samples: Sample[], name: string, labels: Record<string, string>): number {
  const found = samples.find(
    (sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
  return found?.value ?? 0;
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A file that is no image: refused with 415 before anything is stored. */
function textUpload() {
  const boundary = '----metricsTextFile';
  const payload = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n` +
      `Content-Type: text/plain\r\n\r\nnot a photo at all\r\n--${boundary}--\r\n`,
  );
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

describeOnDatabases(
  'metrics and readiness',
  (ctx) => {
    const scrape = async (app: FastifyInstance = ctx.app) => {
      const response = await app.inject({ method: 'GET', url: '/api/metrics', headers: bearer(TOKEN) });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      return response.body;
    };

    it('is refused without its token or with another, in our envelope and the caller’s language', async () => {
      const without = await ctx.app.inject({ method: 'GET', url: '/api/metrics', headers: { lang: 'en' } });
      expect(without.statusCode).toBe(401);
      expect(ctx.json(without)).toEqual({ code: 1013, msg: 'The metrics token is missing or wrong.', data: null });
      const wrong = await ctx.app.inject({
        method: 'GET',
        url: '/api/metrics',
        headers: { ...bearer(`${TOKEN}x`), lang: 'ja' },
      });
      expect(wrong.statusCode).toBe(401);
      expect(ctx.json(wrong)).toMatchObject({ code: 1013, msg: 'メトリクス用トークンがないか、正しくありません。' });
      // A user's session token is no metrics token.
      const session = await ctx.app.inject({
        method: 'GET',
        url: '/api/metrics',
        headers: bearer(await ctx.login(DEMO.recorder)),
      });
      expect(session.statusCode).toBe(401);
      expect(session.body).not.toContain('jewel_');
    });

    it('is refused on the listening port without its token, and answers its bearer there', async () => {
      const app = await buildApp({
        config: ctx.config,
        database: { ...ctx.app.database, listen: async () => async () => {} },
        logger: false,
      });
      try {
        await app.listen({ port: 0, host: '127.0.0.1' });
        const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
        const refused = await fetch(`${base}/api/metrics`);
        expect(refused.status).toBe(401);
        expect(((await refused.json()) as { code: number }).code).toBe(1013);
        const wrong = await fetch(`${base}/api/metrics`, { headers: { authorization: 'Basic abc' } });
        expect(wrong.status).toBe(401);
        const allowed = await fetch(`${base}/api/metrics`, { headers: bearer(TOKEN) });
        expect(allowed.status).toBe(200);
        expect(await allowed.text()).toContain('# TYPE jewel_http_requests_total counter');

        // An event stream open on this instance is counted while it lasts.
        const streams = async () => sampleValue(parse(await scrape(app)), 'jewel_live_streams', {});
        expect(await streams()).toBe(0);
        const stream = await openStream(base, await ctx.login(DEMO.valuer1));
        await stream.next(0);
        expect(await streams()).toBe(1);
        stream.close();
        await expect.poll(streams, { timeout: 4000, interval: 20 }).toBe(0);
      } finally {
        // fetch keeps the aborted stream's socket for its 4 s keep-alive, which close() would wait out.
        app.server.closeAllConnections();
        await app.close();
      }
    });

    it('a dependency that never answers counts as down after the check timeout, and the probe answers', async () => {
      const execute = ctx.app.db.execute;
      const check = ctx.app.storage.check;
      const never = () => new Promise<never>(() => {});
      try {
        ctx.app.storage.check = never;
        const started = performance.now();
        const degraded = await ctx.app.inject({ method: 'GET', url: '/api/ready' });
        const storageTook = performance.now() - started;
        expect(degraded.statusCode).toBe(200);
        expect(ctx.json(degraded).data).toEqual({
          status: 'degraded',
          checks: { database: { kind: ctx.kind, state: 'up' }, storage: { kind: 'local', state: 'down' } },
        });
        ctx.app.db.execute = never as never;
        const again = performance.now();
        const down = await ctx.app.inject({ method: 'GET', url: '/api/ready' });
        const bothTook = performance.now() - again;
        expect(down.statusCode).toBe(503);
        expect(ctx.json(down)).toMatchObject({
          code: 1009,
          data: { database: { kind: ctx.kind, state: 'down' }, storage: { kind: 'local', state: 'down' } },
        });
        // READY_CHECK_TIMEOUT_MS (1.5 s), the two checks side by side: neither probe waits much longer.
        for (const took of [storageTook, bothTook]) {
          expect(took).toBeGreaterThanOrEqual(READY_CHECK_TIMEOUT_MS - 50);
          expect(took).toBeLessThan(READY_CHECK_TIMEOUT_MS + 1000);
        }
      } finally {
        ctx.app.db.execute = execute;
        ctx.app.storage.check = check;
      }
      expect((await ctx.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    });

    it("the web app's pages and files count under its wildcard, a missing file as unmatched", async () => {
      const webDist = await mkdtemp(path.join(os.tmpdir(), 'jewel-web-'));
      await mkdir(path.join(webDist, 'assets'));
      await writeFile(path.join(webDist, 'index.html'), '<!doctype html><html><body>app</body></html>');
      await writeFile(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1);');
      const app = await buildApp({
        config: { ...ctx.config, webDist },
        database: { ...ctx.app.database, listen: async () => async () => {} },
        logger: false,
      });
      try {
        const get = async (url: string) => (await app.inject({ method: 'GET', url })).statusCode;
        expect(await get('/commodity/123456?phone=13912345678')).toBe(200);
        expect(await get('/')).toBe(200);
        expect(await get('/assets/app-abc123.js')).toBe(200);
        expect(await get('/assets/app-old9999.js')).toBe(404);
        const samples = parse(await app.metrics.scrape());
        const requests = (route: string, status_class: string) =>
          sampleValue(samples, 'jewel_http_requests_total', { method: 'GET', route, status_class });
        expect(requests('/*', '2xx')).toBe(3);
        expect(requests('unmatched', '4xx')).toBe(1);
      } finally {
        await app.close();
        await rm(webDist, { recursive: true, force: true });
      }
    });

    it('METRICS_TOKEN: unset or empty is off, a short one or one with spaces stops the start', () => {
      expect(metricsToken(undefined)).toBeUndefined();
      expect(metricsToken('  ')).toBeUndefined();
      expect(metricsToken(` ${TOKEN} `)).toBe(TOKEN);
      expect(() => metricsToken('short-token')).toThrow(/METRICS_TOKEN must be 16 characters or more/);
      expect(() => metricsToken('a token with spaces inside')).toThrow(/without spaces/);
    });

    it('answers like an unknown call while METRICS_TOKEN is unset', async () => {
      const unknown = await ctx.app.inject({ method: 'GET', url: '/api/no-such-call', headers: { lang: 'en' } });
      ctx.app.config.metricsToken = undefined;
      try {
        for (const headers of [{}, bearer(TOKEN)]) {
          const response = await ctx.app.inject({
            method: 'GET',
            url: '/api/metrics',
            headers: { ...headers, lang: 'en' },
          });
          expect(response.statusCode).toBe(404);
          expect(ctx.json(response)).toEqual(ctx.json(unknown));
          expect(ctx.json(response).code).toBe(1007);
        }
      } finally {
        ctx.app.config.metricsToken = TOKEN;
      }
    });

    it('under load: route patterns and classes counted as sent, no id, mobile or query in a label', async () => {
      const token = await ctx.login(DEMO.recorder);
      const before = parse(await scrape());
      const photo = await photoUpload(120);
      const text = textUpload();

      // What is sent, and what each call answers.
      const detail = Array.from({ length: 100 }, (_, i) =>
        ctx.app.inject({ method: 'GET', url: `/api/commodities/${900_000 + i}`, headers: bearer(token) }),
      );
      const list = Array.from({ length: 100 }, (_, i) =>
        ctx.app.inject({
          method: 'GET',
          url: `/api/commodities?keyword=${PHONE}&limit=${(i % 5) + 1}`,
          headers: bearer(token),
        }),
      );
      const health = Array.from({ length: 50 }, () => ctx.app.inject({ method: 'GET', url: '/api/health' }));
      const unknown = Array.from({ length: 20 }, (_, i) =>
        ctx.app.inject({ method: 'GET', url: `/api/nothing/${123_456 + i}?mobile=${PHONE}` }),
      );
      // Refused while routing, before any hook: a badly encoded path, an id longer than a parameter may be.
      const badlyEncoded = Array.from({ length: 5 }, (_, i) =>
        ctx.app.inject({ method: 'GET', url: `/api/commodities/${4321 + i}%E0%A4%A` }),
      );
      const tooLong = Array.from({ length: 5 }, () =>
        ctx.app.inject({ method: 'GET', url: `/api/commodities/${'9'.repeat(150)}`, headers: bearer(token) }),
      );
      const stored = Array.from({ length: 5 }, () =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/upload/image',
          headers: { ...bearer(token), 'content-type': photo.contentType },
          payload: photo.payload,
        }),
      );
      const refused = Array.from({ length: 3 }, () =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/upload/image',
          headers: { ...bearer(token), 'content-type': text.contentType },
          payload: text.payload,
        }),
      );
      // One after another: 5 wrong passwords of one mobile from one address, then 2 refused by the limit.
      const logins = (async () => {
        const statuses: number[] = [];
        for (let i = 0; i < 7; i += 1) {
          const response = await ctx.app.inject({
            method: 'POST',
            url: '/api/auth/login',
            payload: { mobile: STRANGER, password: `wrong-password-${i}` },
          });
          statuses.push(response.statusCode);
        }
        return statuses;
      })();
      // A scrape while the calls are under way answers too.
      const during = scrape();

      const statuses = async (calls: Promise<{ statusCode: number }>[]) =>
        (await Promise.all(calls)).map((response) => response.statusCode);
      expect(new Set(await statuses(detail))).toEqual(new Set([404]));
      expect(new Set(await statuses(list))).toEqual(new Set([200]));
      expect(new Set(await statuses(health))).toEqual(new Set([200]));
      expect(new Set(await statuses(unknown))).toEqual(new Set([404]));
      expect(new Set(await statuses(badlyEncoded))).toEqual(new Set([400]));
      expect(new Set(await statuses(tooLong))).toEqual(new Set([414]));
      expect(new Set(await statuses(stored))).toEqual(new Set([200]));
      expect(new Set(await statuses(refused))).toEqual(new Set([415]));
      expect(await logins).toEqual([400, 400, 400, 400, 400, 429, 429]);
      await during;

      const text2 = await scrape();
      const after = parse(text2);
      const delta = (name: string, labels: Record<string, string>) =>
        sampleValue(after, name, labels) - sampleValue(before, name, labels);
      const requests = (method: string, route: string, status_class: string) =>
        delta('jewel_http_requests_total', { method, route, status_class });

      // Counted by pattern and class, as sent.
      expect(requests('GET', '/api/commodities/:id', '4xx')).toBe(100);
      expect(requests('GET', '/api/commodities', '2xx')).toBe(100);
      expect(requests('GET', '/api/health', '2xx')).toBe(50);
      expect(requests('GET', 'unmatched', '4xx')).toBe(30);
      expect(requests('POST', '/api/upload/image', '2xx')).toBe(5);
      expect(requests('POST', '/api/upload/image', '4xx')).toBe(3);
      expect(requests('POST', '/api/auth/login', '4xx')).toBe(7);
      // The first scrape and the one during the load (this one counts after it answers).
      expect(requests('GET', '/api/metrics', '2xx')).toBe(2);
      expect(delta('jewel_http_request_duration_seconds_count', { route: '/api/commodities/:id' })).toBe(100);
      expect(delta('jewel_uploads_total', { outcome: 'stored' })).toBe(5);
      expect(delta('jewel_uploads_total', { outcome: 'refused' })).toBe(3);
      expect(delta('jewel_uploads_total', { outcome: 'failed' })).toBe(0);
      expect(delta('jewel_login_throttle_refusals_total', { kind: 'pair' })).toBe(2);
      expect(delta('jewel_login_throttle_refusals_total', { kind: 'address' })).toBe(0);
      expect(delta('jewel_storage_errors_total', { operation: 'put' })).toBe(0);

      // Every route label is a registered pattern or `unmatched`.
      const patterns = new Set([...ctx.app.registeredRoutes].map((route) => route.slice(route.indexOf(' ') + 1)));
      patterns.add('unmatched');
      const routeLabels = new Set(after.flatMap((sample) => (sample.labels.route ? [sample.labels.route] : [])));
      expect(routeLabels.size).toBeGreaterThan(5);
      for (const route of routeLabels) expect(patterns, route).toContain(route);
      // No label holds a run of 4 digits (an id, a mobile, a number from a query); `le` is a bucket's bound.
      for (const sample of after)
        for (const [key, value] of Object.entries(sample.labels))
          if (key !== 'le') expect(value, `${sample.name} ${key}`).not.toMatch(/\d{4}/);
      for (const secret of [PHONE, STRANGER, 'keyword', 'mobile=', TOKEN, token]) expect(text2).not.toContain(secret);

      // The pool, the streams, the process's memory and event-loop delay, each dependency.
      const names = new Set(after.map((sample) => sample.name));
      for (const name of [
        'jewel_live_streams',
        'jewel_ready',
        'process_resident_memory_bytes',
        'nodejs_heap_size_used_bytes',
        'nodejs_eventloop_lag_p99_seconds',
        'jewel_http_request_duration_seconds_bucket',
      ])
        expect(names, name).toContain(name);
      const pool = ['jewel_db_pool_max', 'jewel_db_pool_in_use', 'jewel_db_pool_idle', 'jewel_db_pool_waiting'];
      if (ctx.kind === 'postgres') {
        for (const name of pool) expect(names, name).toContain(name);
        // test-app.ts opens PostgreSQL with a pool of 4; nothing waits once the load is answered.
        expect(sampleValue(after, 'jewel_db_pool_max', {})).toBe(4);
        expect(sampleValue(after, 'jewel_db_pool_waiting', {})).toBe(0);
      } else for (const name of pool) expect(names, name).not.toContain(name);
      expect(sampleValue(after, 'jewel_ready', { dependency: 'database', kind: ctx.kind })).toBe(1);
      expect(sampleValue(after, 'jewel_ready', { dependency: 'storage', kind: 'local' })).toBe(1);
    });

    describe('the object storage is down', () => {
      let app: FastifyInstance;
      beforeAll(async () => {
        // An object store at a port nothing listens on: the bucket cannot be read.
        const env = {
          STORAGE: 's3',
          S3_BUCKET: 'photos',
          S3_ENDPOINT: `http://127.0.0.1:${await closedPort()}`,
          S3_ACCESS_KEY_ID: 'test-key-id',
          S3_SECRET_ACCESS_KEY: 'test-secret-key-value',
          S3_FORCE_PATH_STYLE: '1',
        };
        const storage = storageConfig(env);
        app = await buildApp({
          config: { ...ctx.config, storage },
          database: { ...ctx.app.database, listen: async () => async () => {} },
          storage: s3Storage(storage as Extract<typeof storage, { kind: 's3' }>),
          logger: false,
        });
        await app.ready();
      });
      afterAll(async () => {
        await app?.close();
      });

      it('the storage down: ready answers 200 degraded, naming it, and its failures are counted', async () => {
        const ready = await app.inject({ method: 'GET', url: '/api/ready' });
        expect(ready.statusCode).toBe(200);
        expect(ctx.json(ready).data).toEqual({
          status: 'degraded',
          checks: { database: { kind: ctx.kind, state: 'up' }, storage: { kind: 's3', state: 'down' } },
        });
        // Nothing of the configuration: no address, bucket or key.
        for (const secret of ['127.0.0.1', 'photos', 'test-key-id', 'test-secret-key-value'])
          expect(ready.body).not.toContain(secret);

        const token = await ctx.login(DEMO.valuer1);
        const photo = await photoUpload(60);
        const upload = await app.inject({
          method: 'POST',
          url: '/api/upload/image',
          headers: { ...bearer(token), 'content-type': photo.contentType },
          payload: photo.payload,
        });
        expect(upload.statusCode).toBe(503);
        const samples = parse(await scrape(app));
        expect(sampleValue(samples, 'jewel_uploads_total', { outcome: 'failed' })).toBe(1);
        expect(sampleValue(samples, 'jewel_storage_errors_total', { operation: 'put' })).toBe(1);
        expect(sampleValue(samples, 'jewel_ready', { dependency: 'storage', kind: 's3' })).toBe(0);
        expect(sampleValue(samples, 'jewel_ready', { dependency: 'database', kind: ctx.kind })).toBe(1);
      });
    });
  },
  { metricsToken: TOKEN },
);
