import { CloseCircleOutline, FileOutline } from 'antd-mobile-icons';
import { Button } from '../lib/antd-mobile.ts';
import { useTranslation } from '../lib/use-translation.ts';
import { StatusView } from './status-view.tsx';

// The skeleton has a file of its own: the app's entry needs it, not the other states' icons.
export { LoadingRows } from './loading-rows.tsx';

/** A load failed: say so and offer to try again. */
export function LoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <StatusView icon={<CloseCircleOutline />} title={t('common:loadFailed')} description={t('common:loadFailedHint')}>
      <Button color="primary" fill="outline" onClick={onRetry}>
        {t('common:retry')}
      </Button>
    </StatusView>
  );
}

export function EmptyState({ title, description }: { title?: string; description?: string }) {
  const { t } = useTranslation();
  return <StatusView icon={<FileOutline />} title={title ?? t('common:noData')} description={description} />;
}
