import { ClockCircleOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Page } from './page.tsx';
import { StatusView } from './status-view.tsx';

/** A page whose feature is not built yet: its frame and title, and an honest word, nothing fake. */
export function ComingSoon() {
  const { t } = useTranslation();
  return (
    <Page>
      <StatusView
        icon={<ClockCircleOutline />}
        title={t('common:coming.title')}
        description={t('common:coming.description')}
      />
    </Page>
  );
}
