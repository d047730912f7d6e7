/**
 * The shop's rules as the shop page's form takes them, and their checks, mirroring the contract's
 * `shopRulesSchema` (packages/contract/src/shop.ts) without loading zod in the browser.
 * shop-rules-model.test.ts proves that what these checks let through, the schema accepts.
 */
import type { ShopRules } from '@jewel/contract/shop';
import { CURRENCIES, type Currency } from '@jewel/contract/values/dictionary';
import { MONEY_MAX, RETENTION_MONTHS_MAX } from '@jewel/contract/values/limits';

/** As typed: amounts and months are texts until saved; an empty threshold is "always" for that currency. */
export interface RulesValues {
  always: boolean;
  thresholds: Record<Currency, string>;
  retention_months: string;
  watch_ack_single_person: boolean;
  managers_strong_sign_in: boolean;
}

export type RulesField = 'retention_months' | `threshold_${Currency}`;
export type RulesProblems = Partial<Record<RulesField, 'months' | 'amount'>>;

/** The fields in their order on screen, for the first one in error to take the focus. */
export const RULES_FIELDS: readonly RulesField[] = [
  ...CURRENCIES.map((code) => `threshold_${code}` as const),
  'retention_months',
];

export function fromShopRules(rules: ShopRules): RulesValues {
  const thresholds = Object.fromEntries(
    CURRENCIES.map((code) => [code, rules.identity_check.thresholds[code]?.toString() ?? '']),
  ) as Record<Currency, string>;
  return {
    always: rules.identity_check.always,
    thresholds,
    retention_months: String(rules.retention_months),
    watch_ack_single_person: rules.watch_ack_single_person,
    managers_strong_sign_in: rules.managers_strong_sign_in,
  };
}

/** A whole number from `min` to `max`, typed with digits only (half- or full-width); undefined otherwise. */
function wholeNumber(typed: string, min: number, max: number): number | undefined {
  const digits = typed.trim().replace(/[０-９]/g, (digit) => String(digit.charCodeAt(0) - 0xff10));
  if (!/^\d{1,10}$/.test(digits)) return undefined;
  const value = Number(digits);
  return value >= min && value <= max ? value : undefined;
}

export function checkRules(values: RulesValues): RulesProblems {
  const problems: RulesProblems = {};
  // The amounts count only when the check is not always made: then each is empty or a whole amount.
  if (!values.always) {
    for (const code of CURRENCIES) {
      const typed = values.thresholds[code];
      if (typed.trim() !== '' && wholeNumber(typed, 0, MONEY_MAX) === undefined)
        problems[`threshold_${code}`] = 'amount';
    }
  }
  if (wholeNumber(values.retention_months, 1, RETENTION_MONTHS_MAX) === undefined) problems.retention_months = 'months';
  return problems;
}

/** The rules as the API takes them (PUT /api/shop/rules); call it on values `checkRules` passed. */
export function toShopRules(values: RulesValues): ShopRules {
  const thresholds: ShopRules['identity_check']['thresholds'] = {};
  if (!values.always) {
    for (const code of CURRENCIES) {
      const amount = wholeNumber(values.thresholds[code], 0, MONEY_MAX);
      if (amount !== undefined) thresholds[code] = amount;
    }
  }
  return {
    identity_check: { always: values.always, thresholds },
    retention_months: wholeNumber(values.retention_months, 1, RETENTION_MONTHS_MAX) ?? 0,
    watch_ack_single_person: values.watch_ack_single_person,
    managers_strong_sign_in: values.managers_strong_sign_in,
  };
}

/** Whether two sets of rules say the same, whatever the order of the currencies. */
export function sameRules(a: ShopRules, b: ShopRules): boolean {
  const thresholds = (rules: ShopRules) =>
    CURRENCIES.map((code) => rules.identity_check.thresholds[code] ?? null).join(',');
  return (
    a.identity_check.always === b.identity_check.always &&
    thresholds(a) === thresholds(b) &&
    a.retention_months === b.retention_months &&
    a.watch_ack_single_person === b.watch_ack_single_person &&
    a.managers_strong_sign_in === b.managers_strong_sign_in
  );
}
