import { DEMO_MOBILES, DEMO_PASSWORD } from '@jewel/contract/values/demo';
import type { Lang } from '@jewel/contract/values/i18n';
import { paths } from '@jewel/contract/values/web-paths';
import { useLocation } from 'react-router';
import { addTexts, type Texts } from '../../../lib/i18n.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

// The banner's few texts in every language come inside its chunk: on the demo's sign-in page its
// sign-ins are the largest text, and a request more before they show is what Lighthouse's LCP
// measured (docs/measurements.md).
const bundled = import.meta.glob<Texts>('../../../locales/*/demo.json', { eager: true, import: 'default' });
for (const [file, texts] of Object.entries(bundled)) {
  addTexts(file.replace(/^.*\/locales\/([^/]+)\/demo\.json$/, '$1') as Lang, 'demo', texts);
}

/**
 * Above every page while the shop runs on the demo data (issue 28; the server marks index.html
 * with `data-shop="demo"`), loaded only then.
 */
export function DemoBanner(): React.ReactNode {
  const { t } = useTranslation('demo');
  const onSignIn = useLocation().pathname === paths.login;
  return (
    <section className="demo-banner" aria-label={t('label')}>
      <p>{t('text')}</p>
      {/* Whoever tries the demo needs its sign-ins, which are public anyway. */}
      {onSignIn ? (
        <p className="demo-banner__sign-ins">
          {t('signIns', {
            manager: DEMO_MOBILES.manager,
            recorder: DEMO_MOBILES.recorder,
            valuers: DEMO_MOBILES.valuers.join(' / '),
            password: DEMO_PASSWORD,
          })}
        </p>
      ) : null}
    </section>
  );
}
