import { PHONE_MAX_LENGTH } from '@jewel/contract/values/patterns';
import { useTranslation } from 'react-i18next';
import { Input } from '../../../lib/antd-mobile.ts';
import { type CustomerDraft, type FieldErrors, TEXT_LIMITS } from '../enroll-model.ts';
import { errorDomId, FormField, fieldDomId, useErrorText } from './form-field.tsx';

interface CustomerFieldsProps {
  value: CustomerDraft;
  onChange: (patch: Partial<CustomerDraft>) => void;
  errors: FieldErrors;
  disabled?: boolean;
}

/** The customer of an enrollment: name, phone, address. */
export function CustomerFields({ value, onChange, errors, disabled }: CustomerFieldsProps) {
  const { t } = useTranslation('enroll');
  const errorText = useErrorText();
  const text = (field: keyof CustomerDraft, props: { inputMode?: 'tel'; type?: string; autoComplete?: string }) => (
    <Input
      id={fieldDomId(field)}
      value={value[field]}
      onChange={(next) => onChange({ [field]: next })}
      placeholder={t(`placeholders.${field}`)}
      maxLength={field === 'customer_phone' ? PHONE_MAX_LENGTH : TEXT_LIMITS[field]}
      aria-invalid={errors[field] ? true : undefined}
      aria-describedby={errors[field] ? errorDomId(field) : undefined}
      disabled={disabled}
      clearable
      {...props}
    />
  );
  return (
    <section className="card enroll-section" aria-labelledby="enroll-customer-title">
      <h2 id="enroll-customer-title" className="enroll-section__title">
        {t('sections.customer')}
      </h2>
      <FormField
        path="customer_name"
        htmlFor={fieldDomId('customer_name')}
        label={t('fields.customer_name')}
        required
        error={errorText(errors.customer_name)}
      >
        {text('customer_name', { autoComplete: 'off' })}
      </FormField>
      <FormField
        path="customer_phone"
        htmlFor={fieldDomId('customer_phone')}
        label={t('fields.customer_phone')}
        required
        error={errorText(errors.customer_phone)}
      >
        {text('customer_phone', { inputMode: 'tel', type: 'tel', autoComplete: 'off' })}
      </FormField>
      <FormField
        path="customer_address"
        htmlFor={fieldDomId('customer_address')}
        label={t('fields.customer_address')}
        error={errorText(errors.customer_address)}
      >
        {text('customer_address', { autoComplete: 'off' })}
      </FormField>
    </section>
  );
}
