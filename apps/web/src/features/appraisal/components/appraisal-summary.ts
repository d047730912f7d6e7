import type { TFunction } from '../../../lib/i18n.ts';
import { type AppraisalOptions, labelOf } from '../api/appraisal-queries.ts';
import { type AppraisalFormValues, parseAmount } from '../appraisal-model.ts';
import { priceRange } from './result-view.tsx';

/** "Genuine · A · ¥10,000 – ¥12,000": what a confirmation dialog names before a verdict is sent. */
export function verdictSummary(t: TFunction, values: AppraisalFormValues, options: AppraisalOptions): string {
  const level = labelOf(options.stateLevel, values.state_level).split(/\s+[–-]\s+/)[0] ?? '';
  return t('appraisal:result.summary', {
    verdict: labelOf(options.isReal, values.is_real),
    level,
    price: priceRange({
      price_low: parseAmount(values.price_low) ?? 0,
      price_high: parseAmount(values.price_high) ?? 0,
      currency: values.currency,
    }),
  });
}
