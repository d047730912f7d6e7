import { useQuery } from '@tanstack/react-query';
import { lazy } from 'react';
import { DataAge } from '../components/data-age.tsx';
import { statisticsOptions } from '../features/dashboard/api/dashboard-queries.ts';
import { outboxCount, useOutbox } from '../lib/outbox-store.ts';

const OutboxLink = lazy(() => import('./outbox-link.tsx'));

/**
 * The dashboard's offline parts (issue 17), after its first paint: how old its counts are, and
 * the way to the outbox with its count (nothing when it is empty). What they show, with its
 * texts and styles, loads only when it shows: online, with fresh counts and nothing queued,
 * nothing more loads.
 */
export default function HomeOffline() {
  const queued = useOutbox(outboxCount);
  const statistics = useQuery(statisticsOptions());
  return (
    <>
      <DataAge updatedAt={statistics.dataUpdatedAt} />
      {queued > 0 ? <OutboxLink queued={queued} /> : null}
    </>
  );
}
