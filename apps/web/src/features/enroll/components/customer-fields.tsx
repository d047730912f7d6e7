import type { ReactNode } from 'react';
import { errorDomId, Field, fieldDomId } from '../../../components/form/field.tsx';
import { Input } from '../../../lib/input.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { type CustomerDraft, type FieldErrors, TEXT_LIMITS } from '../enroll-model.ts';
import { useErrorText } from './use-error-text.ts';

interface CustomerFieldsProps {
  value: CustomerDraft;
  onChange: (patch: Partial<CustomerDraft>) => void;
  errors: FieldErrors;
  disabled?: boolean;
  /** Under the phone: the returning customers found, or the linked one (composed by the page). */
  afterPhone?: ReactNode;
}

/** The customer of an enrollment: name, phone, address. */
export function CustomerFields({ value, onChange, errors, disabled, afterPhone }: CustomerFieldsProps) {
  const { t } = useTranslation('enroll');
  const errorText = useErrorText();
  const text = (field: keyof CustomerDraft, props: { inputMode?: 'tel'; type?: string; autoComplete?: string }) => (
    <Input
      id={fieldDomId(field)}
      value={value[field]}
      onChange={(next) => onChange({ [field]: next })}
      placeholder={t(`placeholders.${field}`)}
      maxLength={TEXT_LIMITS[field]}
      aria-invalid={errors[field] ? true : undefined}
      aria-describedby={errors[field] ? errorDomId(field) : undefined}
      disabled={disabled}
      clearable
      {...props}
    />
  );
  return (
    <section className="card form-section" aria-labelledby="enroll-customer-title">
      <h2 id="enroll-customer-title" className="enroll-section__title">
        {t('sections.customer')}
      </h2>
      <Field
        name="customer_name"
        htmlFor={fieldDomId('customer_name')}
        label={t('fields.customer_name')}
        required
        error={errorText(errors.customer_name)}
      >
        {text('customer_name', { autoComplete: 'off' })}
      </Field>
      <Field
        name="customer_phone"
        htmlFor={fieldDomId('customer_phone')}
        label={t('fields.customer_phone')}
        required
        error={errorText(errors.customer_phone)}
      >
        {text('customer_phone', { inputMode: 'tel', type: 'tel', autoComplete: 'off' })}
      </Field>
      {afterPhone}
      <Field
        name="customer_address"
        htmlFor={fieldDomId('customer_address')}
        label={t('fields.customer_address')}
        error={errorText(errors.customer_address)}
      >
        {text('customer_address', { autoComplete: 'off' })}
      </Field>
    </section>
  );
}
