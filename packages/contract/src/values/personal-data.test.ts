import { describe, expect, it } from 'vitest';
import { maskedNumber } from './personal-data.ts';

describe('maskedNumber (issue 29 item 7: narrow in every font)', () => {
  it('writes four ASCII asterisks before the last 4 characters, never a bullet the CJK fonts draw full-width', () => {
    expect(maskedNumber('0021')).toBe('****0021');
    expect(maskedNumber('0021')).not.toMatch(/[•・]/);
  });

  it('writes nothing when no hint is kept (a My Number card, a number removed by retention)', () => {
    expect(maskedNumber('')).toBe('');
  });
});
