import { NO_ACCESSORIES } from '@jewel/contract/values/commodity';
import { count } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { commodities, enrollments } from '../../db/schema.ts';
import {
  commodityInput,
  enroll,
  enrollBody,
  getDetail,
  type Kit,
  outcome,
  prepareKit,
  uploadPhoto,
} from '../../test/commodity-kit.ts';
import { bearer, describeOnDatabases } from '../../test/test-app.ts';

describeOnDatabases('commodity enrollment', (ctx) => {
  let kit: Kit;
  beforeAll(async () => {
    kit = await prepareKit(ctx);
  });

  const totals = async () => {
    const [e] = await ctx.app.db.select({ n: count() }).from(enrollments);
    const [c] = await ctx.app.db.select({ n: count() }).from(commodities);
    return { enrollments: e?.n ?? 0, commodities: c?.n ?? 0 };
  };

  it('registers a customer and two items, numbered by the shop day, one of them assigned', async () => {
    const body = enrollBody([commodityInput(kit), commodityInput(kit, { valuer_id: kit.valuer1.id, priority: 2 })]);
    const response = outcome(ctx, await enroll(ctx, kit.recorder.token, body));
    expect(response.code).toBe(0);
    expect(response.data.replayed).toBe(false);
    const [first, second] = response.data.commodities;
    expect(first.no).toMatch(/^C\d{8}-\d{4}$/);
    const sequence = (no: string) => Number(no.slice(-4));
    expect(sequence(second.no)).toBe(sequence(first.no) + 1);

    const a = outcome(ctx, await getDetail(ctx, kit.recorder.token, first.id)).data;
    expect(a).toMatchObject({ status: 10, version: 0, round: 1, valuer: null, workflow: null, flows: [] });
    expect(a.enrollment).toMatchObject({ customer_name: '张女士', customer_phone: '13912345678' });
    expect(a.brand.id).toBe(kit.brandId);
    expect(a.category.name).toBeTruthy();
    expect(a.history).toMatchObject([{ action: 'enroll', from_status: null, to_status: 10 }]);
    expect(a.allowed_actions).toEqual(['distribute', 'update', 'confirmName']);

    const b = outcome(ctx, await getDetail(ctx, kit.valuer1.token, second.id)).data;
    expect(b).toMatchObject({ status: 20, valuer: { id: kit.valuer1.id }, workflow: { code: 'standard' } });
    expect(b.flows).toMatchObject([{ step: 'first', status: 1, valuer: { id: kit.valuer1.id } }]);
    expect(b.allowed_actions).toEqual(['startAppraisal', 'confirmName']);

    const notices = ctx.json(
      await ctx.app.inject({ method: 'GET', url: '/api/user/notifications', headers: bearer(kit.valuer1.token) }),
    ).data.items;
    expect(notices[0]).toMatchObject({ type: 'distributed', link: `/pages-sub/commodityDetail/index?id=${second.id}` });
    expect(notices[0].content).toContain(second.no);

    const list = outcome(
      ctx,
      await ctx.app.inject({ method: 'GET', url: '/api/commodities?limit=1', headers: bearer(kit.recorder.token) }),
    ).data;
    expect(list.items).toMatchObject([{ id: second.id, priority: 2, recorder: { id: kit.recorder.id } }]);
    expect(list.items[0].thumb).toBe(kit.photos[1]?.replace('.jpg', '-thumb.jpg'));
    const next = outcome(
      ctx,
      await ctx.app.inject({
        method: 'GET',
        url: `/api/commodities?limit=1&cursor=${list.next_cursor}`,
        headers: bearer(kit.recorder.token),
      }),
    ).data;
    expect(next.items[0].id).toBe(first.id);
  });

  it('answers a repeated submit with the first enrollment, sequentially and concurrently', async () => {
    const body = enrollBody([commodityInput(kit)]);
    const before = await totals();
    const first = outcome(ctx, await enroll(ctx, kit.recorder.token, body));
    const again = outcome(ctx, await enroll(ctx, kit.recorder.token, body));
    expect(again.data).toEqual({ ...first.data, replayed: true });
    expect(await totals()).toEqual({ enrollments: before.enrollments + 1, commodities: before.commodities + 1 });

    const reused = outcome(ctx, await enroll(ctx, kit.recorder.token, { ...body, customer_name: '李先生' }));
    expect(reused).toMatchObject({ status: 409, code: 4014 });

    const racing = enrollBody([commodityInput(kit), commodityInput(kit)]);
    const answers = (await Promise.all([1, 2, 3].map(() => enroll(ctx, kit.recorder.token, racing)))).map((r) =>
      outcome(ctx, r),
    );
    expect(answers.map((a) => a.code)).toEqual([0, 0, 0]);
    expect(new Set(answers.map((a) => a.data.id)).size).toBe(1);
    expect(answers.filter((a) => !a.data.replayed)).toHaveLength(1);
    expect(await totals()).toEqual({ enrollments: before.enrollments + 2, commodities: before.commodities + 3 });
  });

  it('refuses bad submissions naming the field, creating nothing', async () => {
    const before = await totals();
    const refused = async (body: unknown, code: number, field: string) => {
      const answer = outcome(ctx, await enroll(ctx, kit.recorder.token, body));
      expect({ code: answer.code, field: answer.data?.field }).toEqual({ code, field });
    };
    const one = (overrides: Record<string, unknown>) => enrollBody([commodityInput(kit, overrides)]);
    await refused(enrollBody(Array.from({ length: 6 }, () => commodityInput(kit))), 4010, 'commodities');
    await refused(one({ size_pics: [] }), 4011, 'commodities.0.size_pics');
    await refused(one({ product_pics: [] }), 4012, 'commodities.0.product_pics');
    await refused(one({ accessory_pics: [] }), 4013, 'commodities.0.accessory_pics');
    // "No accessories" still needs the photo that shows it (docs/decisions.md).
    await refused(one({ accessories: [NO_ACCESSORIES], accessory_pics: [] }), 4013, 'commodities.0.accessory_pics');
    await refused(one({ brand_id: 999999 }), 1001, 'commodities.0.brand_id');
    await refused(one({ type_id: kit.foreignTypeId }), 1001, 'commodities.0.type_id');
    await refused(one({ weight: -1 }), 1001, 'commodities.0.weight');
    await refused(one({ valuer_id: kit.recorder.id }), 1001, 'commodities.0.valuer_id');
    await refused(enrollBody([commodityInput(kit)], { customer_phone: 'call me' }), 1001, 'customer_phone');
    const unknownPhoto = `/api/files/${'a'.repeat(32)}.jpg`;
    await refused(one({ weight_pics: [unknownPhoto] }), 1001, 'commodities.0.weight_pics.0');
    const thumb = kit.photos[0]?.replace('.jpg', '-thumb.jpg');
    await refused(one({ size_pics: [thumb] }), 1001, 'commodities.0.size_pics.0');
    const othersPhoto = await uploadPhoto(ctx, kit.valuer1.token, 200);
    await refused(
      enrollBody([commodityInput(kit), commodityInput(kit, { inlay_pics: [othersPhoto] })]),
      1001,
      'commodities.1.inlay_pics.0',
    );
    expect(await totals()).toEqual(before);
  });

  it('is for recorders only', async () => {
    const answer = outcome(ctx, await enroll(ctx, kit.valuer1.token, enrollBody([commodityInput(kit)])));
    expect(answer).toMatchObject({ status: 403, code: 4002 });
  });
});
