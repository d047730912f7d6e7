import { randomUUID } from 'node:crypto';
import { FLOW_STATUS } from '@jewel/contract/commodity';
import {
  type ActionContext,
  COMMODITY_ACTIONS,
  COMMODITY_STATUS,
  COMMODITY_STATUS_VALUES,
  type CommodityAction,
  type CommodityStatus,
  refusalOf,
} from '@jewel/contract/commodity-status';
import { ERRORS } from '@jewel/contract/error-codes';
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { commodities, commodityEvents, enrollments, identifyFlows, workflows } from '../../db/schema.ts';
import { bearer, describeOnDatabases, type TestContext } from '../../test/test-app.ts';
import {
  act,
  commodityInput,
  enroll,
  enrollBody,
  getDetail,
  type Kit,
  outcome,
  type Person,
  prepareKit,
  uploadPhoto,
  verdict,
} from './commodity-test-kit.ts';

const S = COMMODITY_STATUS;
const ROUTE: Record<CommodityAction, string> = {
  distribute: 'distribute',
  update: 'update',
  startAppraisal: 'start-appraisal',
  returnForModification: 'return',
  submitAppraisal: 'appraise',
  startReconsideration: 'start-reconsideration',
  submitReconsideration: 'reconsider',
  comprehensive: 'comprehensive',
  reassess: 'reassess',
  recycle: 'recycle',
  confirmName: 'confirm-name',
};

const done = (valuerId: number, step: 'first' | 'reconsideration', extra: object = {}) => ({
  step,
  valuerId,
  status: FLOW_STATUS.done,
  startedAt: new Date(Date.now() - 60_000),
  finishedAt: new Date(),
  durationSeconds: 60,
  isReal: 1,
  stateLevel: 'A',
  productStatus: 2,
  priceLow: 20000,
  priceHigh: 24000,
  currency: 'CNY',
  report: '',
  ...extra,
});

/**
 * A commodity put straight into a status, with the flows that status implies: valuer 1 assigned
 * and first appraiser, valuer 2 the reconsidering valuer, valuer 3 uninvolved.
 */
async function insertAt(ctx: TestContext, kit: Kit, status: CommodityStatus) {
  const db = ctx.app.db;
  const [standard] = await db.select().from(workflows).where(eq(workflows.code, 'standard'));
  const [enrollment] = await db
    .insert(enrollments)
    .values({
      recorderId: kit.recorder.id,
      idempotencyKey: randomUUID(),
      bodyHash: 'fixture',
      customerName: 'Fixture',
      customerPhone: '13900000000',
    })
    .returning();
  const assigned = status !== S.pendingDistribution;
  const input = commodityInput(kit);
  const [row] = await db
    .insert(commodities)
    .values({
      no: `F-${randomUUID()}`,
      enrollmentId: enrollment?.id ?? 0,
      recorderId: kit.recorder.id,
      status,
      valuerId: assigned ? kit.valuer1.id : null,
      workflowId: assigned ? (standard?.id ?? null) : null,
      brandId: kit.brandId,
      categoryId: kit.categoryId,
      productName: input.product_name,
      productStatus: 2,
      sizePics: input.size_pics,
      productPics: input.product_pics,
      accessoryPics: input.accessory_pics,
      modificationReason: status === S.toBeModified ? 'more photos' : null,
    })
    .returning();
  if (!row) throw new Error('fixture insert failed');
  const flows: (typeof identifyFlows.$inferInsert)[] = [];
  const flow = (values: object) => flows.push({ commodityId: row.id, round: 1, ...values } as never);
  const v1 = kit.valuer1.id;
  const v2 = kit.valuer2.id;
  if (status === S.pendingAppraisal) flow({ step: 'first', valuerId: v1, status: FLOW_STATUS.pending });
  if (status === S.inAppraisal) {
    flow({ step: 'first', valuerId: v1, status: FLOW_STATUS.inProgress, startedAt: new Date() });
  }
  if (status === S.toBeModified) {
    flow({ step: 'first', valuerId: v1, status: FLOW_STATUS.returned, returnReason: 'more photos' });
  }
  if (status >= S.pendingReconsideration) flow(done(v1, 'first'));
  if (status === S.inReconsideration) {
    flow({ step: 'reconsideration', valuerId: v2, status: FLOW_STATUS.inProgress, startedAt: new Date() });
  }
  if (status === S.pendingComprehensive) flow(done(v2, 'reconsideration', { isReal: 2, agrees: 0 }));
  if (status >= S.identified) flow(done(v2, 'reconsideration', { agrees: 1 }));
  const inserted = flows.length ? await db.insert(identifyFlows).values(flows).returning() : [];
  if (status >= S.identified) {
    await db
      .update(commodities)
      .set({
        resultFlowId: inserted[0]?.id ?? null,
        identifiedAt: new Date(),
        ...(status === S.identified
          ? {}
          : {
              isRecycle: status === S.recycled ? 1 : 0,
              recyclePrice: status === S.recycled ? 21000 : null,
              recycleCurrency: status === S.recycled ? 'CNY' : null,
              recycledAt: new Date(),
            }),
      })
      .where(eq(commodities.id, row.id));
  }
  return row.id;
}

