import type { CustomerInput } from '@jewel/contract/customer';
import {
  infiniteQueryOptions,
  keepPreviousData,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { routes } from '../../../lib/routes.ts';

const PAGE_SIZE = 20;
/** How many returning customers the register form offers at once. */
const LOOKUP_SIZE = 5;

export const customerKeys = {
  all: ['customers'] as const,
  lists: () => [...customerKeys.all, 'list'] as const,
  list: (keyword: string) => [...customerKeys.lists(), keyword] as const,
  lookup: (keyword: string) => [...customerKeys.all, 'lookup', keyword] as const,
  details: () => [...customerKeys.all, 'detail'] as const,
  detail: (id: number) => [...customerKeys.details(), id] as const,
  /** Identity checks: never kept (signed links expire, and every read is a recorded view). */
  identity: (id: number) => [...customerKeys.all, 'identity', id] as const,
};

/** Customers by phone prefix or name, newest first. */
export function customerListOptions(keyword: string) {
  return infiniteQueryOptions({
    queryKey: customerKeys.list(keyword),
    queryFn: ({ pageParam, signal }) =>
      call(
        routes.customerList,
        { query: { keyword: keyword || undefined, cursor: pageParam || undefined, limit: PAGE_SIZE } },
        { signal, hideErrorToast: true },
      ),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

/** Returning customers for the register form, as the recorder types a phone or a name. */
export function customerLookupOptions(keyword: string) {
  return queryOptions({
    queryKey: customerKeys.lookup(keyword),
    queryFn: ({ signal }) =>
      call(routes.customerList, { query: { keyword, limit: LOOKUP_SIZE } }, { signal, hideErrorToast: true }),
    enabled: keyword !== '',
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}

export function customerDetailOptions(id: number) {
  return queryOptions({
    queryKey: customerKeys.detail(id),
    queryFn: ({ signal }) => call(routes.customerDetail, { params: { id } }, { signal, hideErrorToast: true }),
  });
}

export function identityChecksOptions(id: number) {
  return queryOptions({
    queryKey: customerKeys.identity(id),
    queryFn: ({ signal }) => call(routes.customerIdentityChecks, { params: { id } }, { signal, hideErrorToast: true }),
    gcTime: 0,
    staleTime: 0,
    retry: false,
  });
}

export function useUpdateCustomer(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CustomerInput) =>
      call(routes.customerUpdate, { params: { id }, body }, { hideErrorToast: true }),
    onSuccess: (detail) => {
      client.setQueryData(customerKeys.detail(id), detail);
      void client.invalidateQueries({ queryKey: customerKeys.lists() });
    },
  });
}

export function useCreateCustomer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CustomerInput) => call(routes.customerCreate, { body }, { hideErrorToast: true }),
    onSuccess: () => void client.invalidateQueries({ queryKey: customerKeys.lists() }),
  });
}
