import { QueryClient } from '@tanstack/react-query';
import { QUERY_GC_MS, QUERY_RETRIES, QUERY_RETRY_CAP_MS } from '../config/env.ts';
import { ApiError, TRANSPORT_ERRORS } from './api-error.ts';

/** A refusal (4xx) will not change on retry; network trouble and 5xx may. */
function worthRetrying(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  if (error.code === TRANSPORT_ERRORS.abort) return false;
  return error.status === 0 || error.status >= 500;
}

/** SPEC.md §9: garbage collection after 5 minutes, 3 retries, backoff capped at 30 s. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      gcTime: QUERY_GC_MS,
      staleTime: 30_000,
      retry: (failures, error) => failures < QUERY_RETRIES && worthRetrying(error),
      retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, QUERY_RETRY_CAP_MS),
      refetchOnWindowFocus: false,
    },
    // An action offline fails at once with the network's message rather than wait, spinning,
    // to fire by itself later (TanStack's default): what may wait goes to the outbox, visibly.
    mutations: { retry: false, networkMode: 'always' },
  },
});
