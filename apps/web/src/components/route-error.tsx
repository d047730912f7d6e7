import { ExclamationCircleOutline } from 'antd-mobile-icons';
import { Button } from '../lib/antd-mobile.ts';
import { useTranslation } from '../lib/use-translation.ts';
import { StatusView } from './status-view.tsx';

/**
 * A page that could not load (often a lazy chunk on a bad network, or a new version deployed
 * meanwhile): tapping reloads the page (SPEC.md §8).
 */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <div className="page page--center">
      <StatusView
        icon={<ExclamationCircleOutline />}
        title={t('common:pageLoadFailed')}
        description={t('common:pageLoadFailedHint')}
      >
        <Button color="primary" onClick={() => window.location.reload()}>
          {t('common:reload')}
        </Button>
      </StatusView>
    </div>
  );
}
