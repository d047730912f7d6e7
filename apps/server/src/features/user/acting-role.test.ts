import { DEMO_MOBILES } from '@jewel/contract/values/demo';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { commodities, customers, identityChecks, identityViews } from '../../db/schema.ts';
import { hintOf, seal } from '../../lib/identity-cipher.ts';
import {
  act,
  buybackProof,
  commodityInput,
  distribute,
  enroll,
  enrollBody,
  type Kit,
  outcome,
  type Person,
  prepareKit,
  register,
  step,
  uploadPhoto,
  verdict,
} from '../../test/commodity-kit.ts';
import { insertLedgerEntry } from '../../test/ledger-fixtures.ts';
import { bearer, describeOnDatabases } from '../../test/test-app.ts';

/**
 * ADR 0104 and docs/roles.md: a person holds a set of roles and a session acts as one counter
 * role. A manager who holds no counter role acts as a recorder, read-only: they read the lists,
 * an item, a customer's identity data (the view recorded), the ledger and its export, and every
 * write of the counter is refused `readOnlyRole`. A recorder who is also a valuer switches to
 * valuer and appraises, and back to register. The expected answers are the table's.
 */

const READ_ONLY_ROLE = 2034;
const ROLE_NOT_HELD = 2035;
const TEMPORARY_USER_NOT_ALLOWED = 2031;
const COMMODITY_ROLE_NOT_ALLOWED = 4002;
const VALIDATION = 1001;

