import { CURRENCIES, isWholeCurrency } from '@jewel/contract/values/dictionary';
import type { ReactNode } from 'react';
import { Field } from '../../../components/form/field.tsx';
import { PickerField } from '../../../components/form/picker-field.tsx';
import { Input } from '../../../lib/input.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { Option } from '../api/appraisal-queries.ts';
import type { Currency } from '../appraisal-model.ts';
import { fieldId } from '../field-id.ts';

/**
 * The currency of a form's amounts, chosen from the dictionary's currencies (`options`; the codes
 * themselves while it has none), as the appraisal, recycle and metal calculator forms ask for it.
 */
export function CurrencyField({
  form,
  name = 'currency',
  options,
  value,
  error,
  onChange,
}: {
  form: string;
  name?: string;
  options: Option<string>[];
  value: Currency;
  error?: string;
  onChange: (currency: Currency) => void;
}) {
  const { t } = useTranslation('appraisal');
  const choices: Option<Currency>[] = (
    options.length ? options : CURRENCIES.map((code) => ({ value: code, label: code }))
  )
    .filter((option) => (CURRENCIES as readonly string[]).includes(String(option.value)))
    .map((option) => ({ value: option.value as Currency, label: option.label }));
  return (
    <Field name={name} htmlFor={fieldId(form, name)} label={t('form.currency')} error={error}>
      <PickerField
        id={fieldId(form, name)}
        label={t('form.currency')}
        options={choices}
        value={value}
        placeholder={t('form.choose')}
        onChange={(currency) => currency !== null && onChange(currency)}
      />
    </Field>
  );
}

interface AmountProps {
  form: string;
  name: string;
  label: ReactNode;
  value: string;
  error?: string;
  hint?: string;
  /** Marked as a field the form needs (the buyback's price): the asterisk, and `aria-required` for a screen reader. */
  required?: boolean;
  onChange: (value: string) => void;
}

/** A number typed into a form, with its unit (grams, per mille) beside it. */
export function AmountField({
  form,
  name,
  label,
  value,
  unit,
  error,
  hint,
  inputMode = 'decimal',
  placeholder = '0',
  required,
  onChange,
}: AmountProps & { unit: ReactNode; inputMode?: 'decimal' | 'numeric'; placeholder?: string }) {
  return (
    <Field name={name} htmlFor={fieldId(form, name)} label={label} error={error} hint={hint} required={required}>
      <div className="appraisal-amount">
        <Input
          id={fieldId(form, name)}
          value={value}
          inputMode={inputMode}
          placeholder={placeholder}
          onChange={onChange}
          aria-invalid={Boolean(error) || undefined}
          aria-required={required || undefined}
        />
        <span className="appraisal-amount__unit">{unit}</span>
      </div>
    </Field>
  );
}

/** An amount of money in `currency`, its code beside it: a whole currency (yen) on the number pad. */
export function MoneyField({ currency, ...props }: AmountProps & { currency: Currency }) {
  return <AmountField {...props} unit={currency} inputMode={isWholeCurrency(currency) ? 'numeric' : 'decimal'} />;
}
