import { beforeAll, describe, expect, it } from 'vitest';
import en from '../locales/en/common.json';
import ja from '../locales/ja/common.json';
import zh from '../locales/zh-Hans/common.json';
import {
  formatDateTime,
  formatDay,
  formatDuration,
  formatList,
  formatMoney,
  formatNumber,
  formatRelative,
  formatTime,
} from './format.ts';
import { addTexts, changeLanguage } from './i18n.ts';

beforeAll(async () => {
  addTexts('en', 'common', en);
  addTexts('ja', 'common', ja);
  addTexts('zh-Hans', 'common', zh);
  await changeLanguage('en');
});

/** A formatted date as a reader sees it: word joiners are invisible, a no-break space is a space. */
const asRead = (text: string) => text.replace(/\u2060/g, '').replace(/\u00a0/g, ' ');

/**
 * Where a line may break inside `text`, by UAX #14: nowhere beside a word joiner (LB11) or a
 * no-break space (LB12), nor between two Latin letters or digits (LB23, LB28); anywhere else a
 * browser may break, at least in Chinese and Japanese, which break beside every ideograph.
 */
function breakOpportunities(text: string): string[] {
  const chars = [...text];
  const found: string[] = [];
  for (let i = 1; i < chars.length; i += 1) {
    const [before, after] = [chars[i - 1] ?? '', chars[i] ?? ''];
    if (before === '\u2060' || after === '\u2060' || before === '\u00a0' || after === '\u00a0') continue;
    if (/[0-9A-Za-z]/.test(before) && /[0-9A-Za-z]/.test(after)) continue;
    found.push(`${asRead(chars.slice(0, i).join(''))}|${asRead(chars.slice(i).join(''))}`);
  }
  return found;
}

/** Each language and the Intl locale the app formats it with (lib/format.ts). */
const INTL_LOCALES = [
  ['zh-Hans', 'zh-CN'],
  ['zh-Hant', 'zh-TW'],
  ['en', 'en-US'],
  ['ja', 'ja-JP'],
] as const;

