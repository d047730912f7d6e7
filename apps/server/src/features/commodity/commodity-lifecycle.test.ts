import { beforeAll, expect, it } from 'vitest';
import {
  act,
  buybackProof,
  commodityInput,
  distribute,
  getDetail,
  type Kit,
  outcome,
  type Person,
  prepareKit,
  register,
  step,
  verdict,
} from '../../test/commodity-kit.ts';
import { bearer, describeOnDatabases, type TestContext } from '../../test/test-app.ts';

async function notices(ctx: TestContext, person: Person) {
  const page = ctx.json(
    await ctx.app.inject({
      method: 'GET',
      url: '/api/user/notifications?page_size=100',
      headers: bearer(person.token),
    }),
  ).data;
  return page.items as { type: string; content: string; link: string }[];
}

describeOnDatabases('commodity life cycle', (ctx) => {
  let kit: Kit;
  beforeAll(async () => {
    kit = await prepareKit(ctx);
  });

  it('goes through return, update, disagreement, comprehensive assessment and buyback', async () => {
    const { id, no } = await register(ctx, kit);
    expect(await distribute(ctx, kit, [id], kit.valuer1)).toMatchObject({ code: 0, data: { count: 1 } });
    expect((await notices(ctx, kit.valuer1))[0]).toMatchObject({ type: 'distributed' });

    await step(ctx, kit.valuer1, id, 'start-appraisal', {}, 30);
    const returned = await step(ctx, kit.valuer1, id, 'return', { reason: 'Clasp photo missing' }, 35);
    expect(returned.modification_reason).toBe('Clasp photo missing');
    expect(returned.flows).toMatchObject([{ step: 'first', status: 4, return_reason: 'Clasp photo missing' }]);
    expect((await notices(ctx, kit.recorder))[0]).toMatchObject({ type: 'returned_for_modification' });

    const updated = await step(
      ctx,
      kit.recorder,
      id,
      'update',
      {
        ...commodityInput(kit, { remark: 'clasp photo added', accessory_pics: [kit.photos[0]] }),
        customer_name: '张女士',
        customer_phone: '13912345678',
        customer_address: '上海市徐汇区',
      },
      20,
    );
    expect(updated).toMatchObject({
      modification_reason: null,
      valuer: { id: kit.valuer1.id },
      remark: 'clasp photo added',
    });
    expect(updated.enrollment.customer_address).toBe('上海市徐汇区');
    expect(updated.history.at(-1)).toMatchObject({
      action: 'update',
      from_status: 35,
      to_status: 20,
      actor: { id: kit.recorder.id },
      changes: { remark: ['light scratches', 'clasp photo added'], customer_address: ['上海市静安区', '上海市徐汇区'] },
    });

    await step(ctx, kit.valuer1, id, 'start-appraisal', {}, 30);
    const appraised = await step(ctx, kit.valuer1, id, 'appraise', verdict(), 40);
    const first = appraised.flows.at(-1);
    expect(first).toMatchObject({ step: 'first', status: 3, hidden: false, result: { price_low: 20000 } });
    expect(first.duration_seconds).toBeGreaterThanOrEqual(0);
    expect((await notices(ctx, kit.recorder))[0]).toMatchObject({ type: 'first_appraisal_done' });
    expect((await notices(ctx, kit.valuer2))[0]).toMatchObject({ type: 'reconsideration_needed' });
    expect((await notices(ctx, kit.valuer1)).some((n) => n.type === 'reconsideration_needed')).toBe(false);

    // Blind: other valuers see that a verdict exists, not what it is; the recorder sees it.
    const blind = outcome(ctx, await getDetail(ctx, kit.valuer2.token, id)).data;
    expect(blind.flows.at(-1)).toMatchObject({ hidden: true, result: null });
    expect(JSON.stringify(blind)).not.toContain('20000');
    expect(blind.allowed_actions).toContain('startReconsideration');
    const own = outcome(ctx, await getDetail(ctx, kit.valuer1.token, id)).data;
    expect(own.flows.at(-1)).toMatchObject({ hidden: false });
    expect(own.allowed_actions).not.toContain('startReconsideration');
    expect(outcome(ctx, await getDetail(ctx, kit.recorder.token, id)).data.flows.at(-1).hidden).toBe(false);

    const queue = async (person: Person) =>
      outcome(
        ctx,
        await ctx.app.inject({ method: 'GET', url: '/api/reconsiderations', headers: bearer(person.token) }),
      ).data.items.map((item: { id: number }) => item.id);
    expect(await queue(kit.valuer2)).toContain(id);
    expect(await queue(kit.valuer1)).not.toContain(id);

    const taken = await step(ctx, kit.valuer2, id, 'start-reconsideration', {}, 50);
    expect(taken.flows.findLast((f: { step: string }) => f.step === 'first')).toMatchObject({
      hidden: true,
      result: null,
    });
    expect(await queue(kit.valuer2)).toContain(id);
    expect(await queue(kit.valuer3)).not.toContain(id);

    const disagreed = await step(
      ctx,
      kit.valuer2,
      id,
      'reconsider',
      verdict({ is_real: 2, not_genuine_reason: 'hallmark_mismatch', price_low: 0, price_high: 500 }),
      60,
    );
    expect(disagreed.flows.map((f: { hidden: boolean }) => f.hidden)).toEqual([false, false, false]);
    expect(disagreed.flows.at(-1)).toMatchObject({ step: 'reconsideration', agrees: false });
    expect(disagreed.allowed_actions).not.toContain('comprehensive');
    const forThird = outcome(ctx, await getDetail(ctx, kit.valuer3.token, id)).data;
    expect(forThird.allowed_actions).toEqual(['comprehensive', 'reassess', 'confirmName']);

    const settled = await step(
      ctx,
      kit.valuer3,
      id,
      'comprehensive',
      verdict({ price_low: 18000, price_high: 22000 }),
      70,
    );
    expect(settled.result).toMatchObject({ is_real: 1, price_low: 18000 });
    expect(settled.flows.at(-1)).toMatchObject({ step: 'comprehensive', agrees: true });
    const identified = (await notices(ctx, kit.recorder))[0];
    expect(identified).toMatchObject({ type: 'identified' });
    expect(identified?.content).toContain(no);

    const named = await step(ctx, kit.recorder, id, 'confirm-name', { product_id: kit.productId }, 70);
    expect(named.product).toMatchObject({ id: kit.productId });
    expect(named.history.at(-1)).toMatchObject({ action: 'confirmName', from_status: 70, to_status: 70 });

    const bought = await step(
      ctx,
      kit.recorder,
      id,
      'recycle',
      { is_recycle: 1, price: 21000, currency: 'CNY', ...(await buybackProof(ctx, kit.recorder.token)) },
      80,
    );
    expect(bought.recycle).toMatchObject({ is_recycle: 1, price: 21000, currency: 'CNY' });
    expect(bought.allowed_actions).toEqual([]);
    expect(bought.history.map((e: { action: string }) => e.action)).toEqual([
      'enroll',
      'distribute',
      'startAppraisal',
      'returnForModification',
      'update',
      'startAppraisal',
      'submitAppraisal',
      'startReconsideration',
      'submitReconsideration',
      'comprehensive',
      'confirmName',
      'recycle',
    ]);
  });

  it('fixes the first verdict when the reconsideration agrees, and returns the item to the customer', async () => {
    const { id } = await register(ctx, kit, { valuer_id: kit.valuer1.id });
    await step(ctx, kit.valuer1, id, 'start-appraisal', {}, 30);
    await step(ctx, kit.valuer1, id, 'appraise', verdict(), 40);
    await step(ctx, kit.valuer2, id, 'start-reconsideration', {}, 50);
    const agreed = await step(ctx, kit.valuer2, id, 'reconsider', verdict({ price_low: 21000, price_high: 25000 }), 70);
    expect(agreed.result).toMatchObject({ price_low: 20000, price_high: 24000 });
    expect(agreed.flows.at(-1)).toMatchObject({ agrees: true });
    const back = await step(ctx, kit.recorder, id, 'recycle', { is_recycle: 0 }, 90);
    expect(back.recycle).toMatchObject({ is_recycle: 0, price: null });
  });

  it('fixes the result at the first appraisal in the quick workflow, and re-assesses in a new round', async () => {
    const workflows = ctx.json(
      await ctx.app.inject({ method: 'GET', url: '/api/workflows', headers: bearer(kit.recorder.token) }),
    ).data;
    const quick = workflows.find((w: { code: string }) => w.code === 'quick');
    const { id } = await register(ctx, kit);
    expect((await distribute(ctx, kit, [id], kit.valuer1, quick.id)).code).toBe(0);
    await step(ctx, kit.valuer1, id, 'start-appraisal', {}, 30);
    const fixed = await step(ctx, kit.valuer1, id, 'appraise', verdict(), 70);
    expect(fixed).toMatchObject({ workflow: { code: 'quick' }, result: { price_low: 20000 } });

    const told = (await notices(ctx, kit.recorder)).length;
    const again = await step(
      ctx,
      kit.recorder,
      id,
      'reassess',
      { revisit_type: 2, reason: 'New receipt found', valuer_id: kit.valuer2.id },
      20,
    );
    expect(again).toMatchObject({ round: 2, result: null, valuer: { id: kit.valuer2.id } });
    // The recorder did it: nothing to tell them.
    expect(await notices(ctx, kit.recorder)).toHaveLength(told);
    expect(again.flows.map((f: { round: number; status: number }) => [f.round, f.status])).toEqual([
      [1, 3],
      [2, 1],
    ]);
    expect(again.history.at(-1).changes).toMatchObject({
      revisit_type: 2,
      reason: 'New receipt found',
      round: [1, 2],
      valuer_id: [kit.valuer1.id, kit.valuer2.id],
    });
  });

  it('lets the comprehensive assessor re-assess, with the first valuer again, and tells the recorder', async () => {
    const { id, no } = await register(ctx, kit, { valuer_id: kit.valuer1.id });
    await step(ctx, kit.valuer1, id, 'start-appraisal', {}, 30);
    await step(ctx, kit.valuer1, id, 'appraise', verdict(), 40);
    await step(ctx, kit.valuer2, id, 'start-reconsideration', {}, 50);
    await step(
      ctx,
      kit.valuer2,
      id,
      'reconsider',
      verdict({ is_real: 2, not_genuine_reason: 'hallmark_mismatch' }),
      60,
    );
    const settled = await step(ctx, kit.valuer3, id, 'comprehensive', verdict(), 70);
    expect(settled.allowed_actions).toContain('reassess');

    // Choosing the valuer is distribution, a recorder's act: a valuer cannot name one, not even themselves.
    const named = await act(ctx, kit.valuer3.token, id, 'reassess', {
      version: settled.version,
      revisit_type: 3,
      valuer_id: kit.valuer3.id,
    });
    expect(outcome(ctx, named)).toMatchObject({ status: 403, code: 4002 });
    expect(outcome(ctx, await getDetail(ctx, kit.recorder.token, id)).data).toMatchObject({
      status: 70,
      version: settled.version,
      round: 1,
    });

    const before = (await notices(ctx, kit.recorder)).length;
    const again = await step(
      ctx,
      kit.valuer3,
      id,
      'reassess',
      { revisit_type: 3, reason: 'Second look at the clasp' },
      20,
    );
    expect(again).toMatchObject({ round: 2, result: null, valuer: { id: kit.valuer1.id } });
    const told = await notices(ctx, kit.recorder);
    expect(told).toHaveLength(before + 1);
    expect(told[0]).toMatchObject({ type: 'reassessed', link: `/pages-sub/commodityDetail/index?id=${id}` });
    expect(told[0]?.content).toContain(no);
    expect((await notices(ctx, kit.valuer1))[0]).toMatchObject({ type: 'distributed' });
  });

  it('distributes several at once, all or nothing', async () => {
    const a = await register(ctx, kit);
    const b = await register(ctx, kit);
    const detailOf = async (id: number) => outcome(ctx, await getDetail(ctx, kit.recorder.token, id)).data;
    const stale = outcome(
      ctx,
      await act(ctx, kit.recorder.token, 'distribute', '', {
        items: [
          { id: a.id, version: 0 },
          { id: b.id, version: 3 },
        ],
        valuer_id: kit.valuer2.id,
      }),
    );
    expect(stale.code).toBe(4006);
    expect((await detailOf(a.id)).status).toBe(10);
    const both = outcome(
      ctx,
      await act(ctx, kit.recorder.token, 'distribute', '', {
        items: [
          { id: a.id, version: 0 },
          { id: b.id, version: 0 },
        ],
        valuer_id: kit.valuer2.id,
      }),
    );
    expect(both).toMatchObject({ code: 0, data: { count: 2 } });
    const notice = (await notices(ctx, kit.valuer2))[0];
    expect(notice?.content).toContain(`(2): ${a.no}, ${b.no}`);
    const byValuer = outcome(
      ctx,
      await act(ctx, kit.valuer1.token, 'distribute', '', {
        items: [{ id: a.id, version: 1 }],
        valuer_id: kit.valuer1.id,
      }),
    );
    expect(byValuer.code).toBe(4002);
    const unknownValuer = outcome(
      ctx,
      await act(ctx, kit.recorder.token, 'distribute', '', {
        items: [{ id: a.id, version: 1 }],
        valuer_id: kit.recorder.id,
      }),
    );
    expect(unknownValuer).toMatchObject({ code: 1001, data: { field: 'valuer_id' } });
  });
});
