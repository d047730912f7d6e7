import type { AppraisalResult, Flow } from '@jewel/contract/commodity';
import { AGREEMENT_PRICE_TOLERANCE, verdictDifferences } from '@jewel/contract/values/agreement';
import { IS_REAL } from '@jewel/contract/values/information';
import type { CSSProperties, ReactNode } from 'react';
import { Tag } from '../../../lib/antd-mobile.ts';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { type AppraisalOptions, labelOf } from '../api/appraisal-queries.ts';

import '../appraisal.css';

/** The rows of a result, in the order both sides of a comparison show them. */
export const RESULT_ROWS = [
  'is_real',
  'state_level',
  'price',
  'expected',
  'product_status',
  'material',
  'report',
] as const;
export type ResultRow = (typeof RESULT_ROWS)[number];
/** The rows of `a` and `b` that differ by the agreement rule (the server's): verdict, state level, price. */
export function differences(a: AppraisalResult, b: AppraisalResult): Set<ResultRow> {
  return new Set<ResultRow>(verdictDifferences(a, b));
}

/** The agreement rule's price tolerance in whole per cent, for texts ("within 10 %"). */
const TOLERANCE_PERCENT = Math.round(AGREEMENT_PRICE_TOLERANCE * 100);

function samePrice(a: AppraisalResult, b: AppraisalResult): boolean {
  return a.currency === b.currency && a.price_low === b.price_low && a.price_high === b.price_high;
}

/** "¥10,000 – ¥12,000", or one amount when low and high are equal. */
export function priceRange(result: Pick<AppraisalResult, 'price_low' | 'price_high' | 'currency'>): string {
  const low = formatMoney(result.price_low, result.currency);
  if (result.price_low === result.price_high) return low;
  return `${low} – ${formatMoney(result.price_high, result.currency)}`;
}

function levelCode(label: string): string {
  return label.split(/\s+[–-]\s+/)[0] ?? label;
}

function RowValue({ row, result, options }: { row: ResultRow; result: AppraisalResult; options?: AppraisalOptions }) {
  const { t } = useTranslation('appraisal');
  switch (row) {
    case 'is_real':
      return (
        <>
          <span className={result.is_real === IS_REAL.genuine ? 'appraisal-verdict' : 'appraisal-verdict is-doubtful'}>
            {labelOf(options?.isReal, result.is_real)}
          </span>
          {result.not_genuine_reason ? (
            <span className="appraisal-result__detail">
              {labelOf(options?.notGenuineReason, result.not_genuine_reason)}
            </span>
          ) : null}
          {result.not_genuine_note ? <span className="appraisal-result__detail">{result.not_genuine_note}</span> : null}
        </>
      );
    case 'state_level': {
      const label = labelOf(options?.stateLevel, result.state_level);
      return (
        <>
          <span className="appraisal-level">{levelCode(label)}</span>
          <span className="appraisal-result__detail">
            {label.slice(levelCode(label).length).replace(/^\s*[–-]\s*/, '')}
          </span>
        </>
      );
    }
    case 'price':
      return <span className="figure">{priceRange(result)}</span>;
    case 'expected':
      return (
        <span className="figure">
          {result.expected_sale_price === null ? '—' : formatMoney(result.expected_sale_price, result.currency)}
        </span>
      );
    case 'product_status':
      return <>{labelOf(options?.productStatus, result.product_status)}</>;
    case 'material':
      return (
        <>
          {result.identified_material?.name ?? t('form.materialUnknown')}
          {result.metal_calc ? (
            <span className="appraisal-result__detail">
              {t('metal.summary', {
                weight: result.metal_calc.weight_g,
                fineness: Math.round(result.metal_calc.purity * 10000) / 10,
                spot: formatMoney(result.metal_calc.spot_price_per_g, result.metal_calc.currency),
                value: formatMoney(result.metal_calc.value, result.metal_calc.currency),
              })}
            </span>
          ) : null}
        </>
      );
    case 'report':
      return <span className="appraisal-result__report">{result.report || '—'}</span>;
  }
}

const rowLabel: Record<ResultRow, string> = {
  is_real: 'form.isReal',
  state_level: 'form.stateLevel',
  price: 'result.price',
  expected: 'form.expectedSalePrice',
  product_status: 'form.productStatus',
  material: 'form.material',
  report: 'form.report',
};

/**
 * One appraisal result as label / value rows. In a comparison, the rows that differ from the
 * other side are marked (colour and a "differs" word, not colour alone); `notes` adds a neutral
 * word to a row that does not (prices that differ within the tolerance).
 */
