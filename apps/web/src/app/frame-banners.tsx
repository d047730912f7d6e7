import { lazy, Suspense } from 'react';
import './offline.css';

import { DemoBanner } from '../features/setup/components/demo-banner.tsx';

/** Its own chunk (kept offline: OFFLINE_MODULES), so that the demo's banner does not carry its word breaking. */
const OfflineBanner = lazy(() => import('./offline-banner.tsx'));

/**
 * The banners over every page, which the frame loads only when one shows (root-layout.tsx): the
 * demo's data (issue 28), and the server out of reach (issue 17).
 */
export default function FrameBanners({ demo, online }: { demo: boolean; online: boolean }): React.ReactNode {
  return (
    <>
      {demo ? <DemoBanner /> : null}
      {online ? null : (
        <Suspense fallback={null}>
          <OfflineBanner />
        </Suspense>
      )}
    </>
  );
}
