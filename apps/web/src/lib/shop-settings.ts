import { queryOptions } from '@tanstack/react-query';
import { call } from './api-client.ts';
import { shopSettingsKey } from './query-keys.ts';
import { routes } from './routes.ts';

/**
 * The shop's settings (`GET /api/settings`): the currency every form that takes one starts with.
 * The operator sets them at the server's start, so one answer serves the whole session.
 */
export function shopSettingsOptions() {
  return queryOptions({
    queryKey: shopSettingsKey(),
    queryFn: ({ signal }) => call(routes.settings, {}, { signal, hideErrorToast: true }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
