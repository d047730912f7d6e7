import { paths } from '@jewel/contract/values/web-paths';
import { Link } from '../components/link.tsx';
import { outboxCount, useOutbox } from '../lib/outbox-store.ts';
import { phrased } from '../lib/phrases/phrases.tsx';
import { useTranslation } from '../lib/use-translation.ts';
import './offline.css';

import { DemoBanner } from '../features/setup/components/demo-banner.tsx';

/**
 * The banners over every page, which the frame loads only when one shows (root-layout.tsx): the
 * demo's data (issue 28), and the server out of reach (issue 17).
 */
export default function FrameBanners({ demo, online }: { demo: boolean; online: boolean }): React.ReactNode {
  return (
    <>
      {demo ? <DemoBanner /> : null}
      {online ? null : <OfflineBanner />}
    </>
  );
}

/** Shown over every page while the server cannot be reached (issue 17). */
function OfflineBanner(): React.ReactNode {
  const { t } = useTranslation('offline');
  const queued = useOutbox(outboxCount);
  return (
    <div className="offline-banner" role="status">
      {/* A sentence standing alone, as a toast's: broken between words (发件箱 whole). */}
      {phrased(t('banner'))}
      {queued > 0 ? (
        <Link className="offline-banner__link" to={paths.outbox}>
          {t('outboxLink', { count: queued })}
        </Link>
      ) : null}
    </div>
  );
}
