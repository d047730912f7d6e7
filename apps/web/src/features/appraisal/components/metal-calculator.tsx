import { CalculatorOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { Button } from '../../../lib/antd-mobile.ts';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import type { Option } from '../api/appraisal-queries.ts';
import {
  checkMetal,
  computeMetal,
  LIMITS,
  type MetalCalcResult,
  type MetalCalcValues,
  normalizeNumber,
} from '../appraisal-model.ts';
import '../appraisal.css';
import { AmountField, CurrencyField } from './money-fields.tsx';

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

  return (
    <section className="card appraisal-section" aria-labelledby={`${form}-metal-title`} data-field="metal_calc">
      <h2 className="card__title appraisal-section__title" id={`${form}-metal-title`}>
        <CalculatorOutline aria-hidden /> {t('metal.title')}
      </h2>
      <p className="muted appraisal-section__hint">{t('metal.hint')}</p>
      <div className="appraisal-metal__inputs">
        <AmountField
          form={form}
          name="metal-weight"
          label={t('metal.weight')}
          value={value.weight_g}
          unit={t('metal.gram')}
          placeholder="0.00"
          error={problemText('weight_g', value.weight_g)}
          onChange={(weight_g) => onChange({ ...value, weight_g })}
        />
        <AmountField
          form={form}
          name="metal-fineness"
          label={t('metal.fineness')}
          value={value.fineness}
          unit={t('metal.permille')}
          placeholder="750"
          error={problemText('fineness', value.fineness)}
          onChange={(fineness) => onChange({ ...value, fineness })}
        />
      </div>
      <AmountField
        form={form}
        name="metal-spot"
        label={t('metal.spot')}
        value={value.spot_price_per_g}
        unit={t('metal.perGram', { currency: value.currency })}
        error={problemText('spot_price_per_g', value.spot_price_per_g)}
        onChange={(spot_price_per_g) =>
          onChange({ ...value, spot_price_per_g, at: spot_price_per_g ? new Date().toISOString() : null })
        }
      />
      <CurrencyField
        form={form}
        name="metal-currency"
        options={currencies}
        value={value.currency}
        onChange={(currency) => onChange({ ...value, currency })}
      />
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
