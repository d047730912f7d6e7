import { describe, expect, it } from 'vitest';
import { ageOn } from './values/buyback.ts';

describe('a seller’s age', () => {
  it('counts whole years, a birthday counting from its day', () => {
    expect(ageOn('2008-11-26', '2026-11-26')).toBe(18);
    expect(ageOn('2008-11-27', '2026-11-26')).toBe(17);
    expect(ageOn('2008-12-01', '2026-11-26')).toBe(17);
    expect(ageOn('1990-02-28', '2026-01-01')).toBe(35);
  });
});
