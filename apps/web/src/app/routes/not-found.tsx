import { paths } from '@jewel/contract/values/web-paths';
import { QuestionCircleOutline } from 'antd-mobile-icons';
import { useNavigate } from 'react-router';
import { Page } from '../../components/page.tsx';
import { StatusView } from '../../components/status-view.tsx';
import { Button } from '../../lib/antd-mobile.ts';
import { useTranslation } from '../../lib/use-translation.ts';

export default function NotFoundRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Page>
      <StatusView icon={<QuestionCircleOutline />} title={t('notFound.title')} description={t('notFound.description')}>
        <Button color="primary" onClick={() => navigate(paths.home, { replace: true })}>
          {t('notFound.home')}
        </Button>
      </StatusView>
    </Page>
  );
}
