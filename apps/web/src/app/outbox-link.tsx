import { paths } from '@jewel/contract/values/web-paths';
import { Link } from '../components/link.tsx';
import { useTranslation } from '../lib/use-translation.ts';
import './offline.css';

/** The dashboard's way to the outbox with its count (issue 17); loaded only when something waits. */
export default function OutboxLink({ queued }: { queued: number }) {
  const { t } = useTranslation('offline');
  return (
    <Link className="card outbox-entry" to={paths.outbox}>
      {t('outboxLink', { count: queued })}
    </Link>
  );
}
