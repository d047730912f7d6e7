import { MOBILE_PATTERN } from '@jewel/contract/values/patterns';
import { EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons';
import { lazy, Suspense, useEffect, useState } from 'react';
import { errorDomId, Field, FieldError, invalidProps } from '../../../components/form/field.tsx';
import { useForm } from '../../../components/form/use-form.ts';
import { Button } from '../../../lib/antd-mobile.ts';
import { Input } from '../../../lib/input.ts';
import { successToast } from '../../../lib/toast.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { whenIdle } from '../../../lib/when-idle.ts';
import { signInWithPassword } from '../api/session.ts';
import type { AgreementDocument } from './agreement-popup.tsx';
import '../auth.css';

const AgreementPopup = lazy(() => import('./agreement-popup.tsx'));
/** Its code and texts load once the page has painted, none of it on the way there (ADR 0103). */
const PasskeySignIn = lazy(() => import('./passkey-sign-in-button.tsx'));
const ProviderSignIn = lazy(() => import('./provider-sign-in-buttons.tsx'));

/** Marks where the agreement sentence names a document (`{{privacy}}`, `{{terms}}`), in any word order. */
const MARK = '\u0000';

/**
 * Mobile and password, or a passkey where the page can use one, or a sign-in provider the shop
 * configured; and the privacy and user agreement, which must be ticked.
 */
export function LoginForm({ onSignedIn, redirect }: { onSignedIn: () => void; redirect?: string }) {
  const { t } = useTranslation('auth');
  const { values, set, errors, setErrors, handleSubmit } = useForm({
    initial: { mobile: '', password: '', agreed: false },
    check: ({ mobile, password, agreed }) => ({
      mobile: !mobile.trim()
        ? t('errors:cannotBeEmpty')
        : MOBILE_PATTERN.test(mobile.trim())
          ? undefined
          : t('login.mobileInvalid'),
      password: password ? undefined : t('errors:cannotBeEmpty'),
      agreed: agreed ? undefined : t('login.agreementRequired'),
    }),
  });
  const [showPassword, setShowPassword] = useState(false);
  const [signingIn, setSigningIn] = useState(false);
  const [reading, setReading] = useState<AgreementDocument | null>(null);
  // The passkey's and providers' buttons come once the page has painted and the browser is idle.
  const [idle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);

  const agreementMissing = () => setErrors({ agreed: t('login.agreementRequired') });

  const signedIn = () => {
    successToast(t('common:success.login'));
    onSignedIn();
  };

  const submit = handleSubmit(async ({ mobile, password }) => {
    setSigningIn(true);
    try {
      await signInWithPassword({ mobile: mobile.trim(), password });
    } catch {
      return; // The client has shown the server's message.
    } finally {
      setSigningIn(false);
    }
    signedIn();
  });

  return (
    <form className="login-form" onSubmit={submit} noValidate>
      <Field name="mobile" label={t('login.mobile')} htmlFor="login-mobile" error={errors.mobile}>
        <Input
          id="login-mobile"
          value={values.mobile}
          onChange={(mobile) => set('mobile', mobile)}
          {...invalidProps('mobile', errors.mobile)}
          type="tel"
          inputMode="tel"
          autoComplete="username webauthn"
          placeholder={t('login.mobilePlaceholder')}
          clearable
        />
      </Field>
      <Field
        name="password"
        label={t('login.password')}
        htmlFor="login-password"
        error={errors.password}
        extra={
          <button
            type="button"
            className="icon-button"
            aria-label={t(showPassword ? 'login.hidePassword' : 'login.showPassword')}
            onClick={() => setShowPassword((shown) => !shown)}
          >
            {showPassword ? <EyeOutline /> : <EyeInvisibleOutline />}
          </button>
        }
      >
        <Input
          id="login-password"
          value={values.password}
          onChange={(password) => set('password', password)}
          {...invalidProps('password', errors.password)}
          type={showPassword ? 'text' : 'password'}
          autoComplete="current-password"
          placeholder={t('login.passwordPlaceholder')}
        />
      </Field>
      <Button block color="primary" size="large" type="submit" loading={signingIn} className="login-form__submit">
        {t('login.submit')}
      </Button>
      <div className="login-form__agreement" data-field="agreed">
        {/* A native checkbox: antd-mobile's Checkbox hides its <input>, so no screen reader finds it. */}
        <label className="login-form__agree">
          <input
            id="login-agreed"
            type="checkbox"
            className="login-form__checkbox"
            checked={values.agreed}
            onChange={(event) => set('agreed', event.target.checked)}
            aria-label={t('login.agreementLabel')}
            {...invalidProps('agreed', errors.agreed)}
          />
        </label>
        {/* One sentence that wraps as text does: its words label the box, its titles open the documents. */}
        <p className="login-form__agreement-text">
          {t('login.agreement', { privacy: `${MARK}privacy${MARK}`, terms: `${MARK}terms${MARK}` })
            .split(MARK)
            .map((part, i) =>
              i % 2 === 1 ? (
                <button
                  // biome-ignore lint/suspicious/noArrayIndexKey: the sentence's parts never move
                  key={i}
                  type="button"
                  className="link-button"
                  onClick={() => setReading(part as AgreementDocument)}
                >
                  {t(part === 'privacy' ? 'login.privacyTitle' : 'login.termsTitle')}
                </button>
              ) : part ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: the sentence's parts never move
                <label key={i} htmlFor="login-agreed">
                  {part}
                </label>
              ) : null,
            )}
        </p>
      </div>
      <FieldError id={errorDomId('agreed')} error={errors.agreed} />
      {/* Last, where its arrival moves nothing. */}
      {idle ? (
        <Suspense fallback={null}>
          <PasskeySignIn agreed={values.agreed} onAgreementMissing={agreementMissing} onSignedIn={signedIn} />
          <ProviderSignIn agreed={values.agreed} onAgreementMissing={agreementMissing} redirect={redirect} />
        </Suspense>
      ) : null}
      {reading ? (
        <Suspense fallback={null}>
          <AgreementPopup document={reading} onClose={() => setReading(null)} />
        </Suspense>
      ) : null}
    </form>
  );
}
