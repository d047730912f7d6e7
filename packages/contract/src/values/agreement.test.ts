import { describe, expect, it } from 'vitest';
import { type AgreementField, type VerdictForAgreement, verdictDifferences, verdictsAgree } from './agreement.ts';

const FIRST: VerdictForAgreement = {
  is_real: 1,
  state_level: 'A',
  currency: 'CNY',
  price_low: 20000,
  price_high: 24000,
};

/**
 * PRODUCT.md's rule written out by hand: the second verdict (changes to the first), and the
 * fields that differ. The first's price middle is 22,000; 10 % of the larger middle is the limit.
 */
const TABLE: [string, Partial<VerdictForAgreement>, AgreementField[]][] = [
  ['the same verdict', {}, []],
  ['another range with the same middle', { price_low: 21000, price_high: 23000 }, []],
  // Middles 22,000 and 24,000: 2,000 ≤ 2,400 (10 % of 24,000).
  ['prices 9 % apart (the bug: marked "different" while agreeing)', { price_low: 22000, price_high: 26000 }, []],
  // Middles 22,000 and 19,800: 2,200 ≤ 2,200.
  ['a lower price exactly 10 % of the larger below', { price_low: 19800, price_high: 19800 }, []],
  ['a lower price just over 10 % below', { price_low: 19799, price_high: 19799 }, ['price']],
  ['prices 20 % apart', { price_low: 27000, price_high: 28000 }, ['price']],
  ['the same figures in another currency', { currency: 'USD' }, ['price']],
  ['another state level', { state_level: 'AB' }, ['state_level']],
  ['another authenticity', { is_real: 2 }, ['is_real']],
  ['everything different', { is_real: 3, state_level: 'B', currency: 'JPY' }, ['is_real', 'state_level', 'price']],
];

describe('verdict agreement', () => {
  it.each(TABLE)('%s', (_name, change, differs) => {
    const second = { ...FIRST, ...change };
    expect(verdictDifferences(FIRST, second)).toEqual(differs);
    expect(verdictDifferences(second, FIRST)).toEqual(differs);
    expect(verdictsAgree(FIRST, second)).toBe(differs.length === 0);
  });

  it('lets two zero prices agree', () => {
    const zero = { ...FIRST, price_low: 0, price_high: 0 };
    expect(verdictDifferences(zero, zero)).toEqual([]);
    expect(verdictDifferences(zero, { ...zero, price_high: 1 })).toEqual(['price']);
  });
});
