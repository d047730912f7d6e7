import type { LiveEvent } from '@jewel/contract/commodity';
import { type Query, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { refreshAllCommodities } from '../../lib/commodity-cache.ts';
import { notificationKeys } from '../../lib/query-keys.ts';
import { useAuthStore } from '../../stores/auth-store.ts';
import { runLiveEvents } from './live-stream.ts';

/** Several commodities change at once (a distribution of five): one refetch for the lot. */
const COMMODITY_DEBOUNCE_MS = 300;

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
        void refreshAllCommodities();
      }, COMMODITY_DEBOUNCE_MS);
    };
    void runLiveEvents(controller.signal, {
      event(event: LiveEvent) {
        if (event.type === 'notification') {
          const previous = queryClient.getQueryData<number>(notificationKeys.unread());
          queryClient.setQueryData<number>(notificationKeys.unread(), event.unread);
          if (previous !== event.unread) void queryClient.invalidateQueries({ queryKey: notificationKeys.lists() });
        } else if (event.type === 'commodity') {
          scheduleCommodityRefresh();
        }
      },
      connected(openedAt) {
        // What was read before the stream opened, and only that (the page's first figures, say,
        // read while the stream's code was loading): a change in between would not be told.
        const readBefore = (query: Query) => query.state.dataUpdatedAt < openedAt;
        void queryClient.invalidateQueries({ queryKey: notificationKeys.lists(), predicate: readBefore });
        void refreshAllCommodities(readBefore);
      },
    });
    return () => {
      clearTimeout(pending);
      controller.abort();
    };
  }, [queryClient, userId]);
}
