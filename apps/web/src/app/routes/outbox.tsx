import { OutboxList } from '../../components/outbox-list.tsx';
import { Page } from '../../components/page.tsx';
import { useTranslation } from '../../lib/use-translation.ts';
import '../offline.css';

/** What waits to be sent to the server (issue 17), for whoever registers items. */
export default function OutboxRoute() {
  const { t } = useTranslation('offline');
  return (
    <Page>
      <p className="outbox-intro">{t('outbox.intro')}</p>
      <OutboxList />
    </Page>
  );
}