describe('format', () => {
  it("a period's days as the reader writes them, never as YYYY-MM-DD (issue 29 item 5)", async () => {
    const expected = { 'zh-Hans': '2026年3月1日', 'zh-Hant': '2026年3月1日', ja: '2026/03/01', en: 'Mar 1, 2026' };
    for (const [lang, text] of Object.entries(expected) as [keyof typeof expected, string][]) {
      await changeLanguage(lang);
      expect(asRead(formatDay('2026-03-01')), lang).toBe(text);
    }
  });

  it('whole numbers as Intl writes them in every language', async () => {
    for (const [lang, locale] of INTL_LOCALES) {
      await changeLanguage(lang);
      for (const value of [0, 7, 999, 1000, 12345, 1234567, -4321, 100000000]) {
        expect(formatNumber(value), `${lang} ${value}`).toBe(new Intl.NumberFormat(locale).format(value));
      }
    }
    expect(formatNumber(12.5)).toBe(new Intl.NumberFormat('zh-CN').format(12.5));
  });

  it('a moment as Intl writes it (medium date, short time) in every language, every hour of the day', async () => {
    const moments = [
      ...Array.from({ length: 24 }, (_, hour) => new Date(2026, 0, 5, hour, 7)),
      new Date(2026, 10, 26, 18, 58),
      new Date(2026, 11, 31, 23, 59),
      new Date(2027, 8, 30, 12, 0),
    ];
    for (const [lang, locale] of INTL_LOCALES) {
      await changeLanguage(lang);
      // Traditional Chinese is written as Simplified Chinese writes it, on a 24-hour clock: never
      // zh-TW's 「清晨7:27」 (issue 29 item 5).
      const intl = new Intl.DateTimeFormat(lang === 'zh-Hant' ? 'zh-CN' : locale, {
        dateStyle: 'medium',
        timeStyle: 'short',
      });
      for (const moment of moments) {
        // Some ICU versions put a narrow no-break space before AM/PM: the same text to a reader.
        expect(asRead(formatDateTime(moment.toISOString())), `${lang} ${moment.toString()}`).toBe(
          intl.format(moment).replace(/\u202f/g, ' '),
        );
      }
    }
    expect(() => formatDateTime('not a time')).toThrow(RangeError);
  });

  it('a date or time never breaks inside itself, in any language (issue 29)', async () => {
    const moments = ['2026-11-29T09:58:00Z', '2026-01-05T23:07:00Z', '2027-09-30T12:00:00Z'];
    for (const lang of ['zh-Hans', 'zh-Hant', 'ja', 'en'] as const) {
      await changeLanguage(lang);
      for (const iso of moments) {
        for (const text of [formatDateTime(iso), formatTime(iso)]) {
          expect(text, lang).not.toMatch(/[\s\u200b](?<!\u00a0)/u);
          expect(breakOpportunities(text), `${lang} ${asRead(text)}`).toEqual([]);
        }
      }
      for (const day of ['2026-11-29', '2026-03-01', '2027-12-31']) {
        expect(breakOpportunities(formatDay(day)), `${lang} ${asRead(formatDay(day))}`).toEqual([]);
      }
    }
    // The rule's own check finds the breaks of plain text.
    expect(breakOpportunities('2026年11月29日')).toContain('2026年11月29|日');
    expect(breakOpportunities('Nov 29, 2026')).toContain('Nov| 29, 2026');
  });

  it('money carries its currency; JPY has no decimals', async () => {
    await changeLanguage('en');
    expect(formatMoney(1234.5, 'USD')).toBe('$1,234.50');
    expect(formatMoney(1234.5, 'CNY')).toBe('CN¥1,234.50');
    await changeLanguage('ja');
    expect(formatMoney(123456, 'JPY')).toMatch(/^[￥¥]123,456$/);
  });

  it('lists: commas in English, the enumeration comma in Chinese and Japanese', async () => {
    const expected = {
      en: ['Box', 'Box, Certificate', 'Box, Certificate, Card'],
      'zh-Hans': ['盒子', '盒子、证书', '盒子、证书、卡片'],
      'zh-Hant': ['盒子', '盒子、證書', '盒子、證書、卡片'],
      ja: ['箱', '箱、保証書', '箱、保証書、カード'],
    };
    const words = {
      en: ['Box', 'Certificate', 'Card'],
      'zh-Hans': ['盒子', '证书', '卡片'],
      'zh-Hant': ['盒子', '證書', '卡片'],
      ja: ['箱', '保証書', 'カード'],
    };
    for (const lang of ['en', 'zh-Hans', 'zh-Hant', 'ja'] as const) {
      await changeLanguage(lang);
      expect(
        [1, 2, 3].map((count) => formatList(words[lang].slice(0, count))),
        lang,
      ).toEqual(expected[lang]);
      expect(formatList([]), lang).toBe('');
    }
  });

  it("relative times in each language's own words", async () => {
    const now = Date.parse('2026-11-25T12:00:00Z');
    const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();
    const times = [0, 55, 5 * 60, 3 * 3600, 26 * 3600, 2 * 86400, 62 * 86400, 400 * 86400];
    const expected = {
      en: [
        'now',
        '55 seconds ago',
        '5 minutes ago',
        '3 hours ago',
        'yesterday',
        '2 days ago',
        '2 months ago',
        'last year',
      ],
      'zh-Hans': ['现在', '55秒前', '5分钟前', '3小时前', '昨天', '前天', '2个月前', '去年'],
      'zh-Hant': ['現在', '55秒前', '5分鐘前', '3小時前', '昨天', '前天', '2個月前', '去年'],
      ja: ['今', '55秒前', '5分前', '3時間前', '昨日', '一昨日', '2か月前', '昨年'],
    };
    for (const lang of ['en', 'zh-Hans', 'zh-Hant', 'ja'] as const) {
      await changeLanguage(lang);
      const said = times.map((seconds) => formatRelative(ago(seconds), now));
      expect(said.map(asRead), lang).toEqual(expected[lang]);
      // "5 minutes ago" never leaves "ago" alone on the next line (issue 29's dates, ADR 0100).
      expect(said.flatMap(breakOpportunities), lang).toEqual([]);
    }
    await changeLanguage('en');
    expect(asRead(formatRelative(new Date(now + 3 * 86400 * 1000).toISOString(), now))).toBe('in 3 days');
  });

  it('durations: seconds, minutes, hours and minutes, days and hours', async () => {
    await changeLanguage('en');
    expect(formatDuration(42)).toBe('42 s');
    expect(formatDuration(5 * 60)).toBe('5 min');
    expect(formatDuration(2 * 3600 + 15 * 60)).toBe('2 h 15 min');
    expect(formatDuration(26 * 3600)).toBe('1 d 2 h');
    await changeLanguage('zh-Hans');
    expect(formatDuration(2 * 3600 + 15 * 60)).toBe('2小时15分钟');
  });
});
