import type {
  appraisalInputSchema,
  CommodityDetail,
  commodityUpdateSchema,
  confirmNameSchema,
  distributeSchema,
  reassessSchema,
  recycleSchema,
  returnSchema,
} from '@jewel/contract/commodity';
import { verdictsAgree } from '@jewel/contract/values/agreement';
import { FLOW_STATUS, IS_RECYCLE } from '@jewel/contract/values/commodity';
import {
  COMMODITY_STATUS,
  type CommodityAction,
  type CommodityRefusal,
  type CommodityStatus,
  refusalOf,
} from '@jewel/contract/values/commodity-status';
import type { Lang } from '@jewel/contract/values/i18n';
import { IS_REAL } from '@jewel/contract/values/information';
import { paths, withQuery } from '@jewel/contract/values/web-paths';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { publishCommodityChange } from '../../domain/live-events.ts';
import { type NewNotification, notify } from '../../domain/notify.ts';
import type { ServiceDeps } from '../../domain/service-deps.ts';
import { matchWatchList, refuseBuybackOnWatchMatch } from '../../domain/watch-match.ts';
import { translate } from '../../i18n/messages.ts';
import { AppError } from '../../lib/app-error.ts';
import { recordBuyback } from './buyback.service.ts';
import { actionContext, latestFlow } from './commodity.presenter.ts';
import * as repo from './commodity.repository.ts';
import { commodityColumns, detail, detailLink, distributedNotice } from './commodity.service.ts';
import { checkReferences, invalidField } from './commodity-checks.ts';

const S = COMMODITY_STATUS;

type AppraisalBody = z.output<typeof appraisalInputSchema>;

interface Locked {
  commodity: repo.CommodityRow;
  /** The current round's flows, oldest first. */
  flows: repo.FlowRow[];
}

/** What an action does to the locked commodity; the frame writes it, the event and the notices. */
interface Change {
  to: CommodityStatus;
  set?: Partial<repo.NewCommodity>;
  /** Changed fields `{ field: [old, new] }` or the action's details. */
  changes: Record<string, unknown>;
  notifications?: NewNotification[];
}

async function refusal(
  db: Db,
  name: CommodityRefusal,
  action: CommodityAction,
  { commodity, flows }: Locked,
  viewer: repo.Viewer,
  lang: Lang,
): Promise<AppError> {
  const reconsidering = latestFlow(flows, 'reconsideration');
  // Lost the race for a reconsideration: say who took it rather than that the status moved.
  const lostRace =
    action === 'startReconsideration' &&
    commodity.status === S.inReconsideration &&
    viewer.roleCode === 'valuers' &&
    reconsidering?.valuerId !== viewer.userId;
  if (name === 'commodityTaken' || lostRace) {
    return new AppError('commodityTaken', { params: { name: await repo.userName(db, reconsidering?.valuerId ?? 0) } });
  }
  if (name === 'commodityStatusInvalid') {
    const label = await repo.statusLabel(db, commodity.status);
    return new AppError(name, { params: { status: label ? translate(label, lang) : commodity.status } });
  }
  return new AppError(name);
}

/**
 * Locks the row, then checks in this order: visible to the caller, allowed by the status
 * machine, sent with the current version. A refusal changes nothing.
 */
async function lockFor(
  tx: Db,
  id: number,
  action: CommodityAction,
  version: number,
  viewer: repo.Viewer,
  lang: Lang,
): Promise<Locked> {
  const commodity = await repo.lockCommodity(tx, id, viewer);
  if (!commodity) throw new AppError('notFound');
  const locked = { commodity, flows: await repo.roundFlows(tx, id, commodity.round) };
  const refused = refusalOf(action, actionContext(commodity, locked.flows, viewer));
  if (refused) throw await refusal(tx, refused, action, locked, viewer, lang);
  if (version !== commodity.version) throw new AppError('commodityStale');
  return locked;
}

async function apply(tx: Db, action: CommodityAction, { commodity }: Locked, viewer: repo.Viewer, change: Change) {
  await repo.updateCommodity(tx, commodity.id, { ...change.set, status: change.to });
  await repo.insertEvents(tx, [
    {
      commodityId: commodity.id,
      actorId: viewer.userId,
      action,
      fromStatus: commodity.status,
      toStatus: change.to,
      changes: change.changes,
    },
  ]);
  await notify(tx, change.notifications ?? []);
  await publishCommodityChange(tx, {
    id: commodity.id,
    status: change.to,
    recorderId: commodity.recorderId,
    valuerIds: [commodity.valuerId, change.set?.valuerId],
  });
}

