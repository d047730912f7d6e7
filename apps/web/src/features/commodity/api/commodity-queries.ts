import { COMMODITY_LIST_TABS, type CommodityListTab } from '@jewel/contract/values/commodity-status';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { catalogKeys, commodityKeys } from '../../../lib/query-keys.ts';
import { routes } from '../../../lib/routes.ts';

const PAGE_SIZE = 20;

export type ListScope = 'all' | 'mine';
export interface CommodityListFilters {
  tab: CommodityListTab;
  scope: ListScope;
  keyword: string;
}

/** The list's tabs, in the order they show. */
export const COMMODITY_LIST_TAB_ORDER = Object.keys(COMMODITY_LIST_TABS) as CommodityListTab[];

/** The list's filters as its address holds them (`?tab=&scope=&keyword=`), unknown values as the defaults. */
export function commodityListFilters(search: URLSearchParams): CommodityListFilters {
  const tab = search.get('tab');
  return {
    tab: (COMMODITY_LIST_TAB_ORDER as (string | null)[]).includes(tab) ? (tab as CommodityListTab) : 'all',
    scope: search.get('scope') === 'mine' ? 'mine' : 'all',
    keyword: search.get('keyword')?.trim() ?? '',
  };
}

/** Commodities of one tab, newest first, page by page on the server's keyset cursor. */
export function commodityListOptions(filters: CommodityListFilters) {
  return infiniteQueryOptions({
    queryKey: commodityKeys.list(filters),
    queryFn: ({ pageParam, signal }) =>
      call(
        routes.commodityList,
        {
          query: {
            tab: filters.tab,
            scope: filters.scope,
            keyword: filters.keyword || undefined,
            cursor: pageParam,
            limit: PAGE_SIZE,
          },
        },
        { signal, hideErrorToast: true },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

/** Reconsiderations waiting (without the caller's own first appraisals) and the caller's own in progress. */
export function reconsiderationListOptions() {
  return infiniteQueryOptions({
    queryKey: commodityKeys.reconsiderations(),
    queryFn: ({ pageParam, signal }) =>
      call(
        routes.commodityReconsiderations,
        { query: { cursor: pageParam, limit: PAGE_SIZE } },
        { signal, hideErrorToast: true },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

/** One commodity with its flows, history and the actions the caller may take now. */
export function commodityDetailOptions(id: number) {
  return queryOptions({
    queryKey: commodityKeys.detail(id),
    queryFn: ({ signal }) => call(routes.commodityDetail, { params: { id } }, { signal, hideErrorToast: true }),
    staleTime: 5_000,
  });
}

export interface ProductFilters {
  brandId?: number;
  typeId?: number;
  keyword: string;
}
const PRODUCT_PAGE_SIZE = 20;

/** Catalog products matching the filters, a short page at a time. */
export function productsOptions(filters: ProductFilters) {
  return infiniteQueryOptions({
    queryKey: catalogKeys.productSearch(filters),
    queryFn: ({ pageParam, signal }) =>
      call(
        routes.products,
        {
          query: {
            page: pageParam,
            page_size: PRODUCT_PAGE_SIZE,
            brand_id: filters.brandId,
            type_id: filters.typeId,
            keyword: filters.keyword || undefined,
          },
        },
        { signal, hideErrorToast: true },
      ),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.page_size < last.total ? last.page + 1 : undefined),
    staleTime: 60_000,
  });
}
