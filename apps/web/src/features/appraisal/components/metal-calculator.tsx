import { CURRENCIES } from '@jewel/contract/values/dictionary';
import { CalculatorOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/form/field.tsx';
import { PickerField } from '../../../components/form/picker-field.tsx';
import { Button, Input } from '../../../lib/antd-mobile.ts';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import type { Option } from '../api/appraisal-queries.ts';
import {
  type Currency,
  checkMetal,
  computeMetal,
  LIMITS,
  type MetalCalcResult,
  type MetalCalcValues,
  normalizeNumber,
} from '../appraisal-model.ts';
import { fieldId } from '../field-id.ts';
import '../appraisal.css';

/**
 * PRODUCT.md "Appraisal flow": for precious metal, weight × purity × a spot price per gram the
 * valuer enters, kept with the time it was entered. The weight comes from the registration and
 * the purity from the material; both can be changed. "Use as estimate" fills the price range.
 */
export function MetalCalculator({
  form,
  value,
  currencies,
  onChange,
  onUse,
  error,
}: {
  form: string;
  value: MetalCalcValues;
  currencies: Option<string>[];
  onChange: (next: MetalCalcValues) => void;
  onUse: (result: MetalCalcResult) => void;
  error?: string;
}) {
  const { t } = useTranslation('appraisal');
  const [tried, setTried] = useState(false);
  const problems = checkMetal(value);
  const result = computeMetal(value);

  const problemText = (name: keyof typeof problems, text: string) => {
    const problem = problems[name];
    if (!problem || (!tried && (problem === 'required' || normalizeNumber(text) === ''))) return undefined;
    return t(`errors.${problem}`, { max: LIMITS.weight, digits: 2 });
  };

  const currencyOptions = (currencies.length ? currencies : CURRENCIES.map((code) => ({ value: code, label: code })))
    .filter((option) => (CURRENCIES as readonly string[]).includes(String(option.value)))
    .map((option) => ({ value: option.value as Currency, label: option.label }));

  return (
    <section className="card appraisal-section" aria-labelledby={`${form}-metal-title`} data-field="metal_calc">
      <h2 className="card__title appraisal-section__title" id={`${form}-metal-title`}>
        <CalculatorOutline aria-hidden /> {t('metal.title')}
      </h2>
      <p className="muted appraisal-section__hint">{t('metal.hint')}</p>
      <div className="appraisal-metal__inputs">
        <Field
          name="metal-weight"
          htmlFor={fieldId(form, 'metal-weight')}
          label={t('metal.weight')}
          error={problemText('weight_g', value.weight_g)}
        >
          <div className="appraisal-amount">
            <Input
              id={fieldId(form, 'metal-weight')}
              value={value.weight_g}
              inputMode="decimal"
              placeholder="0.00"
              onChange={(weight_g) => onChange({ ...value, weight_g })}
            />
            <span className="appraisal-amount__unit">{t('metal.gram')}</span>
          </div>
        </Field>
        <Field
          name="metal-fineness"
          htmlFor={fieldId(form, 'metal-fineness')}
          label={t('metal.fineness')}
          error={problemText('fineness', value.fineness)}
        >
          <div className="appraisal-amount">
            <Input
              id={fieldId(form, 'metal-fineness')}
              value={value.fineness}
              inputMode="decimal"
              placeholder="750"
              onChange={(fineness) => onChange({ ...value, fineness })}
            />
            <span className="appraisal-amount__unit">{t('metal.permille')}</span>
          </div>
        </Field>
      </div>
      <Field
        name="metal-spot"
        htmlFor={fieldId(form, 'metal-spot')}
        label={t('metal.spot')}
        error={problemText('spot_price_per_g', value.spot_price_per_g)}
      >
        <div className="appraisal-amount">
          <Input
            id={fieldId(form, 'metal-spot')}
            value={value.spot_price_per_g}
            inputMode="decimal"
            placeholder="0"
            onChange={(spot_price_per_g) =>
              onChange({ ...value, spot_price_per_g, at: spot_price_per_g ? new Date().toISOString() : null })
            }
          />
          <span className="appraisal-amount__unit">{t('metal.perGram', { currency: value.currency })}</span>
        </div>
      </Field>
      <Field name="metal-currency" htmlFor={fieldId(form, 'metal-currency')} label={t('form.currency')}>
        <PickerField
          id={fieldId(form, 'metal-currency')}
          label={t('form.currency')}
          options={currencyOptions}
          value={value.currency}
          placeholder={t('form.choose')}
          onChange={(currency) => currency !== null && onChange({ ...value, currency })}
        />
      </Field>
      <div className="appraisal-metal__result" aria-live="polite">
        <span className="appraisal-metal__label">{t('metal.value')}</span>
        <strong className="figure appraisal-metal__value" data-testid="metal-value">
          {result ? formatMoney(result.value, result.currency) : '—'}
        </strong>
        {result && value.at ? (
          <span className="muted appraisal-metal__at">{t('metal.at', { time: formatDateTime(value.at) })}</span>
        ) : null}
      </div>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      <Button
        block
        color="primary"
        fill="outline"
        onClick={() => {
          setTried(true);
          if (result) onUse(result);
        }}
      >
        {t('metal.use')}
      </Button>
    </section>
  );
}
