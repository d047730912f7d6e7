import { Skeleton } from '../lib/antd-mobile.ts';
import { useTranslation } from '../lib/use-translation.ts';
import { useNetworkStore } from '../stores/network-store.ts';

/**
 * Skeleton rows while a list or a card loads: never a blank page. Offline with nothing kept,
 * nothing is loading: it says so rather than spin (issue 17).
 */
export function LoadingRows({ rows = 4 }: { rows?: number }) {
  const online = useNetworkStore((state) => state.online);
  const { t } = useTranslation();
  if (!online)
    return (
      <p className="card offline-nothing" role="status">
        {t('offlineNothing')}
      </p>
    );
  return (
    <div className="card" aria-busy="true">
      <Skeleton.Title animated />
      <Skeleton.Paragraph lineCount={rows} animated />
    </div>
  );
}
