import { lazy, Suspense, useEffect, useState } from 'react';
import { useNetworkStore } from '../stores/network-store.ts';

/** Younger data online says nothing; older, or anything offline, says when it was loaded. */
const SHOWN_AFTER_MS = 60_000;

// The line, its texts and its style load when it first shows (online and fresh, never).
const DataAgeLine = lazy(() => import('./data-age-line.tsx'));

/**
 * "Updated 12 min ago" under a list or a detail (issue 17): what is shown may be what the
 * phone kept, never passed off as fresh. `updatedAt` is the query's `dataUpdatedAt`.
 */
export function DataAge({ updatedAt }: { updatedAt: number }) {
  const online = useNetworkStore((state) => state.online);
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  if (updatedAt === 0 || (online && now - updatedAt < SHOWN_AFTER_MS)) return null;
  return (
    <Suspense fallback={null}>
      <DataAgeLine updatedAt={updatedAt} now={now} />
    </Suspense>
  );
}

export default DataAge;
