import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { shop, shopChanges } from '../../db/schema.ts';
import {
  act,
  buybackProof,
  insertAt,
  type Kit,
  outcome,
  prepareKit,
  register,
  versionOf,
} from '../../test/commodity-kit.ts';
import { bearer, describeOnDatabases, type TestContext } from '../../test/test-app.ts';

/**
 * Issue 28 item 4: the shop's rules live in its row, set by its managers, recorded, and applied
 * from the next request on every instance; the environment's (ID_CHECK, RETENTION_MONTHS,
 * WATCH_ACK_SINGLE_PERSON, SHOP_TIMEZONE) only until a manager saves the shop's own.
 */

/** What the tests' environment says: the identity check always (PRODUCT.md's default), three years. */
const ENVIRONMENT = {
  identity_check: { always: true, thresholds: {} },
  retention_months: 36,
  watch_ack_single_person: false,
  managers_strong_sign_in: false,
};
/** A shop that checks identity from 5,000 yuan (ID_CHECK's example), keeps data five years, one person acknowledges. */
const OWN = {
  identity_check: { always: false, thresholds: { CNY: 5000 } },
  retention_months: 60,
  watch_ack_single_person: true,
  managers_strong_sign_in: false,
};

const VALIDATION = 1001;
const IDENTITY_CHECK_REQUIRED = 5010;

describeOnDatabases("the shop's rules", (ctx: TestContext) => {
  let manager = '';
  let kit: Kit;
  const call = (app: FastifyInstance, token: string, method: 'GET' | 'PUT', url: string, payload?: object) =>
    app.inject({ method, url, payload, headers: { ...bearer(token), lang: 'en' } });
  const settings = async (app: FastifyInstance) => ctx.json(await call(app, manager, 'GET', '/api/settings')).data;
  const changeRows = async () => (await ctx.app.db.select({ n: count() }).from(shopChanges))[0]?.n;

  beforeAll(async () => {
    manager = await ctx.login('13800000005');
    kit = await prepareKit(ctx);
  });

  it("are the environment's until a manager saves the shop's own", async () => {
    expect(await settings(ctx.app)).toMatchObject(ENVIRONMENT);
    expect(ctx.json(await call(ctx.app, manager, 'GET', '/api/shop')).data.rules).toEqual(ENVIRONMENT);
  });

  it('out of bounds are refused whole and change nothing', async () => {
    const before = JSON.stringify(await ctx.app.db.select().from(shop));
    for (const body of [
      { ...OWN, retention_months: 0 },
      { ...OWN, retention_months: 601 },
      { ...OWN, retention_months: 12.5 },
      { ...OWN, identity_check: { always: false, thresholds: { CNY: -1 } } },
      { ...OWN, identity_check: { always: false, thresholds: { EUR: 100 } } },
      { ...OWN, watch_ack_single_person: 'yes' },
    ]) {
      const refused = await call(ctx.app, manager, 'PUT', '/api/shop/rules', body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(ctx.json(refused).code).toBe(VALIDATION);
    }
    expect(JSON.stringify(await ctx.app.db.select().from(shop))).toBe(before);
    expect(await changeRows()).toBe(0);
  });

  it('saved, are recorded each, and read at once by another instance', async () => {
    // Another instance on the same database, told nothing.
    const other = await buildApp({
      config: ctx.config,
      database: { ...ctx.app.database, listen: async () => async () => {} },
      logger: false,
    });
    try {
      expect(await settings(other)).toMatchObject(ENVIRONMENT);
      const saved = ctx.json(await call(ctx.app, manager, 'PUT', '/api/shop/rules', OWN)).data;
      const seenAt = Date.now();
      expect(await settings(other)).toMatchObject(OWN);
      expect(Date.now() - seenAt).toBeLessThan(1000);
      expect(saved.rules).toEqual(OWN);
      // Before, the row said nothing: the environment's values applied.
      expect(saved.changes.map(({ at: _at, ...line }: { at: string }) => line)).toEqual(
        expect.arrayContaining([
          { field: 'identity_check', old: null, new: 'above:CNY=5000', by: '周店长' },
          { field: 'retention_months', old: null, new: '60', by: '周店长' },
          { field: 'watch_ack_single_person', old: null, new: 'true', by: '周店长' },
        ]),
      );
      expect(await changeRows()).toBe(3);
      // Saved again as they are: nothing more to record.
      await call(other, manager, 'PUT', '/api/shop/rules', OWN);
      expect(await changeRows()).toBe(3);
    } finally {
      await other.close();
    }
  });

  it("decide a buyback's identity check from the next request", async () => {
    const buy = async (id: number, price: number, withIdentity: boolean) => {
      const proof = await buybackProof(ctx, kit.recorder.token);
      const version = await versionOf(ctx, kit.recorder.token, id);
      return outcome(
        ctx,
        await act(ctx, kit.recorder.token, id, 'recycle', {
          version,
          is_recycle: 1,
          price,
          currency: 'CNY',
          ...proof,
          ...(withIdentity ? {} : { identity: null }),
        }),
      ).code;
    };
    // The shop's own rule (saved above): below 5,000 yuan, no check; from 5,000, one.
    expect(await buy(await insertAt(ctx, kit, 'identifiedQuick'), 800, false)).toBe(0);
    expect(await buy(await insertAt(ctx, kit, 'identifiedQuick'), 5000, false)).toBe(IDENTITY_CHECK_REQUIRED);
    // Always, as the manager now says.
    await call(ctx.app, manager, 'PUT', '/api/shop/rules', { ...OWN, identity_check: ENVIRONMENT.identity_check });
    const item = await insertAt(ctx, kit, 'identifiedQuick');
    expect(await buy(item, 800, false)).toBe(IDENTITY_CHECK_REQUIRED);
    expect(await buy(item, 800, true)).toBe(0);
  });

  it("date the items' numbers by the shop's time zone", async () => {
    // Kiritimati (UTC+14) and Pago Pago (UTC−11) are 25 hours apart: never on the same day.
    const details = ctx.json(await call(ctx.app, manager, 'GET', '/api/shop')).data.details;
    const dayIn = (timeZone: string) =>
      new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' })
        .format(new Date())
        .replaceAll('-', '');
    for (const timeZone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      const saved = await call(ctx.app, manager, 'PUT', '/api/shop', {
        ...details,
        name: 'Demo',
        address: 'Anywhere 1',
        phone: '000',
        licence_no: 'L-1',
        time_zone: timeZone,
      });
      expect(ctx.json(saved).code).toBe(0);
      const before = dayIn(timeZone);
      const { no } = await register(ctx, kit);
      const after = dayIn(timeZone);
      // The item's number: C, the shop's day, then a counter of that day.
      expect([before, after]).toContain(/^C(\d{8})-\d{4}$/.exec(no)?.[1]);
    }
  });
});
