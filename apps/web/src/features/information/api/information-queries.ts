import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { routes } from '../../../lib/routes.ts';
import { type Filter, filterQuery, type Sorting } from '../information-filter.ts';

const PAGE_SIZE = 20;

export const informationKeys = {
  all: ['information'] as const,
  list: (filter: Filter, sorting: Sorting) => [...informationKeys.all, 'list', filter, sorting] as const,
  detail: (id: number) => [...informationKeys.all, 'detail', id] as const,
  subtotals: () => ['subtotals'] as const,
  subtotalList: () => [...informationKeys.subtotals(), 'list'] as const,
  subtotal: (id: number) => [...informationKeys.subtotals(), 'detail', id] as const,
  versions: (id: number) => [...informationKeys.subtotals(), 'versions', id] as const,
};

/** The data base, by keyset pages in the chosen order. */
export function informationListOptions(filter: Filter, sorting: Sorting) {
  return infiniteQueryOptions({
    queryKey: informationKeys.list(filter, sorting),
    queryFn: ({ pageParam, signal }) =>
      call(
        routes.informationList,
        { query: { ...filterQuery(filter), ...sorting, cursor: pageParam, limit: PAGE_SIZE } },
        { signal, hideErrorToast: true },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

export function informationDetailOptions(id: number) {
  return queryOptions({
    queryKey: informationKeys.detail(id),
    queryFn: ({ signal }) => call(routes.informationDetail, { params: { id } }, { signal, hideErrorToast: true }),
    enabled: id > 0,
  });
}

export function subtotalListOptions() {
  return infiniteQueryOptions({
    queryKey: informationKeys.subtotalList(),
    queryFn: ({ pageParam, signal }) =>
      call(routes.subtotalList, { query: { page: pageParam, page_size: PAGE_SIZE } }, { signal, hideErrorToast: true }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.page_size < last.total ? last.page + 1 : undefined),
  });
}

export function subtotalOptions(id: number) {
  return queryOptions({
    queryKey: informationKeys.subtotal(id),
    queryFn: ({ signal }) => call(routes.subtotalDetail, { params: { id } }, { signal, hideErrorToast: true }),
    enabled: id > 0,
  });
}

export function subtotalVersionsOptions(id: number) {
  return infiniteQueryOptions({
    queryKey: informationKeys.versions(id),
    queryFn: ({ pageParam, signal }) =>
      call(
        routes.subtotalVersions,
        { params: { id }, query: { page: pageParam, page_size: PAGE_SIZE } },
        { signal, hideErrorToast: true },
      ),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.page_size < last.total ? last.page + 1 : undefined),
    enabled: id > 0,
  });
}

/** Saves a named filter; its first version comes back with it. */
export function useCreateSubtotal() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; filter: Filter }) => call(routes.subtotalCreate, { body: input }),
    onSuccess: (subtotal) => {
      client.setQueryData(informationKeys.subtotal(subtotal.id), subtotal);
      return client.invalidateQueries({ queryKey: informationKeys.subtotalList() });
    },
  });
}

/** Computes a subtotal again: a new version, the earlier ones kept. */
export function useRecomputeSubtotal(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(routes.subtotalRecompute, { params: { id } }),
    onSuccess: (subtotal) => {
      client.setQueryData(informationKeys.subtotal(id), subtotal);
      return Promise.all([
        client.invalidateQueries({ queryKey: informationKeys.versions(id) }),
        client.invalidateQueries({ queryKey: informationKeys.subtotalList() }),
      ]);
    },
  });
}
