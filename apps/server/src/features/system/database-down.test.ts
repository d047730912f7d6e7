/**
 * While the database cannot be reached every call answers 503 `notReady` with Retry-After, as
 * the readiness check does, and not 500 "something went wrong" (issue 10).
 */
import net from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, expect, inject, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { type Database, openPostgres, usePglite } from '../../db/client.ts';
import { adminQuery } from '../../test/postgres-admin.ts';
import { bearer, DEMO, DEMO_PASSWORD, describeOnDatabases, type TestContext } from '../../test/test-app.ts';

const NOT_READY = {
  code: 1009,
  msg: 'The service is not ready. Please try again shortly.',
  data: null,
};

/** Calls of each kind: public reads, a sign-in, a signed-in read and a write. */
function calls(token: string) {
  return [
    { method: 'GET', url: '/api/ready' },
    { method: 'GET', url: '/api/dictionary' },
    { method: 'POST', url: '/api/auth/login', payload: { mobile: DEMO.recorder, password: DEMO_PASSWORD } },
    { method: 'GET', url: '/api/brands', headers: bearer(token) },
    { method: 'POST', url: '/api/user/change', payload: { name: 'Down' }, headers: bearer(token) },
  ] as const;
}

function expectNotReady(ctx: TestContext, response: LightMyRequestResponse, label: string, data: unknown = null) {
  expect(response.statusCode, `${label}: ${response.body}`).toBe(503);
  expect(ctx.json(response), label).toEqual({ ...NOT_READY, data });
  expect(Number(response.headers['retry-after']), label).toBeGreaterThan(0);
}

async function expectEveryCallNotReady(ctx: TestContext, app: FastifyInstance, token: string) {
  for (const call of calls(token)) {
    const response = await app.inject({ ...call, headers: { ...('headers' in call ? call.headers : {}), lang: 'en' } });
    if (call.url === '/api/ready') {
      // The readiness check says what is wrong: the database down, the storage up (issue 33).
      const checks = { database: { kind: ctx.kind, state: 'down' }, storage: { kind: 'local', state: 'up' } };
      expectNotReady(ctx, response, call.url, checks);
    } else expectNotReady(ctx, response, `${call.method} ${call.url}`);
  }
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** An app on `database`, whose LISTEN connection is not needed here. */
async function appOn(ctx: TestContext, database: Database) {
  const app = await buildApp({
    config: ctx.config,
    database: { ...database, listen: async () => async () => {} },
    logger: false,
  });
  await app.ready();
  return app;
}

describeOnDatabases('the database is down', (ctx) => {
  const opened: FastifyInstance[] = [];
  afterAll(async () => {
    for (const app of opened) await app.close();
  });

  // Each kind of failure on the database it belongs to: nothing is registered, and so nothing skipped, on the other.
  if (ctx.kind === 'pglite')
    it('an embedded database that is closed answers 503 with Retry-After', async () => {
      const token = await ctx.login(DEMO.valuer1);
      const pglite = await PGlite.create();
      const app = await appOn(ctx, usePglite(pglite));
      opened.push(app);
      await pglite.close();
      await expectEveryCallNotReady(ctx, app, token);
    });

  if (ctx.kind === 'postgres')
    it('a PostgreSQL server that refuses connections answers 503 with Retry-After', async () => {
      const token = await ctx.login(DEMO.valuer1);
      const database = openPostgres(`postgres://root@127.0.0.1:${await closedPort()}/nothing`, 2);
      const app = await appOn(ctx, database);
      opened.push(app);
      await expectEveryCallNotReady(ctx, app, token);
      await database.close();
    });

  if (ctx.kind === 'postgres')
    it('a PostgreSQL database that ends its connections and takes no new ones answers 503, then recovers', async () => {
      const postgres = inject('postgres');
      if ('skipped' in postgres) throw new Error('PostgreSQL is not available');
      const token = await ctx.login(DEMO.valuer1);
      const result = await ctx.app.db.execute(sql`select current_database() as name`);
      const name = (result as unknown as { rows: { name: string }[] }).rows[0]?.name as string;
      expect(name).toMatch(/^jewel_t_/);
      await adminQuery(postgres.adminUrl, `alter database ${name} allow_connections false`);
      try {
        await adminQuery(
          postgres.adminUrl,
          `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and pid <> pg_backend_pid()`,
        );
        await expectEveryCallNotReady(ctx, ctx.app, token);
      } finally {
        await adminQuery(postgres.adminUrl, `alter database ${name} allow_connections true`);
      }
      const back = await ctx.app.inject({ method: 'GET', url: '/api/brands', headers: bearer(token) });
      expect(back.statusCode).toBe(200);
    });

  it('an error in a query stays a 500 without Retry-After', async () => {
    const token = await ctx.login(DEMO.valuer1);
    const original = ctx.app.db.select.bind(ctx.app.db);
    ctx.app.db.select = (() => {
      throw Object.assign(new Error('column "x" does not exist'), { code: '42703' });
    }) as never;
    try {
      const response = await ctx.app.inject({ method: 'GET', url: '/api/brands', headers: bearer(token) });
      expect(response.statusCode).toBe(500);
      expect(response.headers['retry-after']).toBeUndefined();
    } finally {
      ctx.app.db.select = original;
    }
  });
});
