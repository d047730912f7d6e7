import { paths } from '@jewel/contract/values/web-paths';
import { Link } from 'react-router';
import { outboxCount, useOutbox } from '../lib/outbox-store.ts';
import { useTranslation } from '../lib/use-translation.ts';
import './offline.css';

/** Shown over every page while the server cannot be reached (issue 17); loaded only then. */
export default function OfflineBanner(): React.ReactNode {
  const { t } = useTranslation('offline');
  const queued = useOutbox(outboxCount);
  return (
    <div className="offline-banner" role="status">
      <span>{t('banner')}</span>
      {queued > 0 ? (
        <Link className="offline-banner__link" to={paths.outbox}>
          {t('outboxLink', { count: queued })}
        </Link>
      ) : null}
    </div>
  );
}
