import { describe, expect, it } from 'vitest';
import { ageOn, normalizeMark } from './values/buyback.ts';

describe('watch-list marks', () => {
  it('compare serials and engravings without case, spaces, punctuation or full-width forms', () => {
    expect(normalizeMark('ab-12 34')).toBe('AB1234');
    expect(normalizeMark('ＡＢ－１２３４')).toBe('AB1234');
    expect(normalizeMark(' T&C 18K.')).toBe('TC18K');
    expect(normalizeMark('刻印・ひろし')).toBe('刻印ひろし');
    expect(normalizeMark('--')).toBe('');
  });
});

describe('a seller’s age', () => {
  it('counts whole years, a birthday counting from its day', () => {
    expect(ageOn('2008-11-26', '2026-11-26')).toBe(18);
    expect(ageOn('2008-11-27', '2026-11-26')).toBe(17);
    expect(ageOn('2008-12-01', '2026-11-26')).toBe(17);
    expect(ageOn('1990-02-28', '2026-01-01')).toBe(35);
  });
});
