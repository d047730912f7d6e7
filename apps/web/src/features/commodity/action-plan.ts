import type { CommodityDetail } from '@jewel/contract/commodity';
import { COMMODITY_STATUS, type CommodityAction } from '@jewel/contract/values/commodity-status';
import { paths, withQuery } from '@jewel/contract/values/web-paths';

/** One button of the bar: several actions may lead to the same page (submit and return both happen on the appraisal page). */
export interface BarAction {
  /** `commodity:actions.<key>` */
  key: string;
  /** A page to open, or none for an action taken here (re-assess). */
  to: string | null;
}

/** Which button an allowed action shows, in the order of importance: the first is the primary one. */
function allBarActions(detail: Pick<CommodityDetail, 'id' | 'allowed_actions'>): BarAction[] {
  const id = detail.id;
  const allowed = new Set<CommodityAction>(detail.allowed_actions);
  const identify = withQuery(paths.commodityIdentify, { id });
  const result: BarAction[] = [];
  if (allowed.has('startAppraisal')) result.push({ key: 'startAppraisal', to: identify });
  if (allowed.has('submitAppraisal') || allowed.has('returnForModification'))
    result.push({ key: 'continueAppraisal', to: identify });
  if (allowed.has('startReconsideration')) result.push({ key: 'startReconsideration', to: identify });
  if (allowed.has('submitReconsideration')) result.push({ key: 'continueReconsideration', to: identify });
  if (allowed.has('comprehensive'))
    result.push({ key: 'comprehensive', to: withQuery(paths.flowComprehensive, { id }) });
  if (allowed.has('recycle')) result.push({ key: 'recycle', to: withQuery(paths.commodityRecycle, { id }) });
  if (allowed.has('distribute'))
    result.push({ key: 'distribute', to: withQuery(paths.commodityDistribute, { ids: String(id) }) });
  if (allowed.has('update')) result.push({ key: 'update', to: withQuery(paths.commodityUpdate, { id }) });
  if (allowed.has('reassess')) result.push({ key: 'reassess', to: null });
  if (allowed.has('confirmName')) result.push({ key: 'confirmName', to: withQuery(paths.assumeNaming, { id }) });
  return result;
}

/** The recorder must act on a returned commodity: updating it comes first. */
function primaryFirst(detail: Pick<CommodityDetail, 'status'>, actions: BarAction[]): BarAction[] {
  if (detail.status !== COMMODITY_STATUS.toBeModified) return actions;
  return [...actions.filter((a) => a.key === 'update'), ...actions.filter((a) => a.key !== 'update')];
}

/**
 * The buttons of the detail's action bar for what the caller may do now, the primary one first;
 * none when the server allows nothing.
 */
export function barActions(detail: Pick<CommodityDetail, 'id' | 'status' | 'allowed_actions'>): BarAction[] {
  return primaryFirst(detail, allBarActions(detail));
}
