import { useTranslation } from '../../../lib/use-translation.ts';
import '../setup-texts.ts';

/**
 * Above every page while the shop runs on the demo data (issue 28; the server marks index.html
 * with `data-shop="demo"`), loaded only then, with the setup texts (which add themselves:
 * setup-texts.ts).
 */
export function DemoBanner(): React.ReactNode {
  const { t } = useTranslation('setup');
  return (
    <section className="demo-banner" aria-label={t('banner.label')}>
      {t('banner.text')}
    </section>
  );
}
