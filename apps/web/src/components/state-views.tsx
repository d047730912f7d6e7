import { CloseCircleOutline, FileOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Button, Skeleton } from '../lib/antd-mobile.ts';
import { StatusView } from './status-view.tsx';

/** Skeleton rows while a list or a card loads: never a blank page. */
export function LoadingRows({ rows = 4 }: { rows?: number }) {
  return (
    <div className="card" aria-busy="true">
      <Skeleton.Title animated />
      <Skeleton.Paragraph lineCount={rows} animated />
    </div>
  );
}

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
