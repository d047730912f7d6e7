/**
 * Two server instances on one database, as behind a load balancer: what one instance keeps in
 * memory (live sessions, list pages, dashboard counts) follows what the other changes.
 */
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import { runCommand } from '../../cli/operator-commands.ts';
import { commodityInput, enroll, enrollBody, prepareKit } from '../../test/commodity-kit.ts';
import { bearer, DEMO, describeOnDatabases, type TestContext } from '../../test/test-app.ts';

describeOnDatabases('two instances on one database', (ctx) => {
  let other: FastifyInstance;
  let onOther: TestContext;
  beforeAll(async () => {
    // Its own caches and its own LISTEN connection; the pool (closed by the first) is shared.
    other = await buildApp({
      config: ctx.config,
      database: { ...ctx.app.database, close: async () => {} },
      logger: false,
    });
    await other.ready();
    onOther = { ...ctx, app: other };
  });
  afterAll(async () => {
    await other?.close();
  });

  const get = async (app: FastifyInstance, url: string, token: string) => {
    const response = await app.inject({ method: 'GET', url, headers: bearer(token) });
    return { status: response.statusCode, data: JSON.parse(response.body).data };
  };

  it("one instance's list pages and counts follow a registration on the other", async () => {
    const kit = await prepareKit(ctx);
    const token = kit.recorder.token;
    const before = await get(ctx.app, '/api/user/statistics', token);
    await get(ctx.app, '/api/commodities', token);

    const created = ctx.json(await enroll(onOther, token, enrollBody([commodityInput(kit)]))).data;
    const [commodity] = created.commodities;
    // The instance that registered answers from fresh figures at once…
    expect((await get(other, '/api/commodities', token)).data.items[0].id).toBe(commodity.id);
    // …the other as soon as the signal arrives.
    await vi.waitFor(async () => {
      expect((await get(ctx.app, '/api/commodities', token)).data.items[0].id).toBe(commodity.id);
      const after = await get(ctx.app, '/api/user/statistics', token);
      expect(after.data.registered_total).toBe(before.data.registered_total + 1);
    });
  });

  it("both instances' product answers follow a catalog import from the command line", async () => {
    const token = await ctx.login(DEMO.recorder);
    const products = async (app: FastifyInstance) => {
      const response = await app.inject({
        method: 'GET',
        url: '/api/products?keyword=FOLLOW-1',
        headers: bearer(token),
      });
      return {
        etag: response.headers.etag,
        names: JSON.parse(response.body).data.items.map((p: { name: string }) => p.name),
      };
    };
    const before = await products(ctx.app);
    expect(before.names).toEqual([]);
    expect((await products(other)).etag).toBe(before.etag);

    // `cli import-products`: no instance is told but through the database's signal.
    const file = path.join(await mkdtemp(path.join(tmpdir(), 'jewel-import-')), 'products.csv');
    await writeFile(file, 'brand,category,name,code\nCartier,ring,Follow ring,FOLLOW-1\n');
    const imported = await runCommand(ctx.app.database, { command: 'import-products', options: { args: [file] } });
    expect(imported.status).toBe(0);
    for (const app of [ctx.app, other]) {
      await vi.waitFor(async () => {
        const after = await products(app);
        expect(after.names).toEqual(['Follow ring']);
        expect(after.etag).not.toBe(before.etag);
      });
    }
  });

  it('a session ended on one instance is refused by the other', async () => {
    const token = await ctx.login(DEMO.valuer1);
    expect((await get(ctx.app, '/api/user/info', token)).status).toBe(200);
    expect((await get(other, '/api/user/info', token)).status).toBe(200);

    const out = await other.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(200);
    expect((await get(other, '/api/user/info', token)).status).toBe(401);
    await vi.waitFor(async () => expect((await get(ctx.app, '/api/user/info', token)).status).toBe(401));
  });
});
