import type { LiveEvent } from '@jewel/contract/commodity';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAuthStore } from '../../stores/auth-store.ts';
import { runLiveEvents } from './live-stream.ts';

/**
 * Query keys are the features' own; these are the agreed prefixes (features do not import each
 * other): the tab bar's unread count (features/notification `notificationKeys.unread()`), the
 * notification lists, and whatever shows commodities or counts of them.
 */
const UNREAD_KEY = ['notifications', 'unread'] as const;
const NOTIFICATION_LISTS = ['notifications', 'list'] as const;
const COMMODITY_PREFIXES = ['commodities', 'commodity', 'reconsiderations', 'statistics'] as const;
/** Several commodities change at once (a distribution of five): one refetch for the lot. */
const COMMODITY_DEBOUNCE_MS = 300;

function refreshCommodities(queryClient: QueryClient) {
  for (const prefix of COMMODITY_PREFIXES) void queryClient.invalidateQueries({ queryKey: [prefix] });
}

/**
 * The live event stream of the signed-in user, started once for every signed-in page: the unread
 * badge changes at once, commodity lists and the dashboard refresh when any commodity changes.
 */
export function useLiveEvents() {
  const queryClient = useQueryClient();
  const userId = useAuthStore((state) => (state.token ? (state.user?.id ?? null) : null));

  useEffect(() => {
    if (userId === null) return;
    const controller = new AbortController();
    let pending: ReturnType<typeof setTimeout> | undefined;
    const scheduleCommodityRefresh = () => {
      pending ??= setTimeout(() => {
        pending = undefined;
        refreshCommodities(queryClient);
      }, COMMODITY_DEBOUNCE_MS);
    };
    void runLiveEvents(controller.signal, {
      event(event: LiveEvent) {
        if (event.type === 'notification') {
          const previous = queryClient.getQueryData<number>(UNREAD_KEY);
          queryClient.setQueryData<number>(UNREAD_KEY, event.unread);
          if (previous !== event.unread) void queryClient.invalidateQueries({ queryKey: NOTIFICATION_LISTS });
        } else if (event.type === 'commodity') {
          scheduleCommodityRefresh();
        }
      },
      reconnected() {
        void queryClient.invalidateQueries({ queryKey: NOTIFICATION_LISTS });
        refreshCommodities(queryClient);
      },
    });
    return () => {
      clearTimeout(pending);
      controller.abort();
    };
  }, [queryClient, userId]);
}
