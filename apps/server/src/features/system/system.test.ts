import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { routes } from '@jewel/contract/routes';
import { expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { DEMO, describeOnDatabases } from '../../test/test-app.ts';

const webDist = mkdtempSync(path.join(os.tmpdir(), 'jewel-web-'));
mkdirSync(path.join(webDist, 'assets'));
writeFileSync(path.join(webDist, 'index.html'), `<!doctype html><html><body>${'app '.repeat(400)}</body></html>`);
writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), `console.log(${JSON.stringify('x'.repeat(3000))});`);

describeOnDatabases(
  'system',
  (ctx) => {
    it('the server registers exactly the contract routes, each with its schemas', async () => {
      const contract = new Set(Object.values(routes).map((route) => `${route.method} ${route.path}`));
      // The public verification page is HTML for anyone holding a link, not a call of the API.
      const registered = [...ctx.app.registeredRoutes].filter(
        (route) => !route.endsWith('*') && !route.startsWith('GET /verify/'),
      );
      expect(new Set(registered)).toEqual(contract);

      const document = ctx.json(await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' }));
      expect(document.openapi).toMatch(/^3\./);
      for (const route of Object.values(routes)) {
        const openApiPath = route.path.replace(/:(\w+)/g, '{$1}');
        const operation = document.paths[openApiPath]?.[route.method.toLowerCase()];
        expect(operation, `${route.method} ${route.path}`).toBeDefined();
        if ('data' in route) expect(operation.responses['200'], route.path).toBeDefined();
        if ('body' in route) expect(operation.requestBody, route.path).toBeDefined();
        if ('query' in route) expect(operation.parameters?.length, route.path).toBeGreaterThan(0);
      }
    });

    it('while draining: ready answers 503, other calls are answered, each closing its connection', async () => {
      // An app of its own on the suite's database: draining is for good.
      const app = await buildApp({
        config: ctx.config,
        database: { ...ctx.app.database, listen: async () => async () => {} },
        logger: false,
      });
      try {
        await app.drain(0);
        expect(app.stopping).toBe(true);
        const ready = await app.inject({ method: 'GET', url: '/api/ready', headers: { lang: 'ja' } });
        expect(ready.statusCode).toBe(503);
        expect(ready.json()).toEqual({
          code: 1009,
          msg: 'サービスの準備ができていません。しばらくしてからお試しください。',
          data: null,
        });
        expect(ready.headers.connection).toBe('close');
        const health = await app.inject({ method: 'GET', url: '/api/health' });
        expect(health.statusCode).toBe(200);
        expect(health.headers.connection).toBe('close');
      } finally {
        await app.close();
      }
    });

    it('health and ready', async () => {
      expect(ctx.json(await ctx.app.inject({ method: 'GET', url: '/api/health' }))).toMatchObject({
        code: 0,
        data: { status: 'ok' },
      });
      expect(ctx.json(await ctx.app.inject({ method: 'GET', url: '/api/ready' })).data).toEqual({
        status: 'ready',
        checks: { database: { kind: ctx.kind, state: 'up' }, storage: { kind: 'local', state: 'up' } },
      });
    });

    it("the shop's settings: the configured currency, for anyone signed in", async () => {
      expect((await ctx.app.inject({ method: 'GET', url: '/api/settings' })).statusCode).toBe(401);
      const token = await ctx.login(DEMO.valuer1);
      const answer = await ctx.app.inject({
        method: 'GET',
        url: '/api/settings',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(ctx.json(answer)).toEqual({
        code: 0,
        msg: expect.any(String),
        data: {
          default_currency: 'JPY',
          identity_check: { always: true, thresholds: {} },
          retention_months: 36,
          // Issue 27 item 7: a second person acknowledges a watch-list alert unless the shop allows one.
          watch_ack_single_person: false,
          // ADR 0103: managers may sign in with their password until a manager says otherwise.
          managers_strong_sign_in: false,
        },
      });
      // SHOP_CURRENCY: CNY unless set, any case, and a currency the forms do not offer stops the start.
      const env = { DATA_DIR: os.tmpdir(), JWT_SECRET: 'x'.repeat(32), IDENTITY_KEY: 'ab'.repeat(32) };
      expect(loadConfig(env).shopCurrency).toBe('CNY');
      expect(loadConfig({ ...env, SHOP_CURRENCY: 'usd' }).shopCurrency).toBe('USD');
      expect(() => loadConfig({ ...env, SHOP_CURRENCY: 'EUR' })).toThrow(/SHOP_CURRENCY/);
      // ID_CHECK: always unless set; thresholds per currency; anything else stops the start.
      expect(loadConfig(env).identityCheck).toEqual({ always: true, thresholds: {} });
      expect(loadConfig({ ...env, ID_CHECK: 'above:cny=5000, JPY=10000' }).identityCheck).toEqual({
        always: false,
        thresholds: { CNY: 5000, JPY: 10000 },
      });
      expect(() => loadConfig({ ...env, ID_CHECK: 'sometimes' })).toThrow(/ID_CHECK/);
      expect(() => loadConfig({ ...env, ID_CHECK: 'above:EUR=1' })).toThrow(/ID_CHECK/);
      // IDENTITY_KEY: 32 bytes in hex or base64; RETENTION_MONTHS: whole months above 0.
      expect(loadConfig(env).identityKey).toEqual(Buffer.alloc(32, 0xab));
      expect(() => loadConfig({ ...env, IDENTITY_KEY: 'short' })).toThrow(/IDENTITY_KEY/);
      expect(loadConfig({ ...env, RETENTION_MONTHS: '12' }).retentionMonths).toBe(12);
      expect(() => loadConfig({ ...env, RETENTION_MONTHS: '0' })).toThrow(/RETENTION_MONTHS/);
      // DATABASE_POOL_SIZE: whole connections above 0, 10 when unset.
      expect(loadConfig(env).databasePoolSize).toBe(10);
      expect(loadConfig({ ...env, DATABASE_POOL_SIZE: '24' }).databasePoolSize).toBe(24);
      expect(() => loadConfig({ ...env, DATABASE_POOL_SIZE: 'many' })).toThrow(/DATABASE_POOL_SIZE/);
      // SHUTDOWN_DRAIN_SECONDS: 1 unless set, 0 to 5 (the server exits 9 s after SIGTERM at the latest).
      expect(loadConfig(env).shutdownDrainSeconds).toBe(1);
      expect(loadConfig({ ...env, SHUTDOWN_DRAIN_SECONDS: '0' }).shutdownDrainSeconds).toBe(0);
      expect(loadConfig({ ...env, SHUTDOWN_DRAIN_SECONDS: '5' }).shutdownDrainSeconds).toBe(5);
      for (const value of ['6', '-1', '1.5', 'soon'])
        expect(() => loadConfig({ ...env, SHUTDOWN_DRAIN_SECONDS: value })).toThrow(
          'SHUTDOWN_DRAIN_SECONDS must be a whole number of seconds from 0 to 5',
        );
    });

    it('security headers on API answers and pages', async () => {
      for (const url of ['/api/health', '/pages/login/index']) {
        const response = await ctx.app.inject({ method: 'GET', url });
        const csp = String(response.headers['content-security-policy']);
        expect(csp).toContain("default-src 'self'");
        expect(csp).toContain("frame-ancestors 'none'");
        expect(csp).toContain("script-src 'self'");
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      }
    });

    it('serves the web app with history fallback, compressed, and never HTML for a missing chunk', async () => {
      const page = await ctx.app.inject({
        method: 'GET',
        url: '/pages-sub/commodityList/index?tab=1',
        headers: { 'accept-encoding': 'br, gzip' },
      });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.headers['content-encoding']).toBe('br');
      const root = await ctx.app.inject({ method: 'GET', url: '/' });
      expect(root.body).toContain('<!doctype html>');
      const chunk = await ctx.app.inject({
        method: 'GET',
        url: '/assets/app-abc123.js',
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(chunk.headers['content-encoding']).toBe('gzip');
      expect(chunk.headers['cache-control']).toContain('immutable');
      const missing = await ctx.app.inject({ method: 'GET', url: '/assets/app-old999.js' });
      expect(missing.statusCode).toBe(404);
      expect(missing.headers['content-type']).not.toMatch(/html/);
      const unknownApi = await ctx.app.inject({ method: 'GET', url: '/api/nothing-here', headers: { lang: 'ja' } });
      expect(ctx.json(unknownApi)).toMatchObject({ code: 1007, msg: 'そのAPIは存在しません。' });
    });

    it('a failure inside the server answers 500 without internals', async () => {
      const original = ctx.app.db.execute.bind(ctx.app.db);
      // The readiness check's query fails: the answer says "not ready" and nothing more.
      ctx.app.db.execute = (() => Promise.reject(new Error('connection to 10.1.2.3 refused: secret detail'))) as never;
      try {
        const response = await ctx.app.inject({ method: 'GET', url: '/api/ready' });
        expect(response.statusCode).toBe(503);
        expect(response.body).not.toContain('secret detail');
        expect(ctx.json(response).code).toBe(1009);
        // The checks, as 200 sends them: the database down, the storage up.
        expect(ctx.json(response).data).toEqual({
          database: { kind: ctx.kind, state: 'down' },
          storage: { kind: 'local', state: 'up' },
        });
      } finally {
        ctx.app.db.execute = original;
      }
    });

    it('an unexpected error answers 500 with a generic message and no stack', async () => {
      const token = await ctx.login('13800000001');
      const original = ctx.app.db.select.bind(ctx.app.db);
      ctx.app.db.select = (() => {
        throw new Error('relation "brands" secret detail');
      }) as never;
      try {
        const response = await ctx.app.inject({
          method: 'GET',
          url: '/api/brands',
          headers: { authorization: `Bearer ${token}`, lang: 'zh_CN' },
        });
        expect(response.statusCode).toBe(500);
        expect(ctx.json(response)).toEqual({ code: 1006, msg: '服务器出错了，请稍后重试', data: null });
      } finally {
        ctx.app.db.select = original;
      }
    });
  },
  { webDist, shopCurrency: 'JPY' },
);
