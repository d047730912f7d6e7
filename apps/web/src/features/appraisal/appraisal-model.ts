/**
 * The appraisal form's values and their checks, mirroring the contract's `appraisalInputSchema`
 * and `recycleSchema` (packages/contract/src/commodity.ts) without loading zod in the browser:
 * the same limits, the same refinements (price range, reason unless genuine, JPY in whole yen),
 * and the same error names, so that a client-side message and a server refusal read alike.
 */
import type { AppraisalInput, AppraisalResult, CommodityDetail } from '@jewel/contract/commodity';
import { IS_RECYCLE } from '@jewel/contract/values/commodity';
import { CURRENCIES, type Currency, isWholeCurrency } from '@jewel/contract/values/dictionary';
import { IS_REAL } from '@jewel/contract/values/information';
import { METAL_WEIGHT_MAX_G, MONEY_MAX, TEXT_MAX } from '@jewel/contract/values/limits';

export type { Currency };

/** The contract's limits of the forms' fields (`money`, `text(…)`, `metalCalcSchema`). */
export const LIMITS = {
  money: MONEY_MAX,
  weight: METAL_WEIGHT_MAX_G,
  note: TEXT_MAX.remark,
  report: TEXT_MAX.report,
  reason: TEXT_MAX.remark,
} as const;

export interface MetalCalcValues {
  weight_g: string;
  /** Fineness in thousandths (750 for 18K), as jewelers write it; the contract keeps 0.750. */
  fineness: string;
  spot_price_per_g: string;
  currency: Currency;
  /** When the spot price was entered (ISO). */
  at: string | null;
}

export interface AppraisalFormValues {
  identified_material_id: number | null;
  is_real: number | null;
  not_genuine_reason: string | null;
  not_genuine_note: string;
  state_level: string | null;
  product_status: number | null;
  price_low: string;
  price_high: string;
  expected_sale_price: string;
  currency: Currency;
  report: string;
  metal: MetalCalcValues;
}

export type AppraisalField =
  | 'identified_material_id'
  | 'is_real'
  | 'not_genuine_reason'
  | 'not_genuine_note'
  | 'state_level'
  | 'product_status'
  | 'price_low'
  | 'price_high'
  | 'expected_sale_price'
  | 'currency'
  | 'report'
  | 'metal_calc';

/** The form's fields in their order on screen: the first one in error is scrolled to. */
export const APPRAISAL_FIELDS: readonly AppraisalField[] = [
  'identified_material_id',
  'is_real',
  'not_genuine_reason',
  'not_genuine_note',
  'state_level',
  'product_status',
  'metal_calc',
  'price_low',
  'price_high',
  'expected_sale_price',
  'currency',
  'report',
];

/**
 * Why a field is wrong, as a key of the `appraisal:errors` texts; the contract's own error names
 * (`priceRangeInvalid`, `notGenuineReasonRequired`, `wholeCurrencyRequired`) among them.
 */
export type FieldProblem =
  | 'required'
  | 'chooseOne'
  | 'notANumber'
  | 'tooLarge'
  | 'tooManyDecimals'
  | 'tooLong'
  | 'priceRangeInvalid'
  | 'notGenuineReasonRequired'
  | 'wholeCurrencyRequired'
  | 'recyclePriceRequired'
  | 'finenessInvalid'
  | 'weightInvalid';

export type FieldProblems<F extends string = AppraisalField> = Partial<Record<F, FieldProblem>>;

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);
}

/** Decimals a currency is written with: none for a whole currency (yen), else 2. */
export function currencyDigits(currency: Currency): number {
  return isWholeCurrency(currency) ? 0 : 2;
}

/** Full-width digits and separators (a Japanese or Chinese keyboard) read as ASCII; grouping commas dropped. */
export function normalizeNumber(text: string): string {
  return text
    .replace(/[０-９]/g, (digit) => String.fromCharCode(digit.charCodeAt(0) - 0xfee0))
    .replace(/[．。]/g, '.')
    .replace(/[,，、\s]/g, '')
    .trim();
}

/** A non-negative decimal, or null when the text is not one. */
export function parseAmount(text: string): number | null {
  const normalized = normalizeNumber(text);
  if (!/^\d+(\.\d+)?$/.test(normalized) && !/^\.\d+$/.test(normalized)) return null;
  return Number(normalized);
}

function decimalsOf(text: string): number {
  return normalizeNumber(text).split('.')[1]?.length ?? 0;
}

/** Checks one amount of money in `currency`; empty is `required` unless `optional`. */
export function moneyProblem(text: string, currency: Currency, optional = false): FieldProblem | null {
  if (normalizeNumber(text) === '') return optional ? null : 'required';
  const amount = parseAmount(text);
  if (amount === null) return 'notANumber';
  if (amount > LIMITS.money) return 'tooLarge';
  if (isWholeCurrency(currency) && !Number.isInteger(amount)) return 'wholeCurrencyRequired';
  if (decimalsOf(text) > currencyDigits(currency)) return 'tooManyDecimals';
  return null;
}

