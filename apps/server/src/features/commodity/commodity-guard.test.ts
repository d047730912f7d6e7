import { count, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { commodities, commodityEvents, identifyFlows } from '../../db/schema.ts';
import { act, insertAt, type Kit, outcome, type Person, prepareKit } from '../../test/commodity-kit.ts';
import { bearer, describeOnDatabases, type TestContext } from '../../test/test-app.ts';

// Who may take which action in which status: authorization-matrix.test.ts.

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

  it('refuses a stale version, changing nothing, and names the status when it moved', async () => {
    const id = await insertAt(ctx, kit, 'pendingAppraisal');
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
      const id = await insertAt(ctx, kit, 'pendingReconsideration');
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

  it('filters the list by tab, keyword, scope and urgency, and pages by cursor', async () => {
    const urgent = await insertAt(ctx, kit, 'toBeModified');
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
