import { useEffect, useState } from 'react';
import { formatRelative } from '../lib/format.ts';
import { useTranslation } from '../lib/use-translation.ts';
import { useNetworkStore } from '../stores/network-store.ts';
import './data-age.css';

/** Younger data online says nothing; older, or anything offline, says when it was loaded. */
const SHOWN_AFTER_MS = 60_000;

/**
 * "Updated 12 min ago" under a list or a detail (issue 17): what is shown may be what the
 * phone kept, never passed off as fresh. `updatedAt` is the query's `dataUpdatedAt`.
 */
export function DataAge({ updatedAt }: { updatedAt: number }) {
  const online = useNetworkStore((state) => state.online);
  const { t, ready } = useTranslation('offline', { useSuspense: false });
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  if (!ready || updatedAt === 0 || (online && now - updatedAt < SHOWN_AFTER_MS)) return null;
  const age = now - updatedAt < 60_000 ? t('justNow') : formatRelative(new Date(updatedAt).toISOString(), now);
  return (
    <p className="data-age" data-testid="data-age">
      {t('updated', { age })}
    </p>
  );
}

export default DataAge;