/** Rounds to the currency's digits: what a price computed from weight and purity can be. */
export function roundMoney(amount: number, currency: Currency): number {
  const factor = 10 ** currencyDigits(currency);
  return Math.round(amount * factor) / factor;
}

/** A price written back into a field: no grouping, the currency's decimals at most. */
export function amountText(amount: number, currency: Currency): string {
  return String(roundMoney(amount, currency));
}

export interface MetalCalcResult {
  weight_g: number;
  purity: number;
  spot_price_per_g: number;
  currency: Currency;
  value: number;
}

export type MetalProblems = Partial<Record<'weight_g' | 'fineness' | 'spot_price_per_g', FieldProblem>>;

/** The calculator's inputs checked as `metalCalcSchema` does (weight > 0, purity in (0, 1], money). */
export function checkMetal(metal: MetalCalcValues): MetalProblems {
  const problems: MetalProblems = {};
  const weight = parseAmount(metal.weight_g);
  if (normalizeNumber(metal.weight_g) === '') problems.weight_g = 'required';
  else if (weight === null) problems.weight_g = 'notANumber';
  else if (weight <= 0 || weight > LIMITS.weight) problems.weight_g = 'weightInvalid';
  const fineness = parseAmount(metal.fineness);
  if (normalizeNumber(metal.fineness) === '') problems.fineness = 'required';
  else if (fineness === null) problems.fineness = 'notANumber';
  else if (fineness <= 0 || fineness > 1000) problems.fineness = 'finenessInvalid';
  const spot = moneyProblem(metal.spot_price_per_g, 'USD');
  if (spot) problems.spot_price_per_g = spot;
  return problems;
}

/** weight × purity × spot price per gram, rounded to the currency; null until every input is valid. */
export function computeMetal(metal: MetalCalcValues): MetalCalcResult | null {
  if (Object.keys(checkMetal(metal)).length > 0) return null;
  const weight_g = parseAmount(metal.weight_g) ?? 0;
  const purity = (parseAmount(metal.fineness) ?? 0) / 1000;
  const spot_price_per_g = parseAmount(metal.spot_price_per_g) ?? 0;
  const value = roundMoney(weight_g * purity * spot_price_per_g, metal.currency);
  if (value > LIMITS.money) return null;
  return { weight_g, purity, spot_price_per_g, currency: metal.currency, value };
}

/** 0.75 → "750": the purity of the catalog as the fineness jewelers write. */
export function finenessText(purity: number | null | undefined): string {
  if (purity === null || purity === undefined || !(purity > 0)) return '';
  return String(Math.round(purity * 10000) / 10);
}

/** Every check of the contract's `appraisalInputSchema`, field by field, in the form's order. */
export function checkAppraisal(values: AppraisalFormValues): FieldProblems {
  const problems: FieldProblems = {};
  if (values.is_real === null) problems.is_real = 'chooseOne';
  else if (values.is_real !== IS_REAL.genuine && !values.not_genuine_reason)
    problems.not_genuine_reason = 'notGenuineReasonRequired';
  if (values.is_real !== IS_REAL.genuine && values.not_genuine_note.trim().length > LIMITS.note)
    problems.not_genuine_note = 'tooLong';
  if (!values.state_level) problems.state_level = 'chooseOne';
  if (values.product_status === null) problems.product_status = 'chooseOne';
  const low = moneyProblem(values.price_low, values.currency);
  const high = moneyProblem(values.price_high, values.currency);
  if (low) problems.price_low = low;
  if (high) problems.price_high = high;
  if (!low && !high && (parseAmount(values.price_high) ?? 0) < (parseAmount(values.price_low) ?? 0))
    problems.price_high = 'priceRangeInvalid';
  const expected = moneyProblem(values.expected_sale_price, values.currency, true);
  if (expected) problems.expected_sale_price = expected;
  if (values.report.trim().length > LIMITS.report) problems.report = 'tooLong';
  return problems;
}

/** The request body for an appraisal action; call only when `checkAppraisal` found nothing. */
export function toAppraisalInput(values: AppraisalFormValues, version: number): AppraisalInput {
  const genuine = values.is_real === IS_REAL.genuine;
  const metal = computeMetal(values.metal);
  const expected = normalizeNumber(values.expected_sale_price);
  return {
    version,
    identified_material_id: values.identified_material_id,
    is_real: values.is_real ?? IS_REAL.undetermined,
    not_genuine_reason: genuine ? null : values.not_genuine_reason,
    not_genuine_note: genuine ? '' : values.not_genuine_note.trim(),
    state_level: (values.state_level ?? 'C') as AppraisalInput['state_level'],
    product_status: values.product_status ?? 1,
    price_low: parseAmount(values.price_low) ?? 0,
    price_high: parseAmount(values.price_high) ?? 0,
    expected_sale_price: expected === '' ? null : parseAmount(expected),
    currency: values.currency,
    report: values.report.trim(),
    metal_calc: metal ? { ...metal, at: values.metal.at ?? new Date().toISOString() } : null,
  };
}

