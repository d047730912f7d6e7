import { describe, expect, it } from 'vitest';
import { containsPattern, escapeLike, prefixPattern } from './like.ts';

describe('LIKE patterns', () => {
  it('escapes the wildcards and the escape character', () => {
    expect(escapeLike('100%_a\\b')).toBe('100\\%\\_a\\\\b');
  });

  it('leaves other text as it is', () => {
    expect(escapeLike('Cartier 卡地亚 [x] ^$.*')).toBe('Cartier 卡地亚 [x] ^$.*');
  });

  it('wraps the escaped text for "contains" and "starts with"', () => {
    expect(containsPattern('a_b')).toBe('%a\\_b%');
    expect(prefixPattern('JA%')).toBe('JA\\%%');
  });
});
