import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { routes } from '../../../lib/routes.ts';

/**
 * How many alerts wait for an acknowledgement (the dashboard's badge). On its own, sharing
 * nothing with `watch-queries.ts`, so that the dashboard's first load takes only this; its key
 * starts like theirs (`watch`), so that their changes refresh it.
 */
export function openMatchCountOptions() {
  return queryOptions({
    queryKey: ['watch', 'matches', 'count'] as const,
    queryFn: ({ signal }) =>
      call(routes.watchMatchList, { query: { status: 'open', page_size: 1 } }, { signal, hideErrorToast: true }),
    select: (page) => page.total,
  });
}
