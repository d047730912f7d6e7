import type { RecorderStatistics, ValuerStatistics } from '@jewel/contract/user';
import { FLOW_STATUS } from '@jewel/contract/values/commodity';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it, vi } from 'vitest';
import { identifyFlows } from '../../db/schema.ts';
import {
  buybackProof,
  commodityInput,
  distribute,
  type Kit,
  type Person,
  prepareKit,
  registerAll,
  step,
  verdict,
} from '../../test/commodity-kit.ts';
import { bearer, describeOnDatabases } from '../../test/test-app.ts';

/**
 * The dashboard figures at every step of two commodities' lives, against counts written here by
 * hand from docs/decisions.md "Dashboard figures, one stage each" (each step lists the figures
 * that are not zero; every other one must be zero).
 */
type RecorderFigures = Partial<Omit<RecorderStatistics, 'role'>>;
type ValuerFigures = Partial<Omit<ValuerStatistics, 'role'>>;
interface Expected {
  recorder: RecorderFigures;
  v1: ValuerFigures;
  v2: ValuerFigures;
  v3: ValuerFigures;
}

const RECORDER_ZERO: Omit<RecorderStatistics, 'role'> = {
  registered_total: 0,
  registered_today: 0,
  to_be_distributed: 0,
  in_appraisal: 0,
  to_be_modified: 0,
  in_reconsideration: 0,
  pending_comprehensive: 0,
  identified: 0,
  closed: 0,
};
const VALUER_ZERO: Omit<ValuerStatistics, 'role'> = {
  to_be_appraised_today: 0,
  in_appraisal: 0,
  to_be_modified: 0,
  in_reconsideration: 0,
  pending_comprehensive: 0,
  identified: 0,
  appraisals_total: 0,
  appraisals_today: 0,
  reconsiderations_total: 0,
  reconsiderations_today: 0,
  average_appraisal_seconds: null,
};

/** Both items registered today, by the one recorder. */
const REGISTERED = { registered_total: 2, registered_today: 2 };

