import { useNavigate, useSearchParams } from 'react-router';
import { LanguageSwitch } from '../../components/language-switch.tsx';
import { Page } from '../../components/page.tsx';
import { LoginForm } from '../../features/auth/components/login-form.tsx';
import { safeRedirect } from '../../lib/safe-redirect.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import '../../features/auth/auth.css';

export default function LoginRoute() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [search] = useSearchParams();
  return (
    <Page right={<LanguageSwitch />}>
      <section className="login-hero">
        <img src="/icon.svg" alt="" className="login-hero__logo" width={56} height={56} />
        <h2 className="login-hero__title">{t('common:appName')}</h2>
        <p className="muted">{t('login.welcome')}</p>
      </section>
      <section className="card">
        <LoginForm
          redirect={search.get('redirect') ?? undefined}
          onSignedIn={() => navigate(safeRedirect(search.get('redirect')), { replace: true })}
        />
      </section>
    </Page>
  );
}
