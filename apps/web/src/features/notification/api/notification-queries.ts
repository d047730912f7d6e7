import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { notificationKeys } from '../../../lib/query-keys.ts';
import { routes } from '../../../lib/routes.ts';

export type ReadFilter = 'all' | 'unread' | 'read';
const PAGE_SIZE = 20;

export function notificationListOptions(status: ReadFilter) {
  return infiniteQueryOptions({
    queryKey: notificationKeys.list(status),
    queryFn: ({ pageParam, signal }) =>
      call(
        routes.userNotifications,
        { query: { status, page: pageParam, page_size: PAGE_SIZE } },
        { signal, hideErrorToast: true },
      ),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.page_size < last.total ? last.page + 1 : undefined),
  });
}

/** The unread count for the tab bar badge. */
export function unreadCountOptions() {
  return queryOptions({
    queryKey: notificationKeys.unread(),
    queryFn: async ({ signal }) => {
      const page = await call(
        routes.userNotifications,
        { query: { status: 'unread', page: 1, page_size: 1 } },
        { signal, hideErrorToast: true },
      );
      return page.unread;
    },
    refetchInterval: 60_000,
  });
}

/** Opening a notification marks it read; the answer is the notification itself. */
export function notificationDetailOptions(id: number) {
  return queryOptions({
    queryKey: notificationKeys.detail(id),
    queryFn: ({ signal }) =>
      call(routes.userNotificationMarkAsRead, { params: { id } }, { signal, hideErrorToast: true }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