/** One action on one commodity, in one transaction; answers the fresh detail. */
async function run(
  deps: ServiceDeps,
  viewer: repo.Viewer,
  lang: Lang,
  id: number,
  action: CommodityAction,
  version: number,
  decide: (tx: Db, locked: Locked) => Promise<Change>,
): Promise<CommodityDetail> {
  await deps.db.transaction(async (tx) => {
    const locked = await lockFor(tx, id, action, version, viewer, lang);
    await apply(tx, action, locked, viewer, await decide(tx, locked));
  });
  deps.signalHere('commodity');
  return detail(deps.db, id, viewer, lang);
}

/** `{ field: [old, new] }` for the columns whose value changes, named as the API names them. */
function diff(before: Record<string, unknown>, after: Record<string, unknown>) {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const [key, value] of Object.entries(after)) {
    if (JSON.stringify(before[key]) !== JSON.stringify(value)) {
      changes[key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)] = [before[key] ?? null, value];
    }
  }
  return changes;
}

async function requireValuer(db: Db, id: number, field: string) {
  const valuer = await repo.findEnabledValuer(db, id);
  if (!valuer) throw invalidField(field);
  return valuer;
}

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

// ——— the actions ———

export async function distribute(
  deps: ServiceDeps,
  viewer: repo.Viewer,
  lang: Lang,
  body: z.output<typeof distributeSchema>,
) {
  const ids = body.items.map((item) => item.id);
  if (new Set(ids).size !== ids.length) throw invalidField('items');
  const valuer = await requireValuer(deps.db, body.valuer_id, 'valuer_id');
  const workflow = await repo.findWorkflow(
    deps.db,
    body.workflow_id === null ? { code: 'standard' } : { id: body.workflow_id },
  );
  if (!workflow) throw invalidField('workflow_id');
  // In id order, so that two distributions of overlapping sets cannot deadlock.
  const items = [...body.items].sort((a, b) => a.id - b.id);
  await deps.db.transaction(async (tx) => {
    const done: { id: number; no: string }[] = [];
    for (const item of items) {
      const locked = await lockFor(tx, item.id, 'distribute', item.version, viewer, lang);
      const { commodity, flows } = locked;
      const pending = latestFlow(flows, 'first');
      if (pending?.status === FLOW_STATUS.pending) await repo.updateFlow(tx, pending.id, { valuerId: valuer.id });
      else {
        await repo.insertFlow(tx, {
          commodityId: commodity.id,
          round: commodity.round,
          step: 'first',
          valuerId: valuer.id,
          status: FLOW_STATUS.pending,
        });
      }
      await apply(tx, 'distribute', locked, viewer, {
        to: S.pendingAppraisal,
        set: { valuerId: valuer.id, workflowId: workflow.id },
        changes: diff(
          { valuerId: commodity.valuerId, workflowId: commodity.workflowId },
          { valuerId: valuer.id, workflowId: workflow.id },
        ),
      });
      done.push({ id: commodity.id, no: commodity.no });
    }
    await notify(tx, [distributedNotice(valuer.id, await repo.userName(tx, viewer.userId), done)]);
  });
  deps.signalHere('commodity');
  return { count: items.length };
}

