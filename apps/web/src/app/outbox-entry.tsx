import { paths } from '@jewel/contract/values/web-paths';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useEnrollDraft } from '../features/enroll/enroll-draft-store.ts';
import { flushPendingEnrollment } from '../features/enroll/enroll-submit.ts';
import { outboxCount } from '../features/enroll/outbox-store.ts';
import './offline.css';

/** The home page's way to the outbox, with its count; nothing when the outbox is empty. */
export default function OutboxEntry() {
  const { t } = useTranslation('offline');
  const queued = useEnrollDraft(outboxCount);
  // Brings the sender in: a registration queued before a reload goes out when the network returns.
  useEffect(flushPendingEnrollment, []);
  if (queued === 0) return null;
  return (
    <Link className="card outbox-entry" to={paths.outbox}>
      {t('outboxLink', { count: queued })}
    </Link>
  );
}
