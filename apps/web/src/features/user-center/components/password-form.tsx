import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@jewel/contract/values/limits';
import { EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { Field, invalidProps } from '../../../components/form/field.tsx';
import { useForm } from '../../../components/form/use-form.ts';
import { Input } from '../../../lib/input.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useChangePassword } from '../api/user-center-mutations.ts';
import '../user-center.css';

/** The form's id, for its submit button in the page footer. */
export const PASSWORD_FORM_ID = 'user-center-password-form';

type FieldName = 'old_password' | 'password' | 'password_confirmation';
type Values = Record<FieldName, string>;
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

/**
 * Current, new and repeated password, checked as SPEC.md §5 says and in its order: not empty,
 * at least 6 characters, both entries equal. The server checks the same and refuses a wrong
 * current password (its message is toasted and shown under the field).
 */
export function PasswordForm({ onChanged }: { onChanged: () => void }) {
  const { t } = useTranslation('user');
  const changePassword = useChangePassword();
  const { values, set, errors, handleSubmit } = useForm<Values>({
    initial: { old_password: '', password: '', password_confirmation: '' },
    check: (entered) => check(entered, t),
  });
  const [visible, setVisible] = useState<Record<FieldName, boolean>>({
    old_password: false,
    password: false,
    password_confirmation: false,
  });

  // A refusal naming a field (a wrong current password) is shown under it by the form.
  const submit = handleSubmit(async (entered) => {
    await changePassword.mutateAsync(entered);
    onChanged();
  });

  return (
    <form id={PASSWORD_FORM_ID} className="card user-center-password" noValidate onSubmit={submit}>
      {fieldNames.map((name) => (
        <Field
          key={name}
          name={name}
          label={t(labelKey[name])}
          htmlFor={`user-center-${name}`}
          error={errors[name]}
          stacked
        >
          <div className="user-center-password__control">
            <Input
              id={`user-center-${name}`}
              value={values[name]}
              onChange={(value) => set(name, value)}
              type={visible[name] ? 'text' : 'password'}
              autoComplete={autoComplete[name]}
              placeholder={t(placeholderKey[name], { min: PASSWORD_MIN_LENGTH })}
              {...invalidProps(name, errors[name])}
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
        </Field>
      ))}
      <p className="muted user-center-password__hint">{t('password.hint', { min: PASSWORD_MIN_LENGTH })}</p>
    </form>
  );
}

/** SPEC.md §5's checks, in its order: not empty, at least the minimum length, both entries equal. */
function check(values: Values, t: (key: string, options?: Record<string, unknown>) => string) {
  const tooLong = t('password.tooLong', { max: PASSWORD_MAX_LENGTH });
  const errors: Partial<Record<FieldName, string>> = {};
  if (!values.old_password) errors.old_password = t('password.currentRequired');
  else if (values.old_password.length > PASSWORD_MAX_LENGTH) errors.old_password = tooLong;
  if (!values.password) errors.password = t('password.empty');
  else if (values.password.length < PASSWORD_MIN_LENGTH)
    errors.password = t('password.tooShort', { min: PASSWORD_MIN_LENGTH });
  else if (values.password.length > PASSWORD_MAX_LENGTH) errors.password = tooLong;
  else if (values.password !== values.password_confirmation) errors.password_confirmation = t('password.mismatch');
  return errors;
}