/** A body that the action accepts when the machine allows it. */
function bodyFor(kit: Kit, action: CommodityAction, id: number, version: number): object {
  switch (action) {
    case 'distribute':
      return { items: [{ id, version }], valuer_id: kit.valuer1.id };
    case 'update':
      return {
        ...commodityInput(kit),
        customer_name: 'Fixture',
        customer_phone: '13900000000',
        version,
      };
    case 'returnForModification':
      return { version, reason: 'blurred' };
    case 'submitAppraisal':
    case 'submitReconsideration':
    case 'comprehensive':
      return { ...verdict(), version };
    case 'reassess':
      return { version, revisit_type: 1 };
    case 'recycle':
      return { version, is_recycle: 0 };
    case 'confirmName':
      return { version, product_id: kit.productId };
    default:
      return { version };
  }
}

async function snapshot(ctx: TestContext, id: number) {
  const [row] = await ctx.app.db
    .select({ status: commodities.status, version: commodities.version, updatedAt: commodities.updatedAt })
    .from(commodities)
    .where(eq(commodities.id, id));
  const [events] = await ctx.app.db
    .select({ n: count() })
    .from(commodityEvents)
    .where(eq(commodityEvents.commodityId, id));
  const [flows] = await ctx.app.db.select({ n: count() }).from(identifyFlows).where(eq(identifyFlows.commodityId, id));
  return { ...row, events: events?.n, flows: flows?.n };
}