export function ResultCard({
  title,
  meta,
  badge,
  result,
  options,
  differs,
  notes,
  rows = RESULT_ROWS,
  className,
  style,
  compact = false,
}: {
  /** Label and value on one line (a summary above a form). */
  compact?: boolean;
  title: ReactNode;
  meta?: ReactNode;
  badge?: ReactNode;
  result: AppraisalResult;
  options?: AppraisalOptions;
  differs?: Set<ResultRow>;
  notes?: Partial<Record<ResultRow, string>>;
  rows?: readonly ResultRow[];
  className?: string;
  style?: CSSProperties;
}) {
  const { t } = useTranslation('appraisal');
  return (
    <section
      className={`card appraisal-result ${compact ? 'appraisal-result--compact' : ''} ${className ?? ''}`}
      style={style}
    >
      <header className="appraisal-result__head">
        <h3 className="appraisal-result__title">
          {title}
          {badge}
        </h3>
        {meta ? <p className="muted appraisal-result__meta">{meta}</p> : null}
      </header>
      {rows.map((row) => {
        const differ = differs?.has(row) ?? false;
        const note = differ ? null : notes?.[row];
        return (
          <div key={row} className={differ ? 'appraisal-result__row is-different' : 'appraisal-result__row'}>
            <span className="appraisal-result__label">
              {t(rowLabel[row])}
              {differ ? (
                <span className="appraisal-result__differs">
                  {row === 'price' ? t('result.priceDiffers', { percent: TOLERANCE_PERCENT }) : t('result.differs')}
                </span>
              ) : null}
              {note ? <span className="appraisal-result__note">{note}</span> : null}
            </span>
            <span className="appraisal-result__value">
              <RowValue row={row} result={result} options={options} />
            </span>
          </div>
        );
      })}
    </section>
  );
}

/** Who and when, for a result's header. */
export function flowMeta(flow: Flow): string {
  return flow.finished_at ? `${flow.valuer.name} · ${formatDateTime(flow.finished_at)}` : flow.valuer.name;
}

/**
 * The first appraisal and the reconsideration side by side (two columns from 375 px, the rows
 * aligned across them; stacked cards on narrower screens), the differences marked on both by
 * the agreement rule, whose price tolerance is named under them and on prices that differ
 * within it. Only submitted, visible results: a withheld one (blind reconsideration) is never
 * passed here.
 */
export function ResultComparison({
  first,
  second,
  options,
  secondTitle,
}: {
  first: Flow & { result: AppraisalResult };
  second: Flow & { result: AppraisalResult };
  options?: AppraisalOptions;
  secondTitle?: string;
}) {
  const { t } = useTranslation('appraisal');
  const differs = differences(first.result, second.result);
  const notes =
    differs.has('price') || samePrice(first.result, second.result)
      ? undefined
      : { price: t('result.priceWithin', { percent: TOLERANCE_PERCENT }) };
  const style = { '--appraisal-rows': RESULT_ROWS.length + 1 } as CSSProperties;
  return (
    <>
      <div className="appraisal-compare" data-testid="appraisal-compare">
        <ResultCard
          className="appraisal-compare__side"
          style={style}
          title={t('result.first')}
          meta={flowMeta(first)}
          result={first.result}
          options={options}
          differs={differs}
          notes={notes}
        />
        <ResultCard
          className="appraisal-compare__side"
          style={style}
          title={secondTitle ?? t('result.reconsideration')}
          meta={flowMeta(second)}
          badge={
            second.agrees === null ? null : (
              <Tag color={second.agrees ? 'success' : 'warning'} fill="outline" className="appraisal-result__badge">
                {second.agrees ? t('result.agrees') : t('result.disagrees')}
              </Tag>
            )
          }
          result={second.result}
          options={options}
          differs={differs}
          notes={notes}
        />
      </div>
      <p className="muted appraisal-compare__rule">{t('result.rule', { percent: TOLERANCE_PERCENT })}</p>
    </>
  );
}

/** A flow whose result may be shown: submitted and not withheld. */
export function visibleResult(flow: Flow | undefined): (Flow & { result: AppraisalResult }) | null {
  if (!flow || flow.hidden || !flow.result) return null;
  return flow as Flow & { result: AppraisalResult };
}

/** The flows of the commodity's current round, by step. */
export function currentFlows(flows: readonly Flow[], round: number) {
  const ofRound = flows.filter((flow) => flow.round === round);
  const last = (step: Flow['step']) => ofRound.filter((flow) => flow.step === step).at(-1);
  return { first: last('first'), reconsideration: last('reconsideration'), comprehensive: last('comprehensive') };
}
