import type { BuybackPrep } from '@jewel/contract/buyback';
import { AML_TEXT_MAX, amlVerificationRequired, type PaymentMethod } from '@jewel/contract/values/aml';

/**
 * How a buyback is paid and, when the money-laundering rule applies, the purpose of the
 * transaction (犯罪収益移転防止法 §4; docs/decisions.md "What the law asks at the counter: money
 * laundering"): precious goods paid in cash above the threshold over the visit.
 */
export interface PaymentValues {
  payment_method: PaymentMethod | null;
  transaction_purpose: string;
}
export type PaymentField = keyof PaymentValues;
export const PAYMENT_FIELDS: readonly PaymentField[] = ['payment_method', 'transaction_purpose'];
export type PaymentProblem = 'chooseOne' | 'required' | 'tooLong';

export const initialPayment = (): PaymentValues => ({ payment_method: null, transaction_purpose: '' });

/** Whether this buyback needs the verification at transaction, at the entered price and method. */
export function amlNeeded(
  prep: BuybackPrep | undefined,
  price: number | null,
  currency: string,
  method: PaymentMethod | null,
): boolean {
  if (!prep || price === null) return false;
  const before = prep.aml.visit_cash_totals[currency as keyof typeof prep.aml.visit_cash_totals] ?? 0;
  return amlVerificationRequired(prep.aml.thresholds, {
    precious: prep.aml.precious,
    paymentMethod: method,
    currency,
    visitTotal: before + price,
  });
}

/** The cash threshold of this currency, or null where the rule does not apply. */
export function amlThresholdOf(prep: BuybackPrep | undefined, currency: string): number | null {
  return prep?.aml.thresholds[currency as keyof typeof prep.aml.thresholds] ?? null;
}

export function checkPayment(values: PaymentValues, aml: boolean): Partial<Record<PaymentField, PaymentProblem>> {
  const problems: Partial<Record<PaymentField, PaymentProblem>> = {};
  if (values.payment_method === null) problems.payment_method = 'chooseOne';
  const purpose = values.transaction_purpose.trim();
  if (aml && !purpose) problems.transaction_purpose = 'required';
  else if (purpose.length > AML_TEXT_MAX.purpose) problems.transaction_purpose = 'tooLong';
  return problems;
}

/** The body's payment part: the purpose only when the rule asks for it. */
export function paymentBody(values: PaymentValues, aml: boolean) {
  return {
    payment_method: values.payment_method,
    transaction_purpose: aml ? values.transaction_purpose.trim() : '',
  };
}
