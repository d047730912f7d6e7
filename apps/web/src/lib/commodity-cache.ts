import type { CommodityDetail } from '@jewel/contract/commodity';
import type { Query } from '@tanstack/react-query';
import { queryClient } from './query-client.ts';
import { commodityKeys, statisticsKey } from './query-keys.ts';

/**
 * What the app caches about commodities after a change: every action answers the commodity's
 * fresh detail, and the lists, reconsiderations and dashboard counts summarise it.
 */

/** Which cached answers to refresh (all of them unless given). */
type Only = (query: Query) => boolean;

/** Lists, reconsiderations and the dashboard counts move with every change of a commodity. */
export function refreshCommodityOverviews(predicate?: Only) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: commodityKeys.lists(), predicate }),
    queryClient.invalidateQueries({ queryKey: commodityKeys.reconsiderations(), predicate }),
    queryClient.invalidateQueries({ queryKey: statisticsKey(), predicate }),
  ]);
}

/** An action answered the commodity as it is now: show that, and refresh what summarises it. */
export function commodityChanged(detail: CommodityDetail) {
  queryClient.setQueryData(commodityKeys.detail(detail.id), detail);
  return refreshCommodityOverviews();
}

/** The detail on screen may be out of date (a refusal): fetch it again. */
export function refetchCommodity(id: number) {
  return queryClient.invalidateQueries({ queryKey: commodityKeys.detail(id) });
}

/** Some commodity changed elsewhere (a live event): every list, detail and count (or those `predicate` picks). */
export function refreshAllCommodities(predicate?: Only) {
  return Promise.all([
    refreshCommodityOverviews(predicate),
    queryClient.invalidateQueries({ queryKey: commodityKeys.details(), predicate }),
  ]);
}
