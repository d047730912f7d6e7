import { tabPaths } from '@jewel/contract/values/web-paths';
import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { LoadingRows } from '../components/loading-rows.tsx';
import { useNetworkStore } from '../stores/network-store.ts';

const tabs: readonly string[] = tabPaths;
// Loaded only when the network goes (issue 17); a shell without it (never cached) shows nothing.
const OfflineBanner = lazy(() => import('./offline-banner.tsx').catch(() => ({ default: () => null })));

/** The frame of every page: at most 750 px wide and centred; tab pages keep their own scroll position. */
export function RootLayout() {
  const online = useNetworkStore((state) => state.online);
  return (
    <div className="app-frame">
      {online ? null : (
        <Suspense fallback={null}>
          <OfflineBanner />
        </Suspense>
      )}
      <Suspense fallback={<PageSkeleton />}>
        <Outlet />
      </Suspense>
      <ScrollRestoration getKey={(location) => (tabs.includes(location.pathname) ? location.pathname : location.key)} />
    </div>
  );
}

export function PageSkeleton() {
  return (
    <div className="page">
      <div className="page__nav page__nav--placeholder" />
      <main className="page__content">
        <LoadingRows />
      </main>
    </div>
  );
}
