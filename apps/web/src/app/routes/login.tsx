import { paths } from '@jewel/contract/values/web-paths';
import { useNavigate, useSearchParams } from 'react-router';
import { LanguageSwitch } from '../../components/language-switch.tsx';
import { Page } from '../../components/page.tsx';
import { LoginForm } from '../../features/auth/components/login-form.tsx';
import { useTranslation } from '../../lib/use-translation.ts';
import '../../features/auth/auth.css';

/** Only paths of this app: `redirect=//evil.example` or a full URL goes home instead. */
function safeRedirect(target: string | null): string {
  return target?.startsWith('/') && !target.startsWith('//') ? target : paths.home;
}

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
        <LoginForm onSignedIn={() => navigate(safeRedirect(search.get('redirect')), { replace: true })} />
      </section>
    </Page>
  );
}
