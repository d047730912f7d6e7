import type { CustomerInput } from '@jewel/contract/customer';
import { OCCUPATION_MAX } from '@jewel/contract/values/customer';
import { TEXT_MAX } from '@jewel/contract/values/limits';
import { CUSTOMER_PHONE_PATTERN, PHONE_MAX_LENGTH } from '@jewel/contract/values/patterns';
import { useState } from 'react';
import { Field, fieldDomId, invalidProps } from '../../../components/form/field.tsx';
import { Button } from '../../../lib/antd-mobile.ts';
import { Input } from '../../../lib/input.ts';
import { isApiError } from '../../../lib/is-api-error.ts';
import { toast } from '../../../lib/toast.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import '../customer.css';

type Values = { name: string; phone: string; address: string; occupation: string; birth_date: string };
type Key = keyof Values;

const LIMITS: Record<Key, number> = {
  name: TEXT_MAX.personName,
  phone: PHONE_MAX_LENGTH,
  address: TEXT_MAX.address,
  occupation: OCCUPATION_MAX,
  birth_date: 10,
};

/** A customer's record, to create or edit; checked with the contract's rules before it is sent. */
export function CustomerForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial?: Partial<Values>;
  submitLabel: string;
  onSubmit: (body: CustomerInput) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { t } = useTranslation('customer');
  const [values, setValues] = useState<Values>({
    name: '',
    phone: '',
    address: '',
    occupation: '',
    birth_date: '',
    ...initial,
  });
  const [errors, setErrors] = useState<Partial<Record<Key, string>>>({});
  const [busy, setBusy] = useState(false);
  const set = (key: Key, value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const submit = async () => {
    const body: CustomerInput = {
      name: values.name.trim(),
      phone: values.phone.trim(),
      address: values.address.trim(),
      occupation: values.occupation.trim(),
      birth_date: values.birth_date || null,
    };
    // The contract's rules (customer.ts), checked here before the server checks them again.
    const wrong: Key[] = [];
    if (!body.name || body.name.length > LIMITS.name) wrong.push('name');
    if (!CUSTOMER_PHONE_PATTERN.test(body.phone)) wrong.push('phone');
    if ((body.address ?? '').length > LIMITS.address) wrong.push('address');
    if ((body.occupation ?? '').length > LIMITS.occupation) wrong.push('occupation');
    if (body.birth_date && !/^\d{4}-\d{2}-\d{2}$/.test(body.birth_date)) wrong.push('birth_date');
    if (wrong.length > 0) {
      const found = Object.fromEntries(wrong.map((key) => [key, t(`form.errors.${key}`)]));
      setErrors(found);
      document.getElementById(fieldDomId(Object.keys(found)[0] ?? 'name'))?.focus();
      return;
    }
    setBusy(true);
    try {
      await onSubmit(body);
    } catch (error) {
      if (!isApiError(error)) throw error;
      toast(error.message);
    } finally {
      setBusy(false);
    }
  };

  const input = (key: Key, props: { type?: string; inputMode?: 'tel'; required?: boolean } = {}) => (
    <Field
      name={key}
      label={t(`fields.${key}`)}
      required={props.required}
      error={errors[key]}
      htmlFor={fieldDomId(key)}
    >
      <Input
        id={fieldDomId(key)}
        value={values[key]}
        maxLength={LIMITS[key]}
        onChange={(value) => set(key, value)}
        type={props.type}
        inputMode={props.inputMode}
        autoComplete="off"
        {...invalidProps(key, errors[key])}
      />
    </Field>
  );

  return (
    <form
      className="customer-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {input('name', { required: true })}
      {input('phone', { type: 'tel', inputMode: 'tel', required: true })}
      {input('address')}
      {input('occupation')}
      {input('birth_date', { type: 'date' })}
      <div className="customer-form__actions">
        <Button type="button" size="large" onClick={onCancel}>
          {t('common:cancel')}
        </Button>
        <Button type="submit" color="primary" size="large" loading={busy}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
