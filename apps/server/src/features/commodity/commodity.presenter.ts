import type {
  AppraisalResult,
  CommodityDetail,
  CommodityListItem,
  Flow,
  HistoryEvent,
} from '@jewel/contract/commodity';
import { FLOW_STATUS } from '@jewel/contract/values/commodity';
import {
  type ActionContext,
  allowedActions,
  COMMODITY_STATUS,
  type CommodityStatus,
} from '@jewel/contract/values/commodity-status';
import type { Lang } from '@jewel/contract/values/i18n';
import { CUSTOMER_FIELDS, maskName, seesCustomerWhole } from '@jewel/contract/values/personal-data';
import { localize } from '../../i18n/localize.ts';
import { translate } from '../../i18n/messages.ts';
import type {
  CommodityRow,
  DetailRow,
  EventWithActor,
  FlowRow,
  FlowWithNames,
  ListRow,
  Viewer,
} from './commodity.repository.ts';

/** The thumbnail the upload feature stores beside each photo: `<name>-thumb.<ext>`. */
function thumbOf(photo: string | null): string {
  return photo ? photo.replace(/\.(\w+)$/, '-thumb.$1') : '';
}

/** A list row; a valuer sees the customer's initial only. */
export function presentListItem(row: ListRow, viewer: Viewer): CommodityListItem {
  return {
    id: row.id,
    no: row.no,
    status: row.status,
    priority: row.priority,
    product_name: row.productName,
    brand_name: row.brandName,
    thumb: thumbOf(row.firstPhoto),
    customer_name: seesCustomerWhole(viewer.roleCode) ? row.customerName : maskName(row.customerName),
    recorder: { id: row.recorderId, name: row.recorderName },
    valuer: row.valuerId === null ? null : { id: row.valuerId, name: row.valuerName ?? '' },
    round: row.round,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The latest flow of a step in the current round's flows. */
export function latestFlow(flows: FlowRow[], step: FlowRow['step']): FlowRow | null {
  return flows.findLast((flow) => flow.step === step) ?? null;
}

/** What the status machine needs, from the commodity and its current round's flows. */
export function actionContext(commodity: CommodityRow, roundFlows: FlowRow[], viewer: Viewer): ActionContext {
  return {
    status: commodity.status as CommodityStatus,
    valuerId: commodity.valuerId,
    firstValuerId: latestFlow(roundFlows, 'first')?.valuerId ?? null,
    reconsiderValuerId: latestFlow(roundFlows, 'reconsideration')?.valuerId ?? null,
    comprehensiveValuerId: latestFlow(roundFlows, 'comprehensive')?.valuerId ?? null,
    user: { id: viewer.userId, role: viewer.roleCode },
  };
}

function presentResult(row: FlowWithNames, lang: Lang): AppraisalResult | null {
  const { flow } = row;
  if (flow.status !== FLOW_STATUS.done || flow.isReal === null) return null;
  return {
    identified_material: row.material ? { id: row.material.id, name: translate(row.material.name, lang) } : null,
    is_real: flow.isReal,
    not_genuine_reason: flow.notGenuineReason,
    not_genuine_note: flow.notGenuineNote ?? '',
    state_level: flow.stateLevel ?? '',
    product_status: flow.productStatus ?? 0,
    price_low: flow.priceLow ?? 0,
    price_high: flow.priceHigh ?? 0,
    expected_sale_price: flow.expectedSalePrice,
    currency: flow.currency ?? '',
    report: flow.report ?? '',
    metal_calc: flow.metalCalc,
  };
}

/**
 * Blind reconsideration: while the round waits for or is in reconsideration, its first verdict
 * is withheld from every valuer but its author. Recorders see it.
 */
function isWithheld(row: FlowWithNames, commodity: CommodityRow, viewer: Viewer): boolean {
  const blindStatuses: number[] = [COMMODITY_STATUS.pendingReconsideration, COMMODITY_STATUS.inReconsideration];
  return (
    blindStatuses.includes(commodity.status) &&
    row.flow.round === commodity.round &&
    row.flow.step === 'first' &&
    viewer.roleCode === 'valuers' &&
    row.flow.valuerId !== viewer.userId
  );
}

function presentFlow(row: FlowWithNames, commodity: CommodityRow, viewer: Viewer, lang: Lang): Flow {
  const { flow } = row;
  const result = presentResult(row, lang);
  const hidden = result !== null && isWithheld(row, commodity, viewer);
  return {
    id: flow.id,
    round: flow.round,
    step: flow.step,
    valuer: { id: flow.valuerId, name: row.valuerName },
    status: flow.status,
    started_at: flow.startedAt?.toISOString() ?? null,
    finished_at: flow.finishedAt?.toISOString() ?? null,
    duration_seconds: flow.durationSeconds,
    return_reason: flow.returnReason,
    result: hidden ? null : result,
    hidden,
    agrees: flow.agrees === null ? null : flow.agrees === 1,
  };
}

/** An update's changes name the customer's old and new values: a valuer gets neither. */
function withoutCustomer(changes: HistoryEvent['changes']): HistoryEvent['changes'] {
  const customer: readonly string[] = CUSTOMER_FIELDS;
  return Object.fromEntries(Object.entries(changes).filter(([key]) => !customer.includes(key)));
}

function presentEvent(row: EventWithActor, viewer: Viewer): HistoryEvent {
  const { event } = row;
  return {
    id: event.id,
    action: event.action as HistoryEvent['action'],
    from_status: event.fromStatus,
    to_status: event.toStatus,
    actor: { id: event.actorId, name: row.actorName },
    changes: seesCustomerWhole(viewer.roleCode) ? event.changes : withoutCustomer(event.changes),
    created_at: event.createdAt.toISOString(),
  };
}

export function presentDetail(
  row: DetailRow,
  flows: FlowWithNames[],
  events: EventWithActor[],
  viewer: Viewer,
  lang: Lang,
  {
    ledgerEntry,
    photoFlags,
  }: { ledgerEntry: { id: number; no: number } | null; photoFlags: CommodityDetail['photo_flags'] },
): CommodityDetail {
  const { commodity: c, enrollment } = row;
  const roundFlows = flows.filter((f) => f.flow.round === c.round).map((f) => f.flow);
  const presentedFlows = flows.map((f) => presentFlow(f, c, viewer, lang));
  const resultFlow = flows.find((f) => f.flow.id === c.resultFlowId);
  const idName = (ref: { id: number; name: string } | null) => (ref ? { id: ref.id, name: ref.name } : null);
  const whole = seesCustomerWhole(viewer.roleCode);
  return {
    id: c.id,
    no: c.no,
    status: c.status,
    version: c.version,
    branch_id: c.branchId,
    round: c.round,
    priority: c.priority,
    enrollment: {
      id: enrollment.id,
      customer_name: whole ? enrollment.customerName : maskName(enrollment.customerName),
      customer_phone: whole ? enrollment.customerPhone : '',
      customer_address: whole ? enrollment.customerAddress : '',
      customer_masked: !whole,
      customer_id: whole ? enrollment.customerId : null,
      created_at: enrollment.createdAt.toISOString(),
    },
    recorder: row.recorder,
    valuer: idName(row.valuer),
    workflow: row.workflow
      ? { id: row.workflow.id, code: row.workflow.code, name: translate(row.workflow.name, lang) }
      : null,
    brand: row.brand,
    type: idName(row.type),
    category: { id: row.category.id, name: translate(row.category.name, lang) },
    product: row.product ? { id: row.product.id, name: localize(row.product.names, lang, row.product.name) } : null,
    product_name: c.productName,
    product_code: c.productCode,
    material: row.material ? { id: row.material.id, name: translate(row.material.name, lang) } : null,
    length: c.length,
    width: c.width,
    size_unit: c.sizeUnit,
    size_pics: c.sizePics,
    weight: c.weight,
    weight_unit: c.weightUnit,
    weight_pics: c.weightPics,
    product_status: c.productStatus,
    product_pics: c.productPics,
    product_pic_shots: c.productPicShots,
    accessories: c.accessories,
    accessory_pics: c.accessoryPics,
    serial_no: c.serialNo,
    engraving: c.engraving,
    engraving_pics: c.engravingPics,
    inlay_pics: c.inlayPics,
    material_pics: c.materialPics,
    photo_flags: photoFlags,
    certificate_pics: c.certificatePics,
    remark: c.remark,
    modification_reason: c.modificationReason,
    result: resultFlow ? presentResult(resultFlow, lang) : null,
    recycle:
      c.isRecycle === null || c.recycledAt === null
        ? null
        : {
            is_recycle: c.isRecycle,
            price: c.recyclePrice,
            currency: c.recycleCurrency,
            at: c.recycledAt.toISOString(),
            ledger_entry_id: ledgerEntry?.id ?? null,
            ledger_entry_no: ledgerEntry?.no ?? null,
          },
    flows: presentedFlows,
    history: events.map((event) => presentEvent(event, viewer)),
    // A read-only session (ADR 0104) is refused every action by the access guard: none is offered.
    allowed_actions: viewer.readOnly ? [] : allowedActions(actionContext(c, roundFlows, viewer)),
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
  };
}
