import { paths } from '@jewel/contract/values/web-paths';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Link } from '../../components/link.tsx';
import { Page } from '../../components/page.tsx';
import { BannerCarousel } from '../../features/dashboard/components/banner-carousel.tsx';
import { Greeting } from '../../features/dashboard/components/greeting.tsx';
import { ShortcutGrid } from '../../features/dashboard/components/shortcut-grid.tsx';
import { StatisticsGrid } from '../../features/dashboard/components/statistics-grid.tsx';
import { unreadCountOptions } from '../../features/notification/api/notification-queries.ts';
import { openMatchCountOptions } from '../../features/watch/api/watch-count.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import { useAuthStore } from '../../stores/auth-store.ts';
import '../../features/dashboard/dashboard.css';

// The dashboard's offline parts (issue 17) come after the first paint: nothing in the first load.
const HomeOffline = lazy(() => import('../home-offline.tsx'));

/**
 * The dashboard (tab 0): banners, a greeting, the user's counts and shortcuts to each area. Its
 * figures refresh whenever it is opened again (stale after 30 s); it is not a list, so it has no
 * pull-to-refresh, which would bring the gesture library into the first page.
 */
export default function HomeRoute() {
  const { t } = useTranslation();
  const user = useAuthStore((state) => state.user);
  const unread = useQuery(unreadCountOptions()).data ?? 0;
  // The watch list's open alerts: staff only (guests cannot read the list).
  const alerts = useQuery({ ...openMatchCountOptions(), enabled: user !== null && user.is_tmp !== 1 }).data ?? 0;
  return (
    <Page
      right={
        user ? (
          // The scan (issue 14): a tag's QR opens its item.
          <Link
            to={paths.scan}
            className="icon-button"
            style={{ color: 'var(--app-color-primary)', fontSize: 22 }}
            aria-label={t('titles.scan')}
          >
            {/* antd-mobile-icons' ScanningOutline drawn in a line: the icon module would break the first load's budget. */}
            <svg
              viewBox="0 0 24 24"
              width="1em"
              height="1em"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              aria-hidden="true"
            >
              <path d="M3 8V3h5m8 0h5v5m0 8v5h-5m-8 0H3v-5m0-4h18" />
            </svg>
          </Link>
        ) : null
      }
    >
      <div className="dashboard">
        <BannerCarousel />
        {user ? (
          <>
            <Greeting user={user} />
            <Suspense fallback={null}>
              <HomeOffline />
            </Suspense>
            <StatisticsGrid role={user.role_code} />
            <ShortcutGrid user={user} unread={unread} alerts={alerts} />
          </>
        ) : null}
      </div>
    </Page>
  );
}
