import { tabPaths } from '@jewel/contract/values/web-paths';
import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { LoadingRows } from '../components/loading-rows.tsx';
import { useNetworkStore } from '../stores/network-store.ts';

const tabs: readonly string[] = tabPaths;
/**
 * The banners over every page, loaded only when one shows: offline (issue 17), and the demo's
 * data, which the server marks on the page (issue 28). A shell without them (never cached) shows nothing.
 */
const loadBanners = () => import('./frame-banners.tsx').catch(() => ({ default: () => null }));
const demo = document.documentElement.dataset.shop === 'demo';
/**
 * On the demo its banner shows at once, the sign-in page's largest text (its sign-ins): its chunk
 * (texts inside) starts loading with the app rather than when the frame first renders
 * (Lighthouse's LCP on the demo's sign-in page).
 */
const demoBanners = demo ? loadBanners() : undefined;
const FrameBanners = lazy(() => demoBanners ?? loadBanners());

/** The frame of every page: at most 750 px wide and centred; tab pages keep their own scroll position. */
export function RootLayout() {
  const online = useNetworkStore((state) => state.online);
  return (
    <div className="app-frame">
      {demo || !online ? (
        <Suspense fallback={null}>
          <FrameBanners demo={demo} online={online} />
        </Suspense>
      ) : null}
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
