import type { appraisalInputSchema, returnSchema } from '@jewel/contract/commodity';
import { verdictsAgree } from '@jewel/contract/values/agreement';
import { FLOW_STATUS } from '@jewel/contract/values/commodity';
import { COMMODITY_STATUS } from '@jewel/contract/values/commodity-status';
import type { Lang } from '@jewel/contract/values/i18n';
import { IS_REAL } from '@jewel/contract/values/information';
import { paths, withQuery } from '@jewel/contract/values/web-paths';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { NewNotification } from '../../domain/notify.ts';
import type { ServiceDeps } from '../../domain/service-deps.ts';
import { latestFlow } from './commodity.presenter.ts';
import * as repo from './commodity.repository.ts';
import { detailLink } from './commodity.service.ts';
import { run } from './commodity-action-frame.ts';
import { invalidField } from './commodity-checks.ts';

// The valuers' actions: the first appraisal (start, return for modification, submit), the blind
// reconsideration and the comprehensive assessment, with the verdict each one records.

const S = COMMODITY_STATUS;

type AppraisalBody = z.output<typeof appraisalInputSchema>;

function flowVerdict(body: AppraisalBody) {
  return {
    identifiedMaterialId: body.identified_material_id,
    isReal: body.is_real,
    notGenuineReason: body.is_real === IS_REAL.genuine ? null : body.not_genuine_reason,
    notGenuineNote: body.not_genuine_note,
    stateLevel: body.state_level,
    productStatus: body.product_status,
    priceLow: body.price_low,
    priceHigh: body.price_high,
    expectedSalePrice: body.expected_sale_price,
    currency: body.currency,
    report: body.report,
    metalCalc: body.metal_calc,
  };
}

async function checkVerdict(db: Db, body: AppraisalBody) {
  const material = body.identified_material_id;
  if (material !== null && !(await repo.existingMaterials(db, [material])).has(material)) {
    throw invalidField('identified_material_id');
  }
}

function agreement(first: repo.FlowRow | null, body: AppraisalBody) {
  if (!first || first.isReal === null) return false;
  return verdictsAgree(
    {
      is_real: first.isReal,
      state_level: first.stateLevel ?? '',
      currency: first.currency ?? '',
      price_low: first.priceLow ?? 0,
      price_high: first.priceHigh ?? 0,
    },
    body,
  );
}

function secondsSince(start: Date | null, end: Date) {
  return start ? Math.max(0, Math.round((end.getTime() - start.getTime()) / 1000)) : null;
}

function identifiedNotice(commodity: repo.CommodityRow): NewNotification {
  return {
    userId: commodity.recorderId,
    type: 'identified',
    params: { number: commodity.no },
    link: detailLink(commodity.id),
  };
}

/**
 * A disagreement waits for a comprehensive assessment: every regular valuer who may give it (one
 * who took neither step of the round; guests cannot see it) is told.
 */
async function comprehensiveNotices(tx: Db, commodity: repo.CommodityRow, involved: (number | null)[]) {
  const valuers = await repo.regularValuerIds(tx);
  return valuers
    .filter((userId) => !involved.includes(userId))
    .map(
      (userId): NewNotification => ({
        userId,
        type: 'comprehensive_needed',
        params: { number: commodity.no },
        // Straight to the decision form, beside both verdicts.
        link: withQuery(paths.flowComprehensive, { id: commodity.id }),
      }),
    );
}

export function startAppraisal(
  deps: ServiceDeps,
  viewer: repo.Viewer,
  lang: Lang,
  id: number,
  body: { version: number },
) {
  return run(deps, viewer, lang, id, 'startAppraisal', body.version, async (tx, { flows }) => {
    const pending = latestFlow(flows, 'first');
    // Every way into 20 (enrollment with a valuer, distribution, update after a return, re-assessment) leaves one.
    if (pending?.status !== FLOW_STATUS.pending) throw new Error('no pending first appraisal');
    await repo.updateFlow(tx, pending.id, { status: FLOW_STATUS.inProgress, startedAt: new Date() });
    return { to: S.inAppraisal, changes: {} };
  });
}

/** The first-appraisal flow in progress: the machine let the assigned valuer through, so it exists. */
function firstInProgress(flows: repo.FlowRow[]) {
  const flow = latestFlow(flows, 'first');
  if (flow?.status !== FLOW_STATUS.inProgress) throw new Error('no first appraisal in progress');
  return flow;
}

export function returnForModification(
  deps: ServiceDeps,
  viewer: repo.Viewer,
  lang: Lang,
  id: number,
  body: z.output<typeof returnSchema>,
) {
  return run(deps, viewer, lang, id, 'returnForModification', body.version, async (tx, { commodity, flows }) => {
    const flow = firstInProgress(flows);
    await repo.updateFlow(tx, flow.id, {
      status: FLOW_STATUS.returned,
      finishedAt: new Date(),
      returnReason: body.reason,
    });
    return {
      to: S.toBeModified,
      set: { modificationReason: body.reason },
      changes: { reason: body.reason },
      notifications: [
        {
          userId: commodity.recorderId,
          type: 'returned_for_modification',
          params: { from: await repo.userName(tx, viewer.userId), number: commodity.no, reason: body.reason },
          link: detailLink(commodity.id),
        },
      ],
    };
  });
}

