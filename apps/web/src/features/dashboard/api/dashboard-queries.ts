import { queryOptions } from '@tanstack/react-query';
import { type CallResult, call } from '../../../lib/api-client.ts';
import { takeEarlyCall } from '../../../lib/early-calls.ts';
import { bannersKey, statisticsKey } from '../../../lib/query-keys.ts';
import { routes } from '../../../lib/routes.ts';

/**
 * The dashboard banners, titles in the caller's language. A failure shows a retry, not a toast.
 * The first answer may come from the call `public/early.js` started before the app's code.
 */
export function bannersOptions() {
  return queryOptions({
    queryKey: bannersKey(),
    queryFn: async ({ signal }) =>
      (await takeEarlyCall<CallResult<typeof routes.userBanners>>('banners')) ??
      call(routes.userBanners, {}, { signal, hideErrorToast: true }),
    staleTime: 5 * 60_000,
  });
}

/** The caller's counts: what they registered (recorder) or appraise (valuer). */
export function statisticsOptions() {
  return queryOptions({
    queryKey: statisticsKey(),
    queryFn: ({ signal }) => call(routes.userStatistics, {}, { signal, hideErrorToast: true }),
  });
}
