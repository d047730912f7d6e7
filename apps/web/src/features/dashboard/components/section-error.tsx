import { ExclamationCircleOutline } from 'antd-mobile-icons';
import { Button } from '../../../lib/antd-mobile.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import '../dashboard.css';

/** A compact "could not load" line for one part of the dashboard, with a retry. */
export function SectionError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="dashboard-section-error" role="alert">
      <ExclamationCircleOutline className="dashboard-section-error__icon" aria-hidden />
      <span className="dashboard-section-error__text">{message}</span>
      <Button size="small" color="primary" fill="none" onClick={onRetry} className="dashboard-section-error__retry">
        {t('common:retry')}
      </Button>
    </div>
  );
}
