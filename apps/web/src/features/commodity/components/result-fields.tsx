import type { AppraisalResult } from '@jewel/contract/commodity';
import { useDictionaryOptions } from '../../../lib/dictionary.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { FieldList } from './field-list.tsx';
import '../shared.css';
import './result-fields.css';

/** "¥12,000 – ¥15,000" in the result's currency (JPY without decimals). */
export function priceRange(result: Pick<AppraisalResult, 'price_low' | 'price_high' | 'currency'>): string {
  const low = formatMoney(result.price_low, result.currency);
  return result.price_low === result.price_high ? low : `${low} – ${formatMoney(result.price_high, result.currency)}`;
}

const GENUINE = 1;

/** An appraisal's verdict: authenticity (with the reason when not genuine), state level, prices, report. */
export function ResultFields({ result }: { result: AppraisalResult }) {
  const { t } = useTranslation('commodity');
  const isReal = useDictionaryOptions('identify_result.is_real');
  const level = useDictionaryOptions('identify_result.state_level');
  const status = useDictionaryOptions('identify_result.product_status');
  const reason = useDictionaryOptions('identify_result.not_genuine_reason');
  const genuine = result.is_real === GENUINE;
  return (
    <FieldList
      rows={[
        {
          label: t('result.isReal'),
          value: (
            <span className={genuine ? 'commodity-verdict is-genuine' : 'commodity-verdict is-doubtful'}>
              {isReal.label(result.is_real)}
            </span>
          ),
        },
        { label: t('result.notGenuineReason'), value: genuine ? null : reason.label(result.not_genuine_reason) },
        { label: t('result.notGenuineNote'), value: genuine ? null : result.not_genuine_note, block: true },
        { label: t('result.stateLevel'), value: level.label(result.state_level) },
        { label: t('result.productStatus'), value: status.label(result.product_status) },
        { label: t('result.identifiedMaterial'), value: result.identified_material?.name },
        { label: t('result.price'), value: <span className="figure commodity-price">{priceRange(result)}</span> },
        {
          label: t('result.expectedSalePrice'),
          value:
            result.expected_sale_price === null ? null : (
              <span className="figure">{formatMoney(result.expected_sale_price, result.currency)}</span>
            ),
        },
        { label: t('result.report'), value: result.report, block: true },
      ]}
    />
  );
}
