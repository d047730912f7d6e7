import { MOBILE_PATTERN } from '@jewel/contract/values/patterns';
import { EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Checkbox, Input } from '../../../lib/antd-mobile.ts';
import { successToast } from '../../../lib/toast.ts';
import { useLogin } from '../api/auth-mutations.ts';
import type { AgreementDocument } from './agreement-popup.tsx';

// The sign-in page is the first page many open: its checks are a few lines, not a form library.
const AgreementPopup = lazy(() => import('./agreement-popup.tsx'));

interface Errors {
  mobile?: string;
  password?: string;
  agreed?: string;
}

/** Mobile and password, and the privacy and user agreement, which must be ticked. */
export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation('auth');
  const login = useLogin();
  const [mobile, setMobile] = useState('');
  const [password, setPassword] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [showPassword, setShowPassword] = useState(false);
  const [reading, setReading] = useState<AgreementDocument | null>(null);

  function check(): Errors {
    const found: Errors = {};
    if (!mobile.trim()) found.mobile = t('errors:cannotBeEmpty');
    else if (!MOBILE_PATTERN.test(mobile.trim())) found.mobile = t('login.mobileInvalid');
    if (!password) found.password = t('errors:cannotBeEmpty');
    if (!agreed) found.agreed = t('login.agreementRequired');
    return found;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = check();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await login.mutateAsync({ mobile: mobile.trim(), password });
    } catch {
      return; // The client has shown the server's message.
    }
    successToast(t('common:success.login'));
    onSignedIn();
  }

  return (
    <form className="login-form" onSubmit={submit} noValidate>
      <div className="login-form__field">
        <label className="login-form__label" htmlFor="login-mobile">
          {t('login.mobile')}
        </label>
        <Input
          id="login-mobile"
          value={mobile}
          onChange={setMobile}
          type="tel"
          inputMode="tel"
          autoComplete="username"
          placeholder={t('login.mobilePlaceholder')}
          clearable
        />
      </div>
      {errors.mobile ? <p className="field-error">{errors.mobile}</p> : null}
      <div className="login-form__field">
        <label className="login-form__label" htmlFor="login-password">
          {t('login.password')}
        </label>
        <Input
          id="login-password"
          value={password}
          onChange={setPassword}
          type={showPassword ? 'text' : 'password'}
          autoComplete="current-password"
          placeholder={t('login.passwordPlaceholder')}
        />
        <button
          type="button"
          className="icon-button"
          aria-label={t(showPassword ? 'login.hidePassword' : 'login.showPassword')}
          onClick={() => setShowPassword((shown) => !shown)}
        >
          {showPassword ? <EyeOutline /> : <EyeInvisibleOutline />}
        </button>
      </div>
      {errors.password ? <p className="field-error">{errors.password}</p> : null}
      <Button block color="primary" size="large" type="submit" loading={login.isPending} className="login-form__submit">
        {t('login.submit')}
      </Button>
      <div className="login-form__agreement">
        <Checkbox checked={agreed} onChange={setAgreed} aria-label={t('login.agreementLabel')}>
          <span className="muted">{t('login.agreementPrefix')}</span>
        </Checkbox>
        <button type="button" className="link-button" onClick={() => setReading('privacy')}>
          {t('login.privacyTitle')}
        </button>
        <span className="muted">{t('login.agreementAnd')}</span>
        <button type="button" className="link-button" onClick={() => setReading('terms')}>
          {t('login.termsTitle')}
        </button>
      </div>
      {errors.agreed ? <p className="field-error">{errors.agreed}</p> : null}
      {reading ? (
        <Suspense fallback={null}>
          <AgreementPopup document={reading} onClose={() => setReading(null)} />
        </Suspense>
      ) : null}
    </form>
  );
}