export function update(
  deps: ServiceDeps,
  viewer: repo.Viewer,
  lang: Lang,
  id: number,
  body: z.output<typeof commodityUpdateSchema>,
) {
  return run(deps, viewer, lang, id, 'update', body.version, async (tx, { commodity }) => {
    const kept = new Set(
      [
        commodity.sizePics,
        commodity.weightPics,
        commodity.productPics,
        commodity.accessoryPics,
        commodity.engravingPics,
        commodity.inlayPics,
        commodity.materialPics,
      ].flat(),
    );
    await checkReferences(tx, [{ path: '', fields: body, keptPhotos: kept }], viewer.userId);
    const enrollment = await repo.findEnrollment(tx, commodity.enrollmentId);
    const customer = {
      customerName: body.customer_name,
      customerPhone: body.customer_phone,
      customerAddress: body.customer_address,
    };
    await repo.updateEnrollment(tx, commodity.enrollmentId, customer);
    const columns = commodityColumns(body);
    const changes = {
      ...diff(commodity, columns),
      ...(enrollment ? diff(enrollment, customer) : {}),
    };
    if ('serial_no' in changes || 'engraving' in changes) {
      const marked = { ...commodity, serialNo: columns.serialNo, engraving: columns.engraving };
      await matchWatchList(tx, { commodities: [marked] }, 'update', viewer.userId);
    }
    if (commodity.status !== S.toBeModified) return { to: commodity.status as CommodityStatus, set: columns, changes };
    // Back to the same valuer, whose next appraisal is a new step of the round.
    if (commodity.valuerId !== null) {
      await repo.insertFlow(tx, {
        commodityId: commodity.id,
        round: commodity.round,
        step: 'first',
        valuerId: commodity.valuerId,
        status: FLOW_STATUS.pending,
      });
    }
    return { to: S.pendingAppraisal, set: { ...columns, modificationReason: null }, changes };
  });
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

/**
 * A new round from 20. Choosing its valuer is distribution, a recorder's act: a valuer (the
 * comprehensive assessor) cannot name one and the round goes back to the last round's first
 * valuer. The commodity's recorder is told unless they did it themselves.
 */
export function reassess(
  deps: ServiceDeps,
  viewer: repo.Viewer,
  lang: Lang,
  id: number,
  body: z.output<typeof reassessSchema>,
) {
  return run(deps, viewer, lang, id, 'reassess', body.version, async (tx, { commodity, flows }) => {
    if (body.valuer_id !== null && viewer.roleCode !== 'recorder') throw new AppError('commodityRoleNotAllowed');
    const valuerId = body.valuer_id ?? latestFlow(flows, 'first')?.valuerId ?? commodity.valuerId;
    if (valuerId === null) throw invalidField('valuer_id');
    await requireValuer(tx, valuerId, 'valuer_id');
    const round = commodity.round + 1;
    await repo.insertFlow(tx, {
      commodityId: commodity.id,
      round,
      step: 'first',
      valuerId,
      status: FLOW_STATUS.pending,
    });
    const from = await repo.userName(tx, viewer.userId);
    const notifications: NewNotification[] = [distributedNotice(valuerId, from, [commodity])];
    if (commodity.recorderId !== viewer.userId) {
      notifications.push({
        userId: commodity.recorderId,
        type: 'reassessed',
        params: { from, number: commodity.no, round },
        link: detailLink(commodity.id),
      });
    }
    return {
      to: S.pendingAppraisal,
      set: { round, valuerId, resultFlowId: null, identifiedAt: null, modificationReason: null },
      changes: {
        revisit_type: body.revisit_type,
        reason: body.reason,
        round: [commodity.round, round],
        ...diff({ valuerId: commodity.valuerId }, { valuerId }),
      },
      notifications,
    };
  });
}

export async function recycle(
  deps: ServiceDeps,
  viewer: repo.Viewer,
  lang: Lang,
  id: number,
  body: z.output<typeof recycleSchema>,
) {
  await refuseBuybackOnWatchMatch(deps, viewer, id, body.is_recycle);
  return run(deps, viewer, lang, id, 'recycle', body.version, async (tx, { commodity }) => {
    const bought = body.is_recycle === IS_RECYCLE.yes;
    const price = bought ? body.price : null;
    const currency = bought ? body.currency : null;
    const now = new Date();
    // A buyback is lawful only with the seller's signature and, by the shop's rule, identity check;
    // it writes the dealer's ledger entry (docs/decisions.md "Buying lawfully"). A return writes none.
    const lawful =
      bought && price !== null && currency !== null
        ? await recordBuyback(tx, deps.config, viewer, commodity, { ...body, price, currency }, now)
        : null;
    return {
      to: bought ? S.recycled : S.returned,
      set: { isRecycle: body.is_recycle, recyclePrice: price, recycleCurrency: currency, recycledAt: now },
      changes: {
        is_recycle: body.is_recycle,
        price,
        currency,
        ...(lawful ? { ledger_entry_id: lawful.ledgerEntryId, identity_check_id: lawful.identityCheckId } : {}),
      },
    };
  });
}

export function confirmName(
  deps: ServiceDeps,
  viewer: repo.Viewer,
  lang: Lang,
  id: number,
  body: z.output<typeof confirmNameSchema>,
) {
  return run(deps, viewer, lang, id, 'confirmName', body.version, async (tx, { commodity }) => {
    const product = (await repo.findProducts(tx, [body.product_id])).get(body.product_id);
    if (!product) throw invalidField('product_id');
    const naming = { productId: product.id, productName: product.name, productCode: product.code };
    return { to: commodity.status as CommodityStatus, set: naming, changes: diff(commodity, naming) };
  });
}
