import { useQuery } from '@tanstack/react-query';
import { Page } from '../../components/page.tsx';
import { dashboardKeys } from '../../features/dashboard/api/dashboard-queries.ts';
import { BannerCarousel } from '../../features/dashboard/components/banner-carousel.tsx';
import { Greeting } from '../../features/dashboard/components/greeting.tsx';
import { ShortcutGrid } from '../../features/dashboard/components/shortcut-grid.tsx';
import { StatisticsGrid } from '../../features/dashboard/components/statistics-grid.tsx';
import { notificationKeys, unreadCountOptions } from '../../features/notification/api/notification-queries.ts';
import { PullToRefresh } from '../../lib/antd-mobile.ts';
import { queryClient } from '../../lib/query-client.ts';
import { useAuthStore } from '../../stores/auth-store.ts';

/** Pulling down refetches everything the dashboard shows; failures stay on their own sections. */
async function refresh() {
  await Promise.all([
    queryClient.refetchQueries({ queryKey: dashboardKeys.all }),
    queryClient.refetchQueries({ queryKey: notificationKeys.unread() }),
  ]);
}

/** The dashboard (tab 0): banners, a greeting, the user's counts and shortcuts to each area. */
export default function HomeRoute() {
  const user = useAuthStore((state) => state.user);
  const unread = useQuery(unreadCountOptions()).data ?? 0;
  return (
    <Page>
      <PullToRefresh onRefresh={refresh}>
        <div className="dashboard">
          <BannerCarousel />
          {user ? (
            <>
              <Greeting user={user} />
              <StatisticsGrid role={user.role_code} />
              <ShortcutGrid user={user} unread={unread} />
            </>
          ) : null}
        </div>
      </PullToRefresh>
    </Page>
  );
}
