import { TEXT_MAX } from '@jewel/contract/values/limits';
import type { RoleCode } from '@jewel/contract/values/roles';
import { Field } from '../../../components/form/field.tsx';
import { useForm } from '../../../components/form/use-form.ts';
import { Button } from '../../../lib/antd-mobile.ts';
import { Input } from '../../../lib/input.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { hasSession, useAuthStore } from '../../../stores/auth-store.ts';
import '../temporary.css';

interface GuestEntryProps {
  /** The role the link was made for, from its marker; null when the address does not say. */
  role: RoleCode | null;
  /** Exchanges the link for a guest session; the name is trimmed, absent when empty. */
  onEnter(name: string | undefined): void;
  entering: boolean;
}

/** Who invited the guest and as what, an optional name, and "Enter". */
export function GuestEntry({ role, onEnter, entering }: GuestEntryProps) {
  const { t } = useTranslation('temporary');
  // The name is optional: nothing to check before the server.
  const { values, set, handleSubmit } = useForm({ initial: { name: '' }, check: () => ({}) });
  const signedInAs = useAuthStore((state) => (hasSession(state) ? (state.user?.name ?? null) : null));
  const roleKey = role ?? 'unknown';

  const submit = handleSubmit(async ({ name }) => {
    if (!entering) onEnter(name.trim() || undefined);
  });

  return (
    <>
      <section className="temporary-hero">
        <img src="/icon.svg" alt="" className="temporary-hero__logo" width={56} height={56} />
        <h2 className="temporary-hero__title">{t('entry.title', { app: t('common:appName') })}</h2>
        <p className="temporary-hero__text">{t(`entry.invited.${roleKey}`)}</p>
      </section>
      <section className="card">
        <ul className="temporary-facts">
          <li>{t(`entry.scope.${roleKey}`)}</li>
          <li>{t('entry.limits')}</li>
        </ul>
      </section>
      <form className="card temporary-form" onSubmit={submit} noValidate>
        <Field
          name="name"
          htmlFor="guest-name"
          stacked
          label={
            <>
              {t('entry.name')}
              <span className="muted temporary-form__optional">{t('entry.optional')}</span>
              <span className="muted temporary-form__count figure" aria-hidden>
                {values.name.length}/{TEXT_MAX.personName}
              </span>
            </>
          }
        >
          <Input
            id="guest-name"
            className="temporary-form__input"
            value={values.name}
            onChange={(name) => set('name', name)}
            maxLength={TEXT_MAX.personName}
            autoComplete="name"
            enterKeyHint="go"
            placeholder={t('entry.namePlaceholder')}
            clearable
          />
        </Field>
        {signedInAs ? <p className="temporary-form__note">{t('entry.replacesSession', { name: signedInAs })}</p> : null}
        <Button block color="primary" size="large" type="submit" loading={entering} className="temporary-form__submit">
          {t('entry.submit')}
        </Button>
      </form>
    </>
  );
}