export function appraise(deps: ServiceDeps, viewer: repo.Viewer, lang: Lang, id: number, body: AppraisalBody) {
  return run(deps, viewer, lang, id, 'submitAppraisal', body.version, async (tx, { commodity, flows }) => {
    await checkVerdict(tx, body);
    const flow = firstInProgress(flows);
    const now = new Date();
    await repo.updateFlow(tx, flow.id, {
      ...flowVerdict(body),
      status: FLOW_STATUS.done,
      finishedAt: now,
      durationSeconds: secondsSince(flow.startedAt, now),
    });
    const workflow = commodity.workflowId === null ? null : await repo.findWorkflow(tx, { id: commodity.workflowId });
    // Without a workflow the default (`standard`) applies, which has a reconsideration.
    const reconsider = workflow?.steps.includes('reconsideration') ?? true;
    const from = await repo.userName(tx, viewer.userId);
    const notifications: NewNotification[] = [
      {
        userId: commodity.recorderId,
        type: 'first_appraisal_done',
        params: { from, number: commodity.no },
        link: detailLink(commodity.id),
      },
    ];
    if (!reconsider) {
      notifications.push(identifiedNotice(commodity));
      return {
        to: S.identified,
        set: { resultFlowId: flow.id, identifiedAt: now },
        changes: { flow_id: flow.id },
        notifications,
      };
    }
    for (const userId of await repo.regularValuerIds(tx)) {
      if (userId === viewer.userId) continue;
      notifications.push({
        userId,
        type: 'reconsideration_needed',
        params: { number: commodity.no },
        link: detailLink(commodity.id),
      });
    }
    return { to: S.pendingReconsideration, changes: { flow_id: flow.id }, notifications };
  });
}

export function startReconsideration(
  deps: ServiceDeps,
  viewer: repo.Viewer,
  lang: Lang,
  id: number,
  body: { version: number },
) {
  return run(deps, viewer, lang, id, 'startReconsideration', body.version, async (tx, { commodity }) => {
    const flowId = await repo.insertFlow(tx, {
      commodityId: commodity.id,
      round: commodity.round,
      step: 'reconsideration',
      valuerId: viewer.userId,
      status: FLOW_STATUS.inProgress,
      startedAt: new Date(),
    });
    return { to: S.inReconsideration, changes: { flow_id: flowId } };
  });
}

/**
 * When the reconsideration agrees, the first appraisal's verdict stays the final one (the
 * reconsideration confirmed it); when not, a comprehensive assessment decides.
 */
export function reconsider(deps: ServiceDeps, viewer: repo.Viewer, lang: Lang, id: number, body: AppraisalBody) {
  return run(deps, viewer, lang, id, 'submitReconsideration', body.version, async (tx, { commodity, flows }) => {
    await checkVerdict(tx, body);
    const flow = latestFlow(flows, 'reconsideration');
    const first = latestFlow(flows, 'first');
    if (!flow || !first) throw new Error('reconsideration without its flows');
    const agrees = agreement(first, body);
    const now = new Date();
    await repo.updateFlow(tx, flow.id, {
      ...flowVerdict(body),
      status: FLOW_STATUS.done,
      finishedAt: now,
      durationSeconds: secondsSince(flow.startedAt, now),
      agrees: agrees ? 1 : 0,
    });
    if (!agrees) {
      return {
        to: S.pendingComprehensive,
        changes: { flow_id: flow.id, agrees },
        notifications: await comprehensiveNotices(tx, commodity, [first.valuerId, viewer.userId]),
      };
    }
    return {
      to: S.identified,
      set: { resultFlowId: first.id, identifiedAt: now },
      changes: { flow_id: flow.id, agrees },
      notifications: [identifiedNotice(commodity)],
    };
  });
}

export function comprehensive(deps: ServiceDeps, viewer: repo.Viewer, lang: Lang, id: number, body: AppraisalBody) {
  return run(deps, viewer, lang, id, 'comprehensive', body.version, async (tx, { commodity, flows }) => {
    await checkVerdict(tx, body);
    const now = new Date();
    const flowId = await repo.insertFlow(tx, {
      ...flowVerdict(body),
      commodityId: commodity.id,
      round: commodity.round,
      step: 'comprehensive',
      valuerId: viewer.userId,
      status: FLOW_STATUS.done,
      startedAt: now,
      finishedAt: now,
      agrees: agreement(latestFlow(flows, 'first'), body) ? 1 : 0,
    });
    return {
      to: S.identified,
      set: { resultFlowId: flowId, identifiedAt: now },
      changes: { flow_id: flowId },
      notifications: [identifiedNotice(commodity)],
    };
  });
}