describeOnDatabases('dashboard figures through a life cycle', (ctx) => {
  let kit: Kit;
  beforeAll(async () => {
    kit = await prepareKit(ctx);
  });

  const figures = async (person: Person) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/user/statistics',
      headers: bearer(person.token),
    });
    return ctx.json(response).data;
  };
  /** How many items the comprehensive tab the figure opens lists (the recorder's own, a valuer's queue). */
  const comprehensiveTab = async (person: Person) => {
    const scope = person === kit.recorder ? '&scope=mine' : '';
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/commodities?tab=comprehensive&limit=50${scope}`,
      headers: bearer(person.token),
    });
    return (ctx.json(response).data.items as unknown[]).length;
  };
  /** Seconds are measured by the server from real clocks: the average may run up to 2 s over. */
  const nearly = (actual: number | null, expected: number | null) =>
    actual !== null && expected !== null && actual >= expected && actual <= expected + 2 ? expected : actual;
  const check = async (label: string, expected: Expected) => {
    const want = {
      recorder: { role: 'recorder', ...RECORDER_ZERO, ...expected.recorder },
      v1: { role: 'valuers', ...VALUER_ZERO, ...expected.v1 },
      v2: { role: 'valuers', ...VALUER_ZERO, ...expected.v2 },
      v3: { role: 'valuers', ...VALUER_ZERO, ...expected.v3 },
    };
    // The action's own instance empties its cache at once; waitFor only covers the signal's travel.
    await vi.waitFor(
      async () => {
        const got: Record<string, Record<string, unknown>> = {
          recorder: await figures(kit.recorder),
          v1: await figures(kit.valuer1),
          v2: await figures(kit.valuer2),
          v3: await figures(kit.valuer3),
        };
        for (const who of ['v1', 'v2', 'v3'] as const) {
          const row = got[who] as { average_appraisal_seconds: number | null };
          row.average_appraisal_seconds = nearly(row.average_appraisal_seconds, want[who].average_appraisal_seconds);
        }
        expect({ step: label, ...got }).toEqual({ step: label, ...want });
        // "Waiting for a comprehensive assessment" opens the comprehensive tab: the same items.
        const people = { recorder: kit.recorder, v1: kit.valuer1, v2: kit.valuer2, v3: kit.valuer3 };
        for (const [who, person] of Object.entries(people)) {
          expect({ step: label, who, listed: await comprehensiveTab(person) }).toEqual({
            step: label,
            who,
            listed: want[who as keyof typeof want].pending_comprehensive,
          });
        }
      },
      { timeout: 3000, interval: 50 },
    );
  };

  /** Moves the start of the appraisal in progress back, so that its duration is known. */
  const startedAgo = (id: number, seconds: number) =>
    ctx.app.db
      .update(identifyFlows)
      .set({ startedAt: sql`now() - make_interval(secs => ${seconds})` })
      .where(and(eq(identifyFlows.commodityId, id), eq(identifyFlows.status, FLOW_STATUS.inProgress)));

  it('counts each commodity in one stage per role, at every step', async () => {
    await check('nothing yet', { recorder: {}, v1: {}, v2: {}, v3: {} });

    const [a, b] = (await registerAll(ctx, kit, [{}, {}])).map((c) => c.id);
    if (!a || !b) throw new Error('enrollment failed');
    await check('enrolled: both wait for distribution', {
      recorder: { ...REGISTERED, to_be_distributed: 2 },
      v1: {},
      v2: {},
      v3: {},
    });

    expect((await distribute(ctx, kit, [a, b], kit.valuer1)).code).toBe(0);
    // The case: two unstarted items are to be appraised, not also "in identification".
    await check('distributed to valuer 1', {
      recorder: { ...REGISTERED, in_appraisal: 2 },
      v1: { to_be_appraised_today: 2 },
      v2: {},
      v3: {},
    });

    await step(ctx, kit.valuer1, a, 'start-appraisal', {}, 30);
    await startedAgo(a, 120);
    await check('valuer 1 started A', {
      recorder: { ...REGISTERED, in_appraisal: 2 },
      v1: { to_be_appraised_today: 1, in_appraisal: 1 },
      v2: {},
      v3: {},
    });

    await step(ctx, kit.valuer1, a, 'appraise', verdict(), 40);
    const firstDone = { appraisals_total: 1, appraisals_today: 1, average_appraisal_seconds: 120 };
    await check('A appraised first: others may reconsider it', {
      recorder: { ...REGISTERED, in_appraisal: 1, in_reconsideration: 1 },
      v1: { to_be_appraised_today: 1, ...firstDone },
      v2: { in_reconsideration: 1 },
      v3: { in_reconsideration: 1 },
    });

    await step(ctx, kit.valuer2, a, 'start-reconsideration', {}, 50);
    await check('valuer 2 reconsiders A', {
      recorder: { ...REGISTERED, in_appraisal: 1, in_reconsideration: 1 },
      v1: { to_be_appraised_today: 1, ...firstDone },
      v2: { in_reconsideration: 1 },
      v3: {},
    });

    await step(
      ctx,
      kit.valuer2,
      a,
      'reconsider',
      verdict({ is_real: 2, not_genuine_reason: 'hallmark_mismatch', price_low: 0, price_high: 500 }),
      60,
    );
    const reconsidered = { reconsiderations_total: 1, reconsiderations_today: 1 };
    await check('A disagreed: only valuer 3 may assess it', {
      recorder: { ...REGISTERED, in_appraisal: 1, pending_comprehensive: 1 },
      v1: { to_be_appraised_today: 1, ...firstDone },
      v2: reconsidered,
      v3: { pending_comprehensive: 1 },
    });

    await step(ctx, kit.valuer3, a, 'comprehensive', verdict({ price_low: 18000, price_high: 22000 }), 70);
    await check('A identified by the comprehensive assessment', {
      recorder: { ...REGISTERED, in_appraisal: 1, identified: 1 },
      v1: { to_be_appraised_today: 1, identified: 1, ...firstDone },
      v2: reconsidered,
      v3: {},
    });

    // The to-be-modified branch, with B.
    await step(ctx, kit.valuer1, b, 'start-appraisal', {}, 30);
    await check('valuer 1 started B', {
      recorder: { ...REGISTERED, in_appraisal: 1, identified: 1 },
      v1: { in_appraisal: 1, identified: 1, ...firstDone },
      v2: reconsidered,
      v3: {},
    });

    await step(ctx, kit.valuer1, b, 'return', { reason: 'Clasp photo missing' }, 35);
    await check('B returned for modification (a return is not an appraisal)', {
      recorder: { ...REGISTERED, to_be_modified: 1, identified: 1 },
      v1: { to_be_modified: 1, identified: 1, ...firstDone },
      v2: reconsidered,
      v3: {},
    });

    await step(
      ctx,
      kit.recorder,
      b,
      'update',
      {
        ...commodityInput(kit, { remark: 'clasp photo added' }),
        customer_name: '张女士',
        customer_phone: '13912345678',
        customer_address: '上海市静安区',
      },
      20,
    );
    await check('B updated: back to valuer 1', {
      recorder: { ...REGISTERED, in_appraisal: 1, identified: 1 },
      v1: { to_be_appraised_today: 1, identified: 1, ...firstDone },
      v2: reconsidered,
      v3: {},
    });

    await step(
      ctx,
      kit.recorder,
      a,
      'recycle',
      { is_recycle: 1, price: 21000, currency: 'CNY', ...(await buybackProof(ctx, kit.recorder.token)) },
      80,
    );
    await check('A bought', {
      recorder: { ...REGISTERED, in_appraisal: 1, closed: 1 },
      v1: { to_be_appraised_today: 1, ...firstDone },
      v2: reconsidered,
      v3: {},
    });

    await step(ctx, kit.valuer1, b, 'start-appraisal', {}, 30);
    await startedAgo(b, 60);
    await check('valuer 1 started B again', {
      recorder: { ...REGISTERED, in_appraisal: 1, closed: 1 },
      v1: { in_appraisal: 1, ...firstDone },
      v2: reconsidered,
      v3: {},
    });

    await step(ctx, kit.valuer1, b, 'appraise', verdict(), 40);
    const bothDone = { appraisals_total: 2, appraisals_today: 2, average_appraisal_seconds: 90 };
    await check('B appraised first', {
      recorder: { ...REGISTERED, in_reconsideration: 1, closed: 1 },
      v1: bothDone,
      v2: { in_reconsideration: 1, ...reconsidered },
      v3: { in_reconsideration: 1 },
    });

    await step(ctx, kit.valuer3, b, 'start-reconsideration', {}, 50);
    await check('valuer 3 reconsiders B', {
      recorder: { ...REGISTERED, in_reconsideration: 1, closed: 1 },
      v1: bothDone,
      v2: reconsidered,
      v3: { in_reconsideration: 1 },
    });

    await step(ctx, kit.valuer3, b, 'reconsider', verdict({ price_low: 20500, price_high: 24500 }), 70);
    await check('B agreed: identified', {
      recorder: { ...REGISTERED, identified: 1, closed: 1 },
      v1: { identified: 1, ...bothDone },
      v2: reconsidered,
      v3: reconsidered,
    });

    await step(ctx, kit.recorder, b, 'recycle', { is_recycle: 0 }, 90);
    await check('B returned to the customer', {
      recorder: { ...REGISTERED, closed: 2 },
      v1: bothDone,
      v2: reconsidered,
      v3: reconsidered,
    });
  });
});
