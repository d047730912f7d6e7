import { DEMO_MOBILES, DEMO_PASSWORD } from '@jewel/contract/values/demo';
import { paths } from '@jewel/contract/values/web-paths';
import { useLocation } from 'react-router';
import { useTranslation } from '../../../lib/use-translation.ts';
import '../setup-texts.ts';

/**
 * Above every page while the shop runs on the demo data (issue 28; the server marks index.html
 * with `data-shop="demo"`), loaded only then, with the setup texts (which add themselves:
 * setup-texts.ts).
 */
export function DemoBanner(): React.ReactNode {
  const { t } = useTranslation('setup');
  const onSignIn = useLocation().pathname === paths.login;
  return (
    <section className="demo-banner" aria-label={t('banner.label')}>
      <p>{t('banner.text')}</p>
      {/* Whoever tries the demo needs its sign-ins, which are public anyway. */}
      {onSignIn ? (
        <p className="demo-banner__sign-ins">
          {t('banner.signIns', {
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
