import { tabPaths } from '@jewel/contract/values/web-paths';
import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { LoadingRows } from '../components/loading-rows.tsx';

const tabs: readonly string[] = tabPaths;

/** The frame of every page: at most 750 px wide and centred; tab pages keep their own scroll position. */
export function RootLayout() {
  return (
    <div className="app-frame">
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
