import { DEMO_PASSWORD } from '@jewel/contract/values/demo';
import { Button } from '../../../lib/antd-mobile.ts';
import { Dialog } from '../../../lib/dialog.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useExploreDemo } from '../api/setup-queries.ts';
import '../setup.css';

/**
 * "Explore with demo data", the other way out of an empty shop: confirmed first, since the shop
 * can no longer be set up afterwards. Once filled, the page leaves for login (setup-screen.tsx).
 */
export function DemoEntry({ disabled }: { disabled?: boolean }) {
  const { t } = useTranslation('setup');
  const explore = useExploreDemo();
  const start = async () => {
    const confirmed = await Dialog.confirm({
      title: t('demo.confirmTitle'),
      content: t('demo.confirmText', { password: DEMO_PASSWORD }),
      confirmText: t('demo.confirm'),
      cancelText: t('common:cancel'),
    });
    if (!confirmed) return;
    // A refusal is toasted by the API client.
    await explore.mutateAsync().catch(() => undefined);
  };
  return (
    <section className="card setup-demo" aria-labelledby="setup-demo">
      <h2 className="card__title" id="setup-demo">
        {t('demo.title')}
      </h2>
      <p className="muted setup-note">{t('demo.hint', { password: DEMO_PASSWORD })}</p>
      <Button block fill="outline" color="primary" loading={explore.isPending} disabled={disabled} onClick={start}>
        {t('demo.start')}
      </Button>
    </section>
  );
}
