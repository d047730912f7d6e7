import { infiniteQueryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { routes } from '../../../lib/routes.ts';

const PAGE_SIZE = 20;

export const temporaryLinkKeys = {
  all: ['temporaryLinks'] as const,
};

/** The links the user made, newest first (`temporary/record`). */
export function temporaryLinkListOptions() {
  return infiniteQueryOptions({
    queryKey: temporaryLinkKeys.all,
    queryFn: ({ pageParam, signal }) =>
      call(
        routes.temporaryLinks,
        { query: { page: pageParam, page_size: PAGE_SIZE } },
        { signal, hideErrorToast: true },
      ),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.page_size < last.total ? last.page + 1 : undefined),
  });
}

/** The full address a guest opens: this app's origin and the link's `/t_r…` / `/t_v…` path. */
export function shareUrl(path: string): string {
  return `${window.location.origin}${path}`;
}