describeOnDatabases('commodity guards', (ctx) => {
  let kit: Kit;
  beforeAll(async () => {
    kit = await prepareKit(ctx);
  });

  const send = (person: Person, action: CommodityAction, id: number, version: number) =>
    act(
      ctx,
      person.token,
      action === 'distribute' ? 'distribute' : id,
      ROUTE[action],
      bodyFor(kit, action, id, version),
    );

  it('answers every action in every status, for each person, as the status machine says, and a refusal changes nothing', async () => {
    const people = { recorder: kit.recorder, valuer1: kit.valuer1, valuer2: kit.valuer2, valuer3: kit.valuer3 };
    const mismatches: string[] = [];
    for (const status of COMMODITY_STATUS_VALUES) {
      // One commodity per status takes every refusal; each allowed action gets a fresh one.
      const shared = await insertAt(ctx, kit, status);
      for (const action of COMMODITY_ACTIONS) {
        for (const [who, person] of Object.entries(people)) {
          const context: ActionContext = {
            status,
            valuerId: status === S.pendingDistribution ? null : kit.valuer1.id,
            firstValuerId: status === S.pendingDistribution ? null : kit.valuer1.id,
            reconsiderValuerId: status >= S.inReconsideration ? kit.valuer2.id : null,
            comprehensiveValuerId: null,
            user: { id: person.id, role: who === 'recorder' ? 'recorder' : 'valuers' },
          };
          const refusal = refusalOf(action, context);
          // A valuer who lost the race for a reconsideration is told who took it.
          const lostRace =
            action === 'startReconsideration' &&
            status === S.inReconsideration &&
            who !== 'recorder' &&
            who !== 'valuer2';
          const expected = lostRace ? ERRORS.commodityTaken.code : refusal ? ERRORS[refusal].code : 0;
          const id = refusal ? shared : await insertAt(ctx, kit, status);
          const before = await snapshot(ctx, id);
          const answer = outcome(ctx, await send(person, action, id, 0));
          if (answer.code !== expected) {
            mismatches.push(
              `${status} ${action} ${who}: expected ${expected}, got ${answer.code} ${JSON.stringify(answer.data)}`,
            );
          }
          if (expected !== 0) expect(await snapshot(ctx, id)).toEqual(before);
        }
      }
    }
    expect(mismatches).toEqual([]);
  }, 120_000);

  it('refuses a stale version, changing nothing, and names the status when it moved', async () => {
    const id = await insertAt(ctx, kit, S.pendingAppraisal);
    const before = await snapshot(ctx, id);
    const stale = outcome(ctx, await act(ctx, kit.valuer1.token, id, 'start-appraisal', { version: 7 }));
    expect(stale).toMatchObject({ status: 409, code: 4006 });
    expect(await snapshot(ctx, id)).toEqual(before);

    expect(outcome(ctx, await act(ctx, kit.valuer1.token, id, 'start-appraisal', { version: 0 })).code).toBe(0);
    // The status moved under an old page: the status, not the version, is the news.
    const moved = outcome(ctx, await act(ctx, kit.valuer1.token, id, 'start-appraisal', { version: 0 }));
    expect(moved.code).toBe(4001);
    expect(ctx.json(await act(ctx, kit.valuer1.token, id, 'start-appraisal', { version: 0 })).msg).toContain(
      'In appraisal',
    );
  });

  it('lets exactly one of two valuers racing for a reconsideration win', async () => {
    for (let attempt = 0; attempt < 3; attempt++) {
      const id = await insertAt(ctx, kit, S.pendingReconsideration);
      const [a, b] = await Promise.all(
        [kit.valuer2, kit.valuer3].map((person) => act(ctx, person.token, id, 'start-reconsideration', { version: 0 })),
      );
      const answers = [outcome(ctx, a as never), outcome(ctx, b as never)];
      expect(answers.map((x) => x.code).sort()).toEqual([0, 4005]);
      const winner = answers[0]?.code === 0 ? kit.valuer2 : kit.valuer3;
      const loser = answers.find((x) => x.code === 4005);
      expect(loser?.status).toBe(409);
      const body = ctx.json(answers[0]?.code === 0 ? (b as never) : (a as never));
      expect(body.msg).toContain(winner.name);
      const [reconsiderations] = await ctx.app.db
        .select({ n: count() })
        .from(identifyFlows)
        .where(eq(identifyFlows.commodityId, id));
      expect(reconsiderations?.n).toBe(2);
    }
  });

  describe('guests', () => {
    const guest = async (role: 'recorder' | 'valuers') => {
      const link = ctx.json(
        await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/tmp',
          headers: bearer(kit.recorder.token),
          payload: { role },
        }),
      ).data;
      const entered = ctx.json(
        await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/guest',
          payload: { uuid: link.uuid, name: `G-${role}` },
        }),
      ).data;
      return { token: entered.token as string, id: entered.user.id as number, name: entered.user.name as string };
    };
    const listIds = async (person: Person, query = '') =>
      outcome(
        ctx,
        await ctx.app.inject({
          method: 'GET',
          url: `/api/commodities?limit=50${query}`,
          headers: bearer(person.token),
        }),
      ).data.items.map((item: { id: number }) => item.id);

    it('a guest valuer sees and acts only on what was distributed to them', async () => {
      const visitor = await guest('valuers');
      const theirs = await insertAt(ctx, kit, S.pendingDistribution);
      const other = await insertAt(ctx, kit, S.pendingAppraisal);
      const distributed = outcome(
        ctx,
        await act(ctx, kit.recorder.token, 'distribute', '', {
          items: [{ id: theirs, version: 0 }],
          valuer_id: visitor.id,
        }),
      );
      expect(distributed.code).toBe(0);
      expect(await listIds(visitor)).toEqual([theirs]);
      expect(outcome(ctx, await getDetail(ctx, visitor.token, other))).toMatchObject({ status: 404, code: 1002 });
      expect(
        outcome(ctx, await act(ctx, visitor.token, other, 'confirm-name', { version: 0, product_id: kit.productId })),
      ).toMatchObject({ status: 404, code: 1002 });
      expect(outcome(ctx, await act(ctx, visitor.token, theirs, 'start-appraisal', { version: 1 })).data.status).toBe(
        30,
      );
    });

    it('a guest recorder sees only their own registrations', async () => {
      const visitor = await guest('recorder');
      const photo = await uploadPhoto(ctx, visitor.token, 33);
      const body = enrollBody([
        commodityInput(kit, { size_pics: [photo], weight_pics: [], product_pics: [photo], accessory_pics: [photo] }),
      ]);
      const mine = outcome(ctx, await enroll(ctx, visitor.token, body)).data.commodities[0].id;
      const staff = await insertAt(ctx, kit, S.pendingDistribution);
      expect(await listIds(visitor)).toEqual([mine]);
      expect(await listIds(kit.recorder)).toEqual(expect.arrayContaining([mine, staff]));
      expect(outcome(ctx, await getDetail(ctx, visitor.token, staff)).code).toBe(1002);
      expect(outcome(ctx, await getDetail(ctx, visitor.token, mine)).data.recorder.id).toBe(visitor.id);
    });
  });

  it('filters the list by tab, keyword, scope and urgency, and pages by cursor', async () => {
    const urgent = await insertAt(ctx, kit, S.toBeModified);
    await ctx.app.db
      .update(commodities)
      .set({ priority: 2, productName: 'Rare Zeta Clip' })
      .where(eq(commodities.id, urgent));
    const list = async (person: Person, query: string) =>
      outcome(
        ctx,
        await ctx.app.inject({ method: 'GET', url: `/api/commodities?${query}`, headers: bearer(person.token) }),
      ).data;
    const ids = (page: { items: { id: number }[] }) => page.items.map((item) => item.id);
    expect(ids(await list(kit.recorder, 'tab=toBeModified&urgent=1'))).toEqual([urgent]);
    expect(ids(await list(kit.recorder, 'keyword=zeta'))).toEqual([urgent]);
    const [row] = await ctx.app.db.select({ no: commodities.no }).from(commodities).where(eq(commodities.id, urgent));
    expect(ids(await list(kit.recorder, `keyword=${row?.no}`))).toEqual([urgent]);
    expect(ids(await list(kit.recorder, 'keyword=1390000'))).toContain(urgent);
    expect(ids(await list(kit.valuer3, 'scope=mine'))).toEqual([]);
    expect(ids(await list(kit.valuer1, 'scope=mine&tab=toBeModified'))).toContain(urgent);

    const all: number[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page: { items: { id: number }[]; next_cursor: string | null } = await list(
        kit.recorder,
        `limit=7${cursor ? `&cursor=${cursor}` : ''}`,
      );
      all.push(...ids(page));
      cursor = page.next_cursor;
    }
    expect(all).toEqual([...all].sort((a, b) => b - a));
    expect(new Set(all).size).toBe(all.length);
    const [total] = await ctx.app.db.select({ n: count() }).from(commodities);
    expect(all.length).toBe(total?.n);
    expect(
      outcome(
        ctx,
        await ctx.app.inject({
          method: 'GET',
          url: '/api/commodities?cursor=abc',
          headers: bearer(kit.recorder.token),
        }),
      ).code,
    ).toBe(1001);
    expect(
      outcome(
        ctx,
        await ctx.app.inject({ method: 'GET', url: '/api/reconsiderations', headers: bearer(kit.recorder.token) }),
      ),
    ).toMatchObject({ status: 403, code: 4002 });
  });
});
