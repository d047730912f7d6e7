import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@jewel/contract/values/limits';
import { EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Input } from '../../../lib/antd-mobile.ts';
import { ApiError } from '../../../lib/api-error.ts';
import { useChangePassword } from '../api/user-center-mutations.ts';

/** The form's id, for its submit button in the page footer. */
export const PASSWORD_FORM_ID = 'user-center-password-form';

type FieldName = 'old_password' | 'password' | 'password_confirmation';
const fieldNames: FieldName[] = ['old_password', 'password', 'password_confirmation'];
const autoComplete: Record<FieldName, string> = {
  old_password: 'current-password',
  password: 'new-password',
  password_confirmation: 'new-password',
};
const labelKey: Record<FieldName, string> = {
  old_password: 'password.current',
  password: 'password.new',
  password_confirmation: 'password.confirm',
};
const placeholderKey: Record<FieldName, string> = {
  old_password: 'password.currentPlaceholder',
  password: 'password.newPlaceholder',
  password_confirmation: 'password.confirmPlaceholder',
};

function isField(value: unknown): value is FieldName {
  return typeof value === 'string' && (fieldNames as string[]).includes(value);
}

/**
 * Current, new and repeated password, checked as SPEC.md §5 says and in its order: not empty,
 * at least 6 characters, both entries equal. The server checks the same and refuses a wrong
 * current password (its message is toasted and shown under the field).
 */
export function PasswordForm({ onChanged }: { onChanged: () => void }) {
  const { t } = useTranslation('user');
  const changePassword = useChangePassword();
  const [values, setValues] = useState<Record<FieldName, string>>({
    old_password: '',
    password: '',
    password_confirmation: '',
  });
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [visible, setVisible] = useState<Record<FieldName, boolean>>({
    old_password: false,
    password: false,
    password_confirmation: false,
  });

  function check(): Partial<Record<FieldName, string>> {
    const found: Partial<Record<FieldName, string>> = {};
    const tooLong = t('password.tooLong', { max: PASSWORD_MAX_LENGTH });
    if (!values.old_password) found.old_password = t('password.currentRequired');
    else if (values.old_password.length > PASSWORD_MAX_LENGTH) found.old_password = tooLong;
    if (!values.password) found.password = t('password.empty');
    else if (values.password.length < PASSWORD_MIN_LENGTH)
      found.password = t('password.tooShort', { min: PASSWORD_MIN_LENGTH });
    else if (values.password.length > PASSWORD_MAX_LENGTH) found.password = tooLong;
    else if (values.password !== values.password_confirmation) found.password_confirmation = t('password.mismatch');
    return found;
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = check();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await changePassword.mutateAsync(values);
      onChanged();
    } catch (error) {
      // The api client has toasted the server's message; show it under its field too.
      const field = error instanceof ApiError ? (error.data as { field?: unknown } | null)?.field : undefined;
      if (error instanceof ApiError && isField(field)) setErrors({ [field]: error.message });
    }
  }

  return (
    <form id={PASSWORD_FORM_ID} className="card user-center-password" noValidate onSubmit={submit}>
      {fieldNames.map((name) => (
        <div key={name} className="user-center-password__field">
          <label className="user-center-password__label" htmlFor={`user-center-${name}`}>
            {t(labelKey[name])}
          </label>
          <div className="user-center-password__control">
            <Input
              id={`user-center-${name}`}
              value={values[name]}
              onChange={(value) => setValues((current) => ({ ...current, [name]: value }))}
              type={visible[name] ? 'text' : 'password'}
              autoComplete={autoComplete[name]}
              placeholder={t(placeholderKey[name], { min: PASSWORD_MIN_LENGTH })}
              aria-invalid={Boolean(errors[name])}
            />
            <button
              type="button"
              className="icon-button"
              aria-label={t(visible[name] ? 'password.hide' : 'password.show')}
              onClick={() => setVisible((shown) => ({ ...shown, [name]: !shown[name] }))}
            >
              {visible[name] ? <EyeOutline /> : <EyeInvisibleOutline />}
            </button>
          </div>
          {errors[name] ? (
            <p className="field-error" role="alert">
              {errors[name]}
            </p>
          ) : null}
        </div>
      ))}
      <p className="muted user-center-password__hint">{t('password.hint', { min: PASSWORD_MIN_LENGTH })}</p>
    </form>
  );
}
