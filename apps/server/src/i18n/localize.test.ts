import { describe, expect, it } from 'vitest';
import { localize } from './localize.ts';

describe('a name in the reader’s language', () => {
  const all = { 'zh-Hans': '爱心手镯', 'zh-Hant': '愛心手鐲', en: 'Heart bangle', ja: 'ハート バングル' };

  it('is the reader’s own when given', () => {
    expect(localize(all, 'zh-Hans', 'Base')).toBe('爱心手镯');
    expect(localize(all, 'zh-Hant', 'Base')).toBe('愛心手鐲');
    expect(localize(all, 'en', 'Base')).toBe('Heart bangle');
    expect(localize(all, 'ja', 'Base')).toBe('ハート バングル');
  });

  it('falls back to the other Chinese script, then English, then the maker’s name', () => {
    expect(localize({ 'zh-Hans': '爱心手镯', en: 'Heart bangle' }, 'zh-Hant', 'Base')).toBe('爱心手镯');
    expect(localize({ 'zh-Hant': '愛心手鐲', en: 'Heart bangle' }, 'zh-Hans', 'Base')).toBe('愛心手鐲');
    expect(localize({ 'zh-Hans': '爱心手镯', en: 'Heart bangle' }, 'ja', 'Base')).toBe('Heart bangle');
    expect(localize({ ja: 'ハート バングル' }, 'zh-Hans', 'Base')).toBe('Base');
    expect(localize({ 'zh-Hans': '爱心手镯' }, 'en', 'Base')).toBe('Base');
    expect(localize({ 'zh-Hans': '爱心手镯' }, 'ja', 'Base')).toBe('Base');
    expect(localize({}, 'ja', '')).toBe('');
  });

  it('treats an empty name as none', () => {
    expect(localize({ ja: '', en: 'Heart bangle' }, 'ja', 'Base')).toBe('Heart bangle');
  });
});
