import { describe, expect, it } from 'vitest';
import { isCertifiable } from './certificate-rules.ts';

describe('which items get a certificate', () => {
  it('an item with its final result: identified, bought or returned', () => {
    for (const status of [70, 80, 90]) expect(isCertifiable({ status, result: {} })).toBe(true);
  });
  it('not before a final result, nor in a new round after a re-assessment', () => {
    for (const status of [10, 20, 30, 35, 40, 50, 60]) expect(isCertifiable({ status, result: null })).toBe(false);
    expect(isCertifiable({ status: 70, result: null })).toBe(false);
  });
});
