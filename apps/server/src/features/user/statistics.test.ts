import { randomUUID } from 'node:crypto';
import { FLOW_STATUS } from '@jewel/contract/values/commodity';
import { COMMODITY_STATUS as S } from '@jewel/contract/values/commodity-status';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { brands, categories, commodities, enrollments, identifyFlows } from '../../db/schema.ts';
import { FIRST_BRANCH } from '../../domain/branches.ts';
import { publishCommodityChange } from '../../domain/live-events.ts';
import { bearer, DEMO, describeOnDatabases } from '../../test/test-app.ts';

describeOnDatabases('dashboard statistics', (ctx) => {
  const signIn = async (mobile: string) => {
    const token = await ctx.login(mobile);
    const info = ctx.json(await ctx.app.inject({ method: 'GET', url: '/api/user/info', headers: bearer(token) }));
    return { token, id: info.data.id as number };
  };
  const statistics = async (token: string) => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/user/statistics', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    return ctx.json(response).data;
  };

  it('counts what a recorder registered and what a valuer appraises', async () => {
    const recorder = await signIn(DEMO.recorder);
    const v1 = await signIn(DEMO.valuer1);
    const v2 = await signIn(DEMO.valuer2);
    const v3 = await signIn(DEMO.valuer3);
    const db = ctx.app.db;

    // Asked once before anything exists: the answer is cached, and must not outlive the changes below.
    expect(await statistics(recorder.token)).toMatchObject({ role: 'recorder', registered_total: 0 });

    const [brand] = await db.select({ id: brands.id }).from(brands).limit(1);
    const [category] = await db.select({ id: categories.id }).from(categories).limit(1);
    if (!brand || !category) throw new Error('the demo catalog is missing');
    const [enrollment] = await db
      .insert(enrollments)
      .values({
        recorderId: recorder.id,
        branchId: FIRST_BRANCH,
        idempotencyKey: randomUUID(),
        bodyHash: 'x',
        customerName: '王女士',
        customerPhone: '13900000000',
      })
      .returning();
    if (!enrollment) throw new Error('no enrollment');

    const now = sql`now()`;
    const daysAgo = (days: number) => sql`now() - make_interval(days => ${days})`;
    let seq = 0;
    // Writes go through the transaction below (PGlite has one connection: the pool would wait on it).
    let w: Db = db;
    const commodity = async (
      status: number,
      valuerId: number | null,
      extra: { recorderId?: number; old?: boolean } = {},
    ) => {
      seq += 1;
      const [row] = await w
        .insert(commodities)
        .values({
          no: `T${Date.now()}-${seq}`,
          enrollmentId: enrollment.id,
          recorderId: extra.recorderId ?? recorder.id,
          branchId: FIRST_BRANCH,
          status,
          valuerId,
          brandId: brand.id,
          categoryId: category.id,
          productName: `item ${seq}`,
          productStatus: 1,
          createdAt: extra.old ? daysAgo(2) : now,
        })
        .returning({ id: commodities.id });
      if (!row) throw new Error('no commodity');
      return row.id;
    };
    const flow = (
      commodityId: number,
      step: 'first' | 'reconsideration',
      valuerId: number,
      status: number,
      durationSeconds: number | null,
      today = true,
    ) =>
      w.insert(identifyFlows).values({
        commodityId,
        round: 1,
        step,
        valuerId,
        status,
        startedAt: daysAgo(today ? 0 : 3),
        finishedAt: status === FLOW_STATUS.done ? (today ? now : daysAgo(3)) : null,
        durationSeconds,
      });

    await db.transaction(async (tx) => {
      w = tx;
      await commodity(S.pendingDistribution, null, { old: true });
      await commodity(S.pendingAppraisal, v1.id);
      await commodity(S.inAppraisal, v1.id);
      const c4 = await commodity(S.toBeModified, v1.id);
      await flow(c4, 'first', v1.id, FLOW_STATUS.returned, null);
      const c5 = await commodity(S.pendingReconsideration, v1.id);
      await flow(c5, 'first', v1.id, FLOW_STATUS.done, 600);
      const c6 = await commodity(S.inReconsideration, v1.id);
      await flow(c6, 'first', v1.id, FLOW_STATUS.done, 1200, false);
      await flow(c6, 'reconsideration', v2.id, FLOW_STATUS.inProgress, null);
      const c7 = await commodity(S.identified, v1.id);
      await flow(c7, 'first', v1.id, FLOW_STATUS.done, 300);
      await flow(c7, 'reconsideration', v2.id, FLOW_STATUS.done, 100);
      const c8 = await commodity(S.recycled, v2.id);
      await flow(c8, 'first', v2.id, FLOW_STATUS.done, 900, false);
      // Someone else's registration, assigned to valuer 1.
      const c9 = await commodity(S.pendingAppraisal, v1.id, { recorderId: v3.id });
      await publishCommodityChange(tx, {
        id: c9,
        status: S.pendingAppraisal,
        recorderId: v3.id,
        valuerIds: [v1.id],
      });
    });

    // The change reaches the cache through LISTEN/NOTIFY, moments after the commit.
    await expect
      .poll(() => statistics(recorder.token), { timeout: 2000, interval: 20 })
      .toEqual({
        role: 'recorder',
        registered_total: 8,
        registered_today: 7,
        to_be_distributed: 1,
        in_appraisal: 2,
        to_be_modified: 1,
        in_reconsideration: 2,
        pending_comprehensive: 0,
        identified: 1,
        closed: 1,
      });

    expect(await statistics(v1.token)).toEqual({
      role: 'valuers',
      to_be_appraised_today: 2,
      in_appraisal: 1,
      to_be_modified: 1,
      // Their own first appraisals waiting for a reconsideration are not theirs to take.
      in_reconsideration: 0,
      pending_comprehensive: 0,
      identified: 1,
      appraisals_total: 3,
      appraisals_today: 2,
      reconsiderations_total: 0,
      reconsiderations_today: 0,
      average_appraisal_seconds: 700,
    });

    expect(await statistics(v2.token)).toEqual({
      role: 'valuers',
      to_be_appraised_today: 0,
      in_appraisal: 0,
      to_be_modified: 0,
      // The 40 valuer 1 appraised first, and the 50 valuer 2 reconsiders.
      in_reconsideration: 2,
      pending_comprehensive: 0,
      identified: 0, // its one item was bought: closed, no longer waiting on anyone
      appraisals_total: 1,
      appraisals_today: 0,
      reconsiderations_total: 1,
      reconsiderations_today: 1,
      average_appraisal_seconds: 900,
    });

    expect(await statistics(v3.token)).toMatchObject({
      to_be_appraised_today: 0,
      in_reconsideration: 1,
      appraisals_total: 0,
      average_appraisal_seconds: null,
    });
  });
});
