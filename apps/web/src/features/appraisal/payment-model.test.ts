import type { BuybackPrep } from '@jewel/contract/buyback';
import { describe, expect, it } from 'vitest';
import { amlNeeded, checkPayment, paymentBody } from './payment-model.ts';

/** 犯罪収益移転防止法 §4 with 施行令 §7(1): cash ABOVE 2,000,000 JPY for precious goods, over the visit. */
const prep = (precious: boolean, visit: Partial<Record<'JPY' | 'CNY', number>> = {}) =>
  ({ aml: { precious, thresholds: { JPY: 2_000_000 }, visit_cash_totals: visit } }) as BuybackPrep;

describe('the money-laundering rule on the recycle page', () => {
  it('asks at 2,000,001 JPY in cash for precious goods, not at 2,000,000', () => {
    expect(amlNeeded(prep(true), 2_000_000, 'JPY', 'cash')).toBe(false);
    expect(amlNeeded(prep(true), 2_000_001, 'JPY', 'cash')).toBe(true);
  });
  it('not for a bank transfer, goods that are not precious, CNY, or before a price', () => {
    expect(amlNeeded(prep(true), 5_000_000, 'JPY', 'bank_transfer')).toBe(false);
    expect(amlNeeded(prep(false), 5_000_000, 'JPY', 'cash')).toBe(false);
    expect(amlNeeded(prep(true), 5_000_000, 'CNY', 'cash')).toBe(false);
    expect(amlNeeded(prep(true), null, 'JPY', 'cash')).toBe(false);
  });
  it("counts the visit's cash so far", () => {
    expect(amlNeeded(prep(true, { JPY: 1_500_000 }), 500_000, 'JPY', 'cash')).toBe(false);
    expect(amlNeeded(prep(true, { JPY: 1_500_000 }), 500_001, 'JPY', 'cash')).toBe(true);
  });
  it('needs a method always and the purpose only when the rule applies', () => {
    expect(checkPayment({ payment_method: null, transaction_purpose: '' }, false)).toEqual({
      payment_method: 'chooseOne',
    });
    expect(checkPayment({ payment_method: 'cash', transaction_purpose: '  ' }, true)).toEqual({
      transaction_purpose: 'required',
    });
    expect(paymentBody({ payment_method: 'cash', transaction_purpose: ' Investment ' }, true)).toEqual({
      payment_method: 'cash',
      transaction_purpose: 'Investment',
    });
    expect(paymentBody({ payment_method: 'cash', transaction_purpose: 'typed' }, false).transaction_purpose).toBe('');
  });
});
