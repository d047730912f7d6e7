import { DEMO_MOBILES } from '@jewel/contract/values/demo';
import { and, eq, isNull } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { commands } from '../../cli/operator-commands.ts';
import {
  branches,
  commodities,
  enrollments,
  sessions,
  shop,
  shopChanges,
  staffBranches,
  staffChanges,
  users,
} from '../../db/schema.ts';
import { commodityInput, enrollBody, type Kit, prepareKit } from '../../test/commodity-kit.ts';
import { bearer, DEMO, describeOnDatabases, type TestContext } from '../../test/test-app.ts';

/**
 * Issue 32, the first steps: a one-branch shop notices nothing but its branch; managers open,
 * change, close and staff branches; a member works at one of theirs at a time and registers
 * there. Expected answers come from the issue and docs/adr/0105, written out here.
 */

const BRANCH_NOT_HELD = 2080;
const BRANCH_NAME_TAKEN = 2081;
const LAST_BRANCH = 2082;
const BRANCH_STAFFED = 2083;
const BRANCH_HAS_ITEMS_UNDER_WAY = 2084;
const BRANCH_CLOSED = 2085;
const MANAGERS_ONLY = 2033;
const STAFF_SELF = 2063;

const OSAKA = {
  name: '大阪店',
  address: '大阪府大阪市北区梅田1-1',
  phone: '06-1234-5678',
  licence_no: '第621010005678号',
  time_zone: 'Asia/Tokyo',
  currency: 'JPY',
};
const NOTHING_OWN = { name: null, address: null, phone: null, licence_no: null, time_zone: null, currency: null };

function api(ctx: TestContext) {
  return async (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, lang = 'en') => {
    const response = await ctx.app.inject({ method, url, payload, headers: { ...bearer(token), lang } });
    return { status: response.statusCode, body: ctx.json(response) };
  };
}

/** Every table a refused change must leave as it was. */
async function snapshot(ctx: TestContext) {
  const db = ctx.app.db;
  return JSON.stringify([
    await db.select().from(branches).orderBy(branches.id),
    await db.select().from(staffBranches).orderBy(staffBranches.userId, staffBranches.branchId),
    await db.select().from(shopChanges).orderBy(shopChanges.id),
    await db.select().from(staffChanges).orderBy(staffChanges.id),
  ]);
}

