import { describe, expect, it } from 'vitest';
import {
  identityCheckRequired,
  individualNumberCheckDigit,
  looksLikeIndividualNumber,
} from './values/buyback-rules.ts';

/*
 * Issue 27 items 1 and 3 (docs/decisions.md "What the law asks at the counter: identity"). The
 * check digits below were worked by hand from 番号法施行令 §8, not by the code under test.
 */
describe('an Individual Number (番号法施行令 §8)', () => {
  it('has the check digit worked by hand', () => {
    // 12345678901: from the right 1,0,9,8,7,6 × 2..7 and 5,4,3,2,1 × 2..6:
    // 2+0+36+40+42+42 + 10+12+12+10+6 = 212; 212 mod 11 = 3; 11 − 3 = 8.
    expect(individualNumberCheckDigit('12345678901')).toBe(8);
    // 00000000000: Σ = 0, r = 0 ≤ 1, digit 0.
    expect(individualNumberCheckDigit('00000000000')).toBe(0);
    // 00000000005: P1 = 5 × Q1 = 2: Σ = 10, r = 10, digit 1.
    expect(individualNumberCheckDigit('00000000005')).toBe(1);
    // 10000000000: P11 = 1 × Q11 = 6: Σ = 6, r = 6, digit 5.
    expect(individualNumberCheckDigit('10000000000')).toBe(5);
    // 00000100000: P6 = 1 × Q6 = 7: Σ = 7, r = 7, digit 4.
    expect(individualNumberCheckDigit('00000100000')).toBe(4);
    // 00001000000: P7 = 1 × Q7 = 2: Σ = 2, r = 2, digit 9.
    expect(individualNumberCheckDigit('00001000000')).toBe(9);
    // 00000000006: 6 × 2 = 12, r = 1 ≤ 1, digit 0.
    expect(individualNumberCheckDigit('00000000006')).toBe(0);
  });

  it('is 12 digits with a valid check digit, spaces and hyphens removed', () => {
    expect(looksLikeIndividualNumber('123456789018')).toBe(true);
    expect(looksLikeIndividualNumber('1234 5678 9018')).toBe(true);
    expect(looksLikeIndividualNumber('1234-5678-9018')).toBe(true);
    expect(looksLikeIndividualNumber('１２３４５６７８９０１８')).toBe(true);
    expect(looksLikeIndividualNumber('100000000005')).toBe(true);
    expect(looksLikeIndividualNumber('123456789010')).toBe(false);
    expect(looksLikeIndividualNumber('12345678901')).toBe(false);
    expect(looksLikeIndividualNumber('1234567890188')).toBe(false);
    expect(looksLikeIndividualNumber('A23456789018')).toBe(false);
    expect(looksLikeIndividualNumber('')).toBe(false);
  });
});

describe('when the identity check is needed', () => {
  const rule = { always: false, thresholds: { CNY: 5000, JPY: 10000 } };
  it('counts the visit, this buyback included (item 3)', () => {
    expect(identityCheckRequired(rule, 6000, 'JPY')).toBe(false);
    expect(identityCheckRequired(rule, 6000, 'JPY', { visitTotal: 0 })).toBe(false);
    expect(identityCheckRequired(rule, 6000, 'JPY', { visitTotal: 6000 })).toBe(true);
    expect(identityCheckRequired(rule, 3999, 'JPY', { visitTotal: 6000 })).toBe(false);
    expect(identityCheckRequired(rule, 4000, 'JPY', { visitTotal: 6000 })).toBe(true);
  });
  it('checks the goods flagged at any price whatever the amount (item 2)', () => {
    expect(identityCheckRequired(rule, 3000, 'CNY', { anyPrice: true })).toBe(true);
    expect(identityCheckRequired(rule, 9999, 'JPY', { anyPrice: true })).toBe(true);
    expect(identityCheckRequired(rule, 0, 'JPY', { anyPrice: true })).toBe(true);
    expect(identityCheckRequired(rule, 9999, 'JPY', { anyPrice: false })).toBe(false);
    expect(identityCheckRequired(rule, 1, 'USD')).toBe(true);
  });
});
