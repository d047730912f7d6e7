import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../locales/en/common.json';
import ja from '../locales/ja/common.json';
import zh from '../locales/zh-Hans/common.json';
import { formatDuration, formatMoney, formatNumber } from './format.ts';

beforeAll(async () => {
  await i18next.init({
    lng: 'en',
    resources: { en: { common: en }, ja: { common: ja }, 'zh-Hans': { common: zh } },
    interpolation: { escapeValue: false },
  });
});

describe('format', () => {
  it('whole numbers as Intl writes them in every language', async () => {
    for (const [lang, locale] of [
      ['zh-Hans', 'zh-CN'],
      ['zh-Hant', 'zh-TW'],
      ['en', 'en-US'],
      ['ja', 'ja-JP'],
    ]) {
      await i18next.changeLanguage(lang);
      for (const value of [0, 7, 999, 1000, 12345, 1234567, -4321, 100000000]) {
        expect(formatNumber(value), `${lang} ${value}`).toBe(new Intl.NumberFormat(locale).format(value));
      }
    }
    expect(formatNumber(12.5)).toBe(new Intl.NumberFormat('zh-CN').format(12.5));
  });

  it('money carries its currency; JPY has no decimals', async () => {
    await i18next.changeLanguage('en');
    expect(formatMoney(1234.5, 'USD')).toBe('$1,234.50');
    expect(formatMoney(1234.5, 'CNY')).toBe('CN¥1,234.50');
    await i18next.changeLanguage('ja');
    expect(formatMoney(123456, 'JPY')).toMatch(/^[￥¥]123,456$/);
  });

  it('durations: seconds, minutes, hours and minutes, days and hours', async () => {
    await i18next.changeLanguage('en');
    expect(formatDuration(42)).toBe('42 s');
    expect(formatDuration(5 * 60)).toBe('5 min');
    expect(formatDuration(2 * 3600 + 15 * 60)).toBe('2 h 15 min');
    expect(formatDuration(26 * 3600)).toBe('1 d 2 h');
    await i18next.changeLanguage('zh-Hans');
    expect(formatDuration(2 * 3600 + 15 * 60)).toBe('2小时15分钟');
  });
});
