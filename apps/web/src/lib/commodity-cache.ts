import type { CommodityDetail } from '@jewel/contract/commodity';
import { queryClient } from './query-client.ts';
import { commodityKeys, statisticsKey } from './query-keys.ts';

/**
 * What the app caches about commodities after a change: every action answers the commodity's
 * fresh detail, and the lists, reconsiderations and dashboard counts summarise it.
 */

/** Lists, reconsiderations and the dashboard counts move with every change of a commodity. */
export function refreshCommodityOverviews() {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: commodityKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: commodityKeys.reconsiderations() }),
    queryClient.invalidateQueries({ queryKey: statisticsKey() }),
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

/** Some commodity changed elsewhere (a live event): every list, detail and count. */
export function refreshAllCommodities() {
  return Promise.all([
    refreshCommodityOverviews(),
    queryClient.invalidateQueries({ queryKey: commodityKeys.details() }),
  ]);
}