export interface AppraisalDefaults {
  currency: Currency;
  material_id: number | null;
  product_status: number | null;
  weight_g: number | null;
  purity: number | null;
}

/**
 * What the recorder registered, as an appraisal starts from it: the material (and, from the
 * materials, its purity for the metal calculator), the weight when in grams, the shop's currency.
 */
export function registeredDefaults(
  detail: Pick<CommodityDetail, 'material' | 'weight' | 'weight_unit'>,
  materials: readonly { id: number; purity: number | null }[],
  currency: Currency,
): AppraisalDefaults {
  const material = materials.find((candidate) => candidate.id === detail.material?.id);
  return {
    currency,
    material_id: detail.material?.id ?? null,
    product_status: null,
    weight_g: detail.weight_unit === 'g' ? detail.weight : null,
    purity: material?.purity ?? null,
  };
}

/** An empty form, prefilled from what the recorder registered. */
export function emptyAppraisal(defaults: AppraisalDefaults): AppraisalFormValues {
  return {
    identified_material_id: defaults.material_id,
    is_real: null,
    not_genuine_reason: null,
    not_genuine_note: '',
    state_level: null,
    product_status: defaults.product_status,
    price_low: '',
    price_high: '',
    expected_sale_price: '',
    currency: defaults.currency,
    report: '',
    metal: {
      weight_g: defaults.weight_g && defaults.weight_g > 0 ? String(defaults.weight_g) : '',
      fineness: finenessText(defaults.purity),
      spot_price_per_g: '',
      currency: defaults.currency,
      at: null,
    },
  };
}

/** A form filled with an earlier result ("take first" in the comprehensive assessment). */
export function appraisalFromResult(result: AppraisalResult, defaults: AppraisalDefaults): AppraisalFormValues {
  const currency = isCurrency(result.currency) ? result.currency : defaults.currency;
  const base = emptyAppraisal({ ...defaults, currency, material_id: result.identified_material?.id ?? null });
  const calc = result.metal_calc;
  return {
    ...base,
    is_real: result.is_real,
    not_genuine_reason: result.not_genuine_reason,
    not_genuine_note: result.not_genuine_note,
    state_level: result.state_level,
    product_status: result.product_status,
    price_low: amountText(result.price_low, currency),
    price_high: amountText(result.price_high, currency),
    expected_sale_price: result.expected_sale_price === null ? '' : amountText(result.expected_sale_price, currency),
    report: result.report,
    metal: calc
      ? {
          weight_g: String(calc.weight_g),
          fineness: finenessText(calc.purity),
          spot_price_per_g: String(calc.spot_price_per_g),
          currency: isCurrency(calc.currency) ? calc.currency : currency,
          at: calc.at,
        }
      : base.metal,
  };
}

/** The contract's error names that are about one field of the appraisal. */
const NAMED_PROBLEMS: readonly FieldProblem[] = [
  'priceRangeInvalid',
  'notGenuineReasonRequired',
  'wholeCurrencyRequired',
  'recyclePriceRequired',
];

/**
 * A refusal's `data` (`{ field, issues: [{ field, message }] }`, decisions.md "Envelope
 * everywhere") turned into problems of the form's fields: a contract error name becomes its own
 * text; anything else is reported as `fallback` (the server's message, in the user's language).
 */
export function problemsFromRefusal<F extends string>(
  data: unknown,
  fields: readonly F[],
): { problems: Partial<Record<F, FieldProblem>>; other: Partial<Record<F, true>> } {
  const problems: Partial<Record<F, FieldProblem>> = {};
  const other: Partial<Record<F, true>> = {};
  const body = (data ?? {}) as { field?: unknown; issues?: unknown };
  const issues = Array.isArray(body.issues)
    ? (body.issues as { field?: unknown; message?: unknown }[])
    : [{ field: body.field, message: undefined }];
  for (const issue of issues) {
    if (typeof issue.field !== 'string') continue;
    // `metal_calc.value` belongs to the calculator; `price_high` is itself a field.
    const name = issue.field.split('.')[0] as F;
    if (!fields.includes(name) || problems[name] || other[name]) continue;
    const message = typeof issue.message === 'string' ? issue.message : '';
    if ((NAMED_PROBLEMS as readonly string[]).includes(message)) problems[name] = message as FieldProblem;
    else other[name] = true;
  }
  return { problems, other };
}

/** The recycle form (`recycleSchema`). */
export interface RecycleFormValues {
  is_recycle: number | null;
  price: string;
  currency: Currency;
}
export type RecycleField = 'is_recycle' | 'price' | 'currency';
export const RECYCLE_FIELDS: readonly RecycleField[] = ['is_recycle', 'price', 'currency'];

export function checkRecycle(values: RecycleFormValues): FieldProblems<RecycleField> {
  if (values.is_recycle === null) return { is_recycle: 'chooseOne' };
  if (values.is_recycle !== IS_RECYCLE.yes) return {};
  const price = moneyProblem(values.price, values.currency);
  if (price) return { price: price === 'required' ? 'recyclePriceRequired' : price };
  return {};
}
