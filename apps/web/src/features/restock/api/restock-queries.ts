import { infiniteQueryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { catalogKeys } from '../../../lib/query-keys.ts';
import { routes } from '../../../lib/routes.ts';

const PAGE_SIZE = 20;

export interface RestockFilter {
  brandId: number | null;
  categoryId: number | null;
}

export const restockKeys = {
  all: [...catalogKeys.products(), 'restock'] as const,
  list: (filter: RestockFilter) => [...restockKeys.all, filter] as const,
};

/** Products the shop wants to buy (wanted or urgently wanted), urgent first. */
export function restockListOptions(filter: RestockFilter) {
  return infiniteQueryOptions({
    queryKey: restockKeys.list(filter),
    queryFn: ({ pageParam, signal }) =>
      call(
        routes.products,
        {
          query: {
            restock: 1,
            brand_id: filter.brandId ?? undefined,
            category_id: filter.categoryId ?? undefined,
            page: pageParam,
            page_size: PAGE_SIZE,
          },
        },
        { signal, hideErrorToast: true },
      ),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.page_size < last.total ? last.page + 1 : undefined),
  });
}
