import { paths } from '@jewel/contract/values/web-paths';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useEnrollDraft } from '../features/enroll/enroll-draft-store.ts';
import { flushPendingEnrollment } from '../features/enroll/enroll-submit.ts';
import { outboxCount } from '../features/enroll/outbox-store.ts';
import './offline.css';

/** Shown over every page while the server cannot be reached (issue 17); loaded only then. */
export default function OfflineBanner(): React.ReactNode {
  const { t } = useTranslation('offline');
  const queued = useEnrollDraft(outboxCount);
  // Brings the sender in: a registration queued before a reload goes out when the network returns.
  useEffect(flushPendingEnrollment, []);
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
