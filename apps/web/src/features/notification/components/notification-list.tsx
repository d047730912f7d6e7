import { useInfiniteQuery } from '@tanstack/react-query';
import { InfiniteFooter } from '../../../components/infinite-footer.tsx';
import { EmptyState, LoadError } from '../../../components/state-views.tsx';
import { PullToRefresh } from '../../../lib/antd-mobile-motion.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { notificationKeys } from '../../../lib/query-keys.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { notificationListOptions, type ReadFilter } from '../api/notification-queries.ts';
import { NotificationCard, NotificationSkeleton } from './notification-card.tsx';
import '../notification.css';

const emptyKey: Record<ReadFilter, { title: string; description: string }> = {
  all: { title: 'list.emptyAll', description: 'list.emptyAllHint' },
  unread: { title: 'list.emptyUnread', description: 'list.emptyUnreadHint' },
  read: { title: 'list.emptyRead', description: 'list.emptyReadHint' },
};

/** Notifications of one filter: pull to refresh, more on scrolling, and its loading, empty and error states. */
export function NotificationList({ status }: { status: ReadFilter }) {
  const { t } = useTranslation('notification');
  const query = useInfiniteQuery(notificationListOptions(status));

  if (query.isPending) return <NotificationSkeleton />;
  if (query.isError && !query.data) return <LoadError onRetry={() => query.refetch()} />;

  const items = query.data.pages.flatMap((page) => page.items);
  // The unread badge may have moved too.
  const refresh = () =>
    Promise.all([query.refetch(), queryClient.invalidateQueries({ queryKey: notificationKeys.unread() })]);

  return (
    <PullToRefresh onRefresh={refresh}>
      {items.length === 0 ? (
        <EmptyState title={t(emptyKey[status].title)} description={t(emptyKey[status].description)} />
      ) : (
        <>
          <ul className="notification-list">
            {items.map((notification) => (
              <li key={notification.id}>
                <NotificationCard notification={notification} />
              </li>
            ))}
          </ul>
          <InfiniteFooter query={query} />
        </>
      )}
    </PullToRefresh>
  );
}