describeOnDatabases('acting as one of the roles held', (ctx) => {
  let kit: Kit;
  let owner = '';
  const call = (
    token: string,
    method: 'GET' | 'POST' | 'PUT' | 'PATCH',
    url: string,
    payload?: object,
    app = ctx.app,
  ) => app.inject({ method, url, payload, headers: { ...bearer(token), lang: 'en' } });
  const data = async (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    outcome(ctx, await call(token, method, url, payload));
  /** A member the owner adds with these roles; answers them signed in. */
  const signIn = async (mobile: string, password: string) =>
    ctx.json(await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { mobile, password } })).data;
  const member = async (
    mobile: string,
    roles: string[],
    manager: boolean,
  ): Promise<Person & { info: object; password: string }> => {
    const invited = ctx.json(await call(owner, 'POST', '/api/staff', { name: `P-${mobile}`, mobile, roles, manager }));
    expect(invited.code).toBe(0);
    const { password } = invited.data;
    const login = await signIn(mobile, password);
    return { token: login.token, id: login.user.id, name: login.user.name, info: login.user, password };
  };

  beforeAll(async () => {
    kit = await prepareKit(ctx);
    owner = await ctx.login(DEMO_MOBILES.manager);
  }, 60_000);

  it('a member holds no role at all only when refused', async () => {
    const refused = await call(owner, 'POST', '/api/staff', {
      name: 'Nobody',
      mobile: '13900008800',
      roles: [],
      manager: false,
    });
    expect(ctx.json(refused).code).toBe(VALIDATION);
  });

  it('a manager with no counter role reads as a recorder, records each identity view, and writes nothing of the counter', async () => {
    const manager = await member('13900008801', [], true);
    expect(manager.info).toMatchObject({ role_code: 'recorder', roles: [], read_only: 1, is_manager: 1 });

    // What a recorder sees: the list, an item, a customer, the ledger and its export.
    const item = await register(ctx, kit);
    const list = await data(manager.token, 'GET', '/api/commodities?limit=50');
    expect(list.code).toBe(0);
    expect(list.data.items.map((row: { id: number }) => row.id)).toContain(item.id);
    // The item as a recorder reads it, with no action offered: none would be taken.
    expect((await data(manager.token, 'GET', `/api/commodities/${item.id}`)).data).toMatchObject({
      id: item.id,
      enrollment: { customer_masked: false },
      allowed_actions: [],
    });
    expect((await data(kit.recorder.token, 'GET', `/api/commodities/${item.id}`)).data.allowed_actions).toContain(
      'distribute',
    );
    const entry = await insertLedgerEntry(ctx, kit);
    const number = 'RO1234567890';
    await ctx.app.db.insert(identityChecks).values({
      customerId: entry.customerId,
      documentType: 'passport',
      documentNumberSealed: seal(number, ctx.config.identityKey),
      documentNumberHint: hintOf(number),
      documentPics: [],
      name: '山田 太郎',
      address: '東京都台東区上野1-2-3',
      occupation: '会社員',
      birthDate: '1980-04-01',
      checkedBy: kit.recorder.id,
    });
    const customer = await data(manager.token, 'GET', `/api/customers/${entry.customerId}`);
    expect(customer).toMatchObject({ code: 0, data: { name: '山田 太郎', phone: '09012345678' } });
    const checks = await data(manager.token, 'GET', `/api/customers/${entry.customerId}/identity-checks`);
    expect(checks).toMatchObject({
      code: 0,
      data: [{ document_type: 'passport', document_number_masked: '****7890' }],
    });
    const views = await ctx.app.db
      .select({ viewer: identityViews.viewerId, subject: identityViews.subject })
      .from(identityViews)
      .where(eq(identityViews.customerId, entry.customerId));
    expect(views).toContainEqual({ viewer: manager.id, subject: 'identity' });
    // …and in the audit trail, under their name.
    const trail = await data(owner, 'GET', `/api/audit?kind=identity&person=${manager.id}`);
    expect(trail.code).toBe(0);
    expect(trail.data.items.length).toBeGreaterThan(0);
    expect(trail.data.items[0]).toMatchObject({ kind: 'identity', actor: { id: manager.id } });
    const ledger = await data(manager.token, 'GET', '/api/ledger/entries');
    expect(ledger.code).toBe(0);
    const exported = await call(manager.token, 'GET', '/api/ledger/export?format=csv');
    expect(exported.statusCode).toBe(200);
    expect(exported.body).toContain(entry.commodityNo);

    // Never a write of the counter: register, hand out, buy back, appraise, customers, the ledger.
    const before = async () =>
      JSON.stringify([
        await ctx.app.db.select({ n: count() }).from(commodities),
        await ctx.app.db.select({ n: count() }).from(customers),
        await ctx.app.db.select().from(commodities).where(eq(commodities.id, item.id)),
      ]);
    const unchanged = await before();
    const refusals = [
      await enroll(ctx, manager.token, enrollBody([commodityInput(kit)])),
      await act(ctx, manager.token, 'distribute', '', {
        items: [{ id: item.id, version: 0 }],
        valuer_id: kit.valuer1.id,
      }),
      await act(ctx, manager.token, item.id, 'recycle', {
        version: 0,
        is_recycle: 1,
        price: 100,
        currency: 'CNY',
        ...(await buybackProof(ctx, kit.recorder.token)),
      }),
      await act(ctx, manager.token, item.id, 'appraise', { ...verdict(), version: 0 }),
      await call(manager.token, 'POST', '/api/customers', { name: 'New', phone: '13900001234' }),
      await call(manager.token, 'POST', `/api/ledger/entries/${entry.id}/correct`, { reason: 'typo', changes: {} }),
    ];
    expect(refusals.map((response) => [response.statusCode, ctx.json(response).code])).toEqual(
      refusals.map(() => [403, READ_ONLY_ROLE]),
    );
    expect(ctx.json(refusals[0] as never).msg).toBe(
      'You are reading as a recorder without holding the role: this cannot be changed here.',
    );
    expect(await before()).toBe(unchanged);

    // Their own things and the back office stay theirs.
    expect((await data(manager.token, 'POST', '/api/user/change', { gender: 1 })).code).toBe(0);
    expect((await data(manager.token, 'GET', '/api/staff')).code).toBe(0);
    // A valuer they are not; a recorder, read-only, they may act as.
    expect((await data(manager.token, 'PUT', '/api/user/acting-role', { role: 'valuers' })).code).toBe(ROLE_NOT_HELD);
    expect(await data(manager.token, 'PUT', '/api/user/acting-role', { role: 'recorder' })).toMatchObject({
      code: 0,
      data: { role_code: 'recorder', read_only: 1 },
    });
  });

  it('a recorder who is also a valuer switches to valuer and appraises, then back to register', async () => {
    const both = await member('13900008802', ['valuers', 'recorder'], false);
    // The first counter role held, in the one order: recorder.
    expect(both.info).toMatchObject({ role_code: 'recorder', roles: ['recorder', 'valuers'], read_only: 0 });

    // Handed an item the kit's recorder registered.
    const item = await register(ctx, kit);
    expect((await distribute(ctx, kit, [item.id], both)).code).toBe(0);

    // As a recorder, no appraising.
    const asRecorder = await act(ctx, both.token, item.id, 'start-appraisal', { version: 1 });
    expect(ctx.json(asRecorder).code).toBe(COMMODITY_ROLE_NOT_ALLOWED);

    const switched = await data(both.token, 'PUT', '/api/user/acting-role', { role: 'valuers' });
    expect(switched).toMatchObject({
      code: 0,
      data: { role_code: 'valuers', role: { code: 'valuers', name: 'Valuer' }, roles: ['recorder', 'valuers'] },
    });
    expect((await data(both.token, 'GET', '/api/user/info')).data.role_code).toBe('valuers');
    expect((await data(both.token, 'GET', '/api/user/statistics')).data.role).toBe('valuers');
    await step(ctx, both, item.id, 'start-appraisal', {}, 30);
    await step(ctx, both, item.id, 'appraise', verdict(), 40);
    // As a valuer, no registering.
    const enrolledAsValuer = await enroll(ctx, both.token, enrollBody([commodityInput(kit)]));
    expect(ctx.json(enrolledAsValuer).code).toBe(COMMODITY_ROLE_NOT_ALLOWED);
    // Nor the recorders' customers.
    expect((await data(both.token, 'GET', '/api/customers')).code).not.toBe(0);

    expect(await data(both.token, 'PUT', '/api/user/acting-role', { role: 'recorder' })).toMatchObject({
      code: 0,
      data: { role_code: 'recorder', read_only: 0 },
    });
    // Their own photos: a registration takes only what its recorder uploaded.
    const photos: string[] = [];
    for (const color of [20, 70, 120]) photos.push(await uploadPhoto(ctx, both.token, color));
    const enrolled = outcome(ctx, await enroll(ctx, both.token, enrollBody([commodityInput({ ...kit, photos })])));
    expect(enrolled.code).toBe(0);
    // The switch is this session's: another sign-in starts at the first role, and switches on its own.
    await data(both.token, 'PUT', '/api/user/acting-role', { role: 'valuers' });
    const second = await signIn('13900008802', both.password);
    expect(second.user).toMatchObject({ role_code: 'recorder', read_only: 0 });
    expect((await data(both.token, 'GET', '/api/user/info')).data.role_code).toBe('valuers');
  });

  it('a role not held is refused; a guest switches nothing', async () => {
    const recorder = kit.recorder.token;
    expect((await data(recorder, 'PUT', '/api/user/acting-role', { role: 'valuers' })).code).toBe(ROLE_NOT_HELD);
    expect((await data(recorder, 'GET', '/api/user/info')).data).toMatchObject({ role_code: 'recorder', read_only: 0 });
    const valuer = kit.valuer1.token;
    expect((await data(valuer, 'PUT', '/api/user/acting-role', { role: 'recorder' })).code).toBe(ROLE_NOT_HELD);
    // The owner, a recorder who manages, acts as a recorder only.
    expect((await data(owner, 'PUT', '/api/user/acting-role', { role: 'valuers' })).code).toBe(ROLE_NOT_HELD);
    const link = ctx.json(await call(recorder, 'POST', '/api/auth/tmp', { role: 'valuers' })).data;
    const guest = ctx.json(
      await ctx.app.inject({ method: 'POST', url: '/api/auth/guest', payload: { uuid: link.uuid, name: 'G' } }),
    ).data;
    expect((await data(guest.token, 'PUT', '/api/user/acting-role', { role: 'recorder' })).code).toBe(
      TEMPORARY_USER_NOT_ALLOWED,
    );
  });

  it('another instance sees the switch at once', async () => {
    const both = await member('13900008803', ['recorder', 'valuers'], false);
    const other: FastifyInstance = await buildApp({ config: ctx.config, database: ctx.app.database, logger: false });
    try {
      await other.ready();
      const roleThere = async () =>
        ctx.json(await call(both.token, 'GET', '/api/user/statistics', undefined, other)).data.role;
      // The other instance checks the session once, and trusts it for a while.
      expect(await roleThere()).toBe('recorder');
      expect((await data(both.token, 'PUT', '/api/user/acting-role', { role: 'valuers' })).code).toBe(0);
      // Waits for the state, never for a time: the signal reaches the other instance.
      const deadline = Date.now() + 5000;
      let seen = await roleThere();
      while (seen !== 'valuers' && Date.now() < deadline) {
        // A cached answer is all in memory: let the event loop read the listening socket between asks.
        await new Promise((resolve) => setImmediate(resolve));
        seen = await roleThere();
      }
      expect(seen).toBe('valuers');
    } finally {
      await other.close();
    }
  });
});
