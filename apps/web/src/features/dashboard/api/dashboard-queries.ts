import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { routes } from '../../../lib/routes.ts';

export const dashboardKeys = {
  all: ['dashboard'] as const,
  banners: () => [...dashboardKeys.all, 'banners'] as const,
  /** Live events invalidate the counts by this prefix when a commodity moves. */
  statistics: () => ['statistics'] as const,
};

/** The dashboard banners, titles in the caller's language. A failure shows a retry, not a toast. */
export function bannersOptions() {
  return queryOptions({
    queryKey: dashboardKeys.banners(),
    queryFn: ({ signal }) => call(routes.userBanners, {}, { signal, hideErrorToast: true }),
    staleTime: 5 * 60_000,
  });
}

/** The caller's counts: what they registered (recorder) or appraise (valuer). */
export function statisticsOptions() {
  return queryOptions({
    queryKey: dashboardKeys.statistics(),
    queryFn: ({ signal }) => call(routes.userStatistics, {}, { signal, hideErrorToast: true }),
  });
}
