import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Page } from '../../components/page.tsx';
import { type ReadFilter, unreadCountOptions } from '../../features/notification/api/notification-queries.ts';
import { NotificationList } from '../../features/notification/components/notification-list.tsx';
import { Tabs } from '../../lib/antd-mobile-motion.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import '../../features/notification/notification.css';

const filters: ReadFilter[] = ['all', 'unread', 'read'];

function isFilter(value: string | null): value is ReadFilter {
  return (filters as (string | null)[]).includes(value);
}

/** Notifications, filtered all / unread / read; the filter lives in the URL so that coming back keeps it. */
export default function NotificationsRoute() {
  const { t } = useTranslation('notification');
  const [search, setSearch] = useSearchParams();
  const requested = search.get('status');
  const status: ReadFilter = isFilter(requested) ? requested : 'all';
  const unread = useQuery(unreadCountOptions()).data ?? 0;

  return (
    <Page>
      <div className="notification-tabs">
        <Tabs
          activeKey={status}
          onChange={(key) => setSearch(key === 'all' ? {} : { status: key }, { replace: true })}
          stretch
        >
          {filters.map((filter) => (
            <Tabs.Tab
              key={filter}
              title={
                <span className="notification-tabs__title">
                  {t(`tabs.${filter}`)}
                  {filter === 'unread' && unread > 0 ? (
                    <>
                      <span className="notification-tabs__count figure" aria-hidden>
                        {unread > 99 ? '99+' : unread}
                      </span>
                      <span className="sr-only">{t('list.unreadCount', { count: unread })}</span>
                    </>
                  ) : null}
                </span>
              }
            />
          ))}
        </Tabs>
      </div>
      <NotificationList key={status} status={status} />
    </Page>
  );
}
