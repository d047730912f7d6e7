import { paths } from '@jewel/contract/values/web-paths';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { DataAge } from '../components/data-age.tsx';
import { statisticsOptions } from '../features/dashboard/api/dashboard-queries.ts';
import { outboxCount, useOutbox } from '../lib/outbox.ts';
import { useTranslation } from '../lib/use-translation.ts';
import './offline.css';

/**
 * The dashboard's offline parts (issue 17), after its first paint: how old its counts are, and
 * the way to the outbox with its count (nothing when it is empty).
 */
export default function HomeOffline() {
  const { t } = useTranslation('offline');
  const queued = useOutbox(outboxCount);
  const statistics = useQuery(statisticsOptions());
  return (
    <>
      <DataAge updatedAt={statistics.dataUpdatedAt} />
      {queued > 0 ? (
        <Link className="card outbox-entry" to={paths.outbox}>
          {t('outboxLink', { count: queued })}
        </Link>
      ) : null}
    </>
  );
}
