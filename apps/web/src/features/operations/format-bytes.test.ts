import { describe, expect, it } from 'vitest';
import { formatBytes } from './format-bytes.ts';

describe('formatBytes', () => {
  it('sizes in units of 1,024, one decimal at most, in the reader’s language', () => {
    expect([0, 512, 1536, 3.4 * 1024 * 1024, 5 * 1024 ** 3].map((bytes) => formatBytes(bytes, 'en'))).toEqual([
      '0 bytes',
      '512 bytes',
      '1.5 kB',
      '3.4 MB',
      '5 GB',
    ]);
    expect(formatBytes(3.4 * 1024 * 1024, 'ja')).toBe('3.4 MB');
  });
});
