import type { CustomerInput } from '@jewel/contract/customer';
import { useEffect, useRef, useState } from 'react';
import { DateField } from '../../../components/form/date-field.tsx';
import { errorDomId, Field, fieldDomId, invalidProps } from '../../../components/form/field.tsx';
import { useForm } from '../../../components/form/use-form.ts';
import { Button } from '../../../lib/antd-mobile.ts';
import { isoDay, shopDay } from '../../../lib/format.ts';
import { Input } from '../../../lib/input.ts';
import { isApiError } from '../../../lib/is-api-error.ts';
import { toast } from '../../../lib/toast.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import {
  CUSTOMER_FIELDS,
  CUSTOMER_LIMITS,
  type CustomerField,
  type CustomerValues,
  checkCustomer,
  emptyCustomer,
  toCustomerInput,
} from '../customer-model.ts';
import '../customer.css';

/** A customer's record, to create or edit; checked with the contract's rules before it is sent. */
export function CustomerForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial?: Partial<CustomerValues>;
  submitLabel: string;
  onSubmit: (body: CustomerInput) => Promise<unknown>;
  onCancel: () => void;
}) {
  const { t } = useTranslation('customer');
  const { values, set, errors, handleSubmit } = useForm({
    initial: () => emptyCustomer(initial),
    // The contract's rules (customer.ts), checked here before the server checks them again.
    check: (entered: CustomerValues) => {
      const problems = checkCustomer(entered);
      return Object.fromEntries(
        CUSTOMER_FIELDS.filter((key) => problems[key]).map((key) => [
          key,
          t(problems[key] === 'characters' ? 'form.errors.characters' : `form.errors.${key}`),
        ]),
      );
    },
  });
  const [busy, setBusy] = useState(false);
  const { year, month, day } = shopDay();
  const today = isoDay(year, month, day);

  // A submit the checks refused puts the focus on the first field in error, ready to fix.
  const checked = useRef(false);
  useEffect(() => {
    if (!checked.current) return;
    checked.current = false;
    const first = CUSTOMER_FIELDS.find((key) => errors[key]);
    if (first) document.getElementById(fieldDomId(first))?.focus();
  }, [errors]);

  // The calls are made without the API client's toast: the refusal is said here, and a refusal
  // naming a field is shown under it too (useForm).
  const submit = handleSubmit(async (entered) => {
    setBusy(true);
    try {
      await onSubmit(toCustomerInput(entered));
    } catch (error) {
      if (isApiError(error)) toast(error.message);
      throw error;
    } finally {
      setBusy(false);
    }
  });

  const input = (key: CustomerField, props: { type?: string; inputMode?: 'tel'; required?: boolean } = {}) => (
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
        maxLength={CUSTOMER_LIMITS[key]}
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
        checked.current = true;
        void submit(event);
      }}
    >
      {input('name', { required: true })}
      {input('phone', { type: 'tel', inputMode: 'tel', required: true })}
      {input('address')}
      {input('occupation')}
      <Field name="birth_date" label={t('fields.birth_date')} error={errors.birth_date} group>
        <DateField
          id={fieldDomId('birth_date')}
          min="1900-01-01"
          max={today}
          value={values.birth_date}
          onChange={(next) => set('birth_date', next)}
          newestFirst
          invalid={Boolean(errors.birth_date)}
          describedBy={errors.birth_date ? errorDomId('birth_date') : undefined}
        />
      </Field>
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
