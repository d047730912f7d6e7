import { paths } from '@jewel/contract/values/web-paths';
import { Link } from '../components/link.tsx';
import { outboxCount, useOutbox } from '../lib/outbox-store.ts';
import { phrased } from '../lib/phrases/phrases.tsx';
import { useTranslation } from '../lib/use-translation.ts';

/** Shown over every page while the server cannot be reached (issue 17). */
export default function OfflineBanner(): React.ReactNode {
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
