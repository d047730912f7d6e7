import { useQuery } from '@tanstack/react-query';
import { Page } from '../../components/page.tsx';
import { BannerCarousel } from '../../features/dashboard/components/banner-carousel.tsx';
import { Greeting } from '../../features/dashboard/components/greeting.tsx';
import { ShortcutGrid } from '../../features/dashboard/components/shortcut-grid.tsx';
import { StatisticsGrid } from '../../features/dashboard/components/statistics-grid.tsx';
import { unreadCountOptions } from '../../features/notification/api/notification-queries.ts';
import { openMatchCountOptions } from '../../features/watch/api/watch-count.ts';
import { useAuthStore } from '../../stores/auth-store.ts';

/**
 * The dashboard (tab 0): banners, a greeting, the user's counts and shortcuts to each area. Its
 * figures refresh whenever it is opened again (stale after 30 s); it is not a list, so it has no
 * pull-to-refresh, which would bring the gesture library into the first page.
 */
export default function HomeRoute() {
  const user = useAuthStore((state) => state.user);
  const unread = useQuery(unreadCountOptions()).data ?? 0;
  // The watch list's open alerts: staff only (guests cannot read the list).
  const alerts = useQuery({ ...openMatchCountOptions(), enabled: user !== null && user.is_tmp !== 1 }).data ?? 0;
  return (
    <Page>
      <div className="dashboard">
        <BannerCarousel />
        {user ? (
          <>
            <Greeting user={user} />
            <StatisticsGrid role={user.role_code} />
            <ShortcutGrid user={user} unread={unread} alerts={alerts} />
          </>
        ) : null}
      </div>
    </Page>
  );
}