describeOnDatabases('branches', (ctx) => {
  const call = api(ctx);
  let manager = '';
  let kit: Kit;
  let osaka = 0;

  it('a one-branch shop: every member works at the first branch, which reads as the shop', async () => {
    manager = await ctx.login(DEMO_MOBILES.manager);
    const info = await call(manager, 'GET', '/api/user/info');
    // The demo's shop has no name of its own: the app's, in the reader's language.
    expect(info.body.data.branch).toEqual({ id: 1, name: 'Jewel Appraisal' });
    expect(info.body.data.branches).toEqual([{ id: 1, name: 'Jewel Appraisal' }]);

    const list = await call(manager, 'GET', '/api/branches');
    expect(list.status).toBe(200);
    expect(list.body.data.items).toEqual([
      {
        id: 1,
        own: NOTHING_OWN,
        // The environment's currency and clock (the demo's shop sets none): the server's defaults.
        details: {
          name: 'Jewel Appraisal',
          address: '',
          phone: '',
          licence_no: '',
          time_zone: 'Asia/Shanghai',
          currency: 'CNY',
        },
        closed_at: null,
        staff: (
          await ctx.app.db
            .select()
            .from(users)
            .where(and(eq(users.isTmp, false), eq(users.isEnabled, true)))
        ).length,
        created_at: expect.any(String),
      },
    ]);

    const recorder = await ctx.login(DEMO.recorder);
    const refused = await call(recorder, 'GET', '/api/branches');
    expect(refused).toMatchObject({ status: 403, body: { code: MANAGERS_ONLY } });
  });

  it('a manager opens a branch: they work there, each detail is recorded, a name read twice is refused', async () => {
    const opened = await call(manager, 'POST', '/api/branches', OSAKA);
    expect(opened.status).toBe(200);
    osaka = opened.body.data.id;
    expect(opened.body.data).toMatchObject({ own: OSAKA, details: OSAKA, closed_at: null, staff: 1 });
    const info = await call(manager, 'GET', '/api/user/info');
    expect(info.body.data.branches).toEqual([
      { id: 1, name: 'Jewel Appraisal' },
      { id: osaka, name: '大阪店' },
    ]);
    const logged = await ctx.app.db.select().from(shopChanges).where(eq(shopChanges.branchId, osaka));
    expect(logged.map((row) => [row.field, row.oldValue, row.newValue]).sort()).toEqual(
      [
        ['address', null, OSAKA.address],
        ['currency', null, 'JPY'],
        ['licence_no', null, OSAKA.licence_no],
        ['name', null, '大阪店'],
        ['open', null, 'true'],
        ['phone', null, OSAKA.phone],
        ['time_zone', null, 'Asia/Tokyo'],
      ].sort(),
    );
    // The shop's own page lists none of the branch's changes.
    const shopPage = await call(manager, 'GET', '/api/shop');
    expect(shopPage.body.data.changes).toEqual([]);

    const before = await snapshot(ctx);
    // Another open branch's name; and the first branch's in another case, which is the app's here.
    const taken = await call(manager, 'POST', '/api/branches', OSAKA, 'ja');
    expect(taken).toMatchObject({
      status: 409,
      body: { code: BRANCH_NAME_TAKEN, msg: '営業中の別の支店に同じ名前があります。別の名前にしてください。' },
    });
    const first = await call(manager, 'POST', '/api/branches', { ...OSAKA, name: 'jewel appraisal' });
    expect(first).toMatchObject({ status: 409, body: { code: BRANCH_NAME_TAKEN } });
    // A branch with no name of its own reads as the shop: the first branch's name again.
    const unnamed = await call(manager, 'POST', '/api/branches', { ...OSAKA, name: null });
    expect(unnamed.body.code).toBe(BRANCH_NAME_TAKEN);
    expect(await snapshot(ctx)).toBe(before);
  });

  it("changes a branch's details, recorded old → new; null takes the shop's again", async () => {
    const changed = await call(manager, 'PUT', `/api/branches/${osaka}`, {
      ...OSAKA,
      phone: '06-0000-0000',
      currency: null,
    });
    expect(changed.body.data.own).toEqual({ ...OSAKA, phone: '06-0000-0000', currency: null });
    expect(changed.body.data.details.currency).toBe('CNY');
    const logged = await ctx.app.db
      .select({ field: shopChanges.field, old: shopChanges.oldValue, new: shopChanges.newValue })
      .from(shopChanges)
      .where(eq(shopChanges.branchId, osaka))
      .orderBy(shopChanges.id);
    expect(logged.slice(-2)).toEqual([
      { field: 'phone', old: OSAKA.phone, new: '06-0000-0000' },
      { field: 'currency', old: 'JPY', new: null },
    ]);
    await call(manager, 'PUT', `/api/branches/${osaka}`, OSAKA);
  });

  it('a member given two branches works at the first, switches to the other and registers there', async () => {
    kit = await prepareKit(ctx);
    const given = await call(manager, 'PUT', `/api/staff/${kit.recorder.id}/branches`, { branch_ids: [1, osaka] });
    expect(given).toMatchObject({ status: 200, body: { data: { branch_ids: [1, osaka] } } });
    const [change] = await ctx.app.db
      .select()
      .from(staffChanges)
      .where(and(eq(staffChanges.memberId, kit.recorder.id), eq(staffChanges.change, 'branches')));
    expect(change).toMatchObject({ oldValue: '1', newValue: `1, ${osaka}` });

    const recorder = await ctx.login(DEMO.recorder);
    const info = await call(recorder, 'GET', '/api/user/info');
    expect(info.body.data.branch).toEqual({ id: 1, name: 'Jewel Appraisal' });
    expect(info.body.data.branches.map((branch: { id: number }) => branch.id)).toEqual([1, osaka]);

    const switched = await call(recorder, 'PUT', '/api/user/branch', { branch_id: osaka });
    expect(switched.body.data.branch).toEqual({ id: osaka, name: '大阪店' });
    const enrolled = await call(recorder, 'POST', '/api/enrollments', enrollBody([commodityInput(kit)]));
    expect(enrolled.status).toBe(200);
    const [item] = await ctx.app.db
      .select({ branch: commodities.branchId, visit: enrollments.branchId })
      .from(commodities)
      .innerJoin(enrollments, eq(enrollments.id, commodities.enrollmentId))
      .where(eq(commodities.id, enrolled.body.data.commodities[0].id));
    expect(item).toEqual({ branch: osaka, visit: osaka });

    // A branch they do not work at: refused, the session where it was.
    const sessionsBefore = JSON.stringify(await ctx.app.db.select().from(sessions).orderBy(sessions.id));
    const third = await call(manager, 'POST', '/api/branches', { ...OSAKA, name: '京都店' });
    const refused = await call(recorder, 'PUT', '/api/user/branch', { branch_id: third.body.data.id }, 'zh-Hans');
    expect(refused).toMatchObject({
      status: 403,
      body: { code: BRANCH_NOT_HELD, msg: '你不在该门店工作，请管理员把你加入该门店' },
    });
    expect(JSON.stringify(await ctx.app.db.select().from(sessions).orderBy(sessions.id))).toBe(sessionsBefore);
  });

  it("taking a branch away ends the member's sessions working there; never one's own, never a closed branch", async () => {
    const recorder = await ctx.login(DEMO.recorder);
    await call(recorder, 'PUT', '/api/user/branch', { branch_id: osaka });
    const taken = await call(manager, 'PUT', `/api/staff/${kit.recorder.id}/branches`, { branch_ids: [1] });
    expect(taken.body.data.branch_ids).toEqual([1]);
    expect((await call(recorder, 'GET', '/api/user/info')).status).toBe(401);

    const managerId = (await call(manager, 'GET', '/api/user/info')).body.data.id;
    const before = await snapshot(ctx);
    const self = await call(manager, 'PUT', `/api/staff/${managerId}/branches`, { branch_ids: [1] });
    expect(self.body.code).toBe(STAFF_SELF);
    expect(await snapshot(ctx)).toBe(before);
  });

  it("a manager keeps only the branches they work at; the shop's owner keeps every one", async () => {
    await commands['create-user'](ctx.app.database, {
      mobile: '13900003201',
      name: 'Second manager',
      role: 'recorder,manager',
      password: 'second-3201',
    });
    const second = await ctx.login('13900003201', 'second-3201');
    const seen = await call(second, 'GET', '/api/branches');
    expect(seen.body.data.items.map((branch: { id: number }) => branch.id)).toEqual([1]);
    const before = await snapshot(ctx);
    const refused = await call(second, 'PUT', `/api/branches/${osaka}`, { ...OSAKA, phone: '0' });
    expect(refused).toMatchObject({ status: 403, body: { code: BRANCH_NOT_HELD } });
    const notGiven = await call(second, 'PUT', `/api/staff/${kit.valuer3.id}/branches`, { branch_ids: [1, osaka] });
    expect(notGiven.body.code).toBe(BRANCH_NOT_HELD);
    expect(await snapshot(ctx)).toBe(before);

    const [secondRow] = await ctx.app.db.select().from(users).where(eq(users.mobile, '13900003201'));
    const [owner] = await ctx.app.db.select({ ownerId: shop.ownerId }).from(shop);
    await ctx.app.db.update(shop).set({ ownerId: secondRow?.id });
    const all = await call(second, 'GET', '/api/branches');
    expect(all.body.data.items.length).toBe((await ctx.app.db.select().from(branches)).length);
    await ctx.app.db.update(shop).set({ ownerId: owner?.ownerId ?? null });
  });

  it('closing: refused while someone works only there or items are under way, and for the last open branch', async () => {
    // The recorder works only at Osaka now: closing it would lock them out.
    const onlyOsaka = await call(manager, 'PUT', `/api/staff/${kit.recorder.id}/branches`, { branch_ids: [osaka] });
    expect(onlyOsaka.body.data).toEqual({ branch_ids: [osaka] });
    let before = await snapshot(ctx);
    const staffed = await call(manager, 'PUT', `/api/branches/${osaka}/state`, { open: false });
    expect(staffed).toMatchObject({
      status: 409,
      body: {
        code: BRANCH_STAFFED,
        msg: 'Some people work only at this branch: give them another branch, or disable them, first: 陈晓.',
      },
    });
    expect(await snapshot(ctx)).toBe(before);

    await call(manager, 'PUT', `/api/staff/${kit.recorder.id}/branches`, { branch_ids: [1, osaka] });
    before = await snapshot(ctx);
    const underWay = await call(manager, 'PUT', `/api/branches/${osaka}/state`, { open: false });
    expect(underWay).toMatchObject({
      status: 409,
      body: {
        code: BRANCH_HAS_ITEMS_UNDER_WAY,
        msg: 'This branch still has 1 items not yet bought back or returned: settle them before closing it.',
      },
    });
    expect(await snapshot(ctx)).toBe(before);

    // Once its item is returned, it closes: its records stay, nobody is given it or works there.
    await ctx.app.db.update(commodities).set({ status: 90 }).where(eq(commodities.branchId, osaka));
    const closed = await call(manager, 'PUT', `/api/branches/${osaka}/state`, { open: false });
    expect(closed.status).toBe(200);
    expect(closed.body.data.closed_at).not.toBeNull();
    expect((await ctx.app.db.select().from(commodities).where(eq(commodities.branchId, osaka))).length).toBe(1);
    const recorder = await ctx.login(DEMO.recorder);
    expect((await call(recorder, 'GET', '/api/user/info')).body.data.branches).toEqual([
      { id: 1, name: 'Jewel Appraisal' },
    ]);
    const toClosed = await call(recorder, 'PUT', '/api/user/branch', { branch_id: osaka });
    expect(toClosed.body.code).toBe(BRANCH_CLOSED);
    const givenClosed = await call(manager, 'PUT', `/api/staff/${kit.valuer3.id}/branches`, { branch_ids: [1, osaka] });
    expect(givenClosed.body.code).toBe(BRANCH_CLOSED);

    // The last open branch: close every other first, then the first is refused.
    const open = await ctx.app.db.select().from(branches).where(isNull(branches.closedAt));
    for (const branch of open.filter((row) => row.id !== 1))
      await call(manager, 'PUT', `/api/branches/${branch.id}/state`, { open: false });
    before = await snapshot(ctx);
    const last = await call(manager, 'PUT', '/api/branches/1/state', { open: false });
    expect(last).toMatchObject({ status: 409, body: { code: LAST_BRANCH } });
    expect(await snapshot(ctx)).toBe(before);

    // Opened again, under a name no open branch reads.
    const reopened = await call(manager, 'PUT', `/api/branches/${osaka}/state`, { open: true });
    expect(reopened.body.data.closed_at).toBeNull();
  });
});
