// The phone is in Paris (UTC+1 in winter); set before any date is made.
process.env.TZ = 'Europe/Paris';

import type { UserInfo } from '@jewel/contract/user';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../locales/en/common.json';
import { useAuthStore } from '../stores/auth-store.ts';
import { formatDateTime, formatTime, shopDay } from './format.ts';
import { addTexts, changeLanguage } from './i18n.ts';
import { presetPeriod } from './period.ts';

/**
 * Issue 29 item 5: times and days are the shop's, wherever the phone is. A shop in Tokyo
 * (UTC+9) read from a phone in Paris: at 23:30 in Tokyo the phone says 15:30 the same day, at
 * 00:30 in Tokyo it is still the day before in Paris. The expected texts are written out here.
 */

const TOKYO_23_30 = '2026-11-27T14:30:00Z';
const TOKYO_00_30 = '2026-11-27T15:30:00Z';
/** 00:30 on 1 December in Tokyo, 16:30 on 30 November in Paris. */
const TOKYO_NEW_MONTH = '2026-11-30T15:30:00Z';

function signInAt(timeZone: string | null) {
  if (!timeZone) return useAuthStore.getState().clear();
  const user = { id: 7, name: 'Sato', is_tmp: 0, time_zone: timeZone } as UserInfo;
  useAuthStore.getState().signIn({ token: 't', refresh_token: 'r', expires_in: 900, user });
}

beforeAll(() => addTexts('en', 'common', en));
afterAll(() => signInAt(null));

/** A formatted moment as a reader sees it: word joiners are invisible, a no-break space is a space. */
const asRead = (text: string) => text.replace(/\u2060/g, '').replace(/\u00a0/g, ' ');

describe("the shop's clock on a phone elsewhere", () => {
  it('the phone is in Paris', () => {
    expect(new Date(TOKYO_00_30).getHours()).toBe(16);
    expect(new Date(TOKYO_00_30).getDate()).toBe(27);
  });

  it('writes each moment on the shop’s clock, 24-hour in Chinese and Japanese', async () => {
    signInAt('Asia/Tokyo');
    const expected = {
      en: ['Nov 27, 2026, 11:30 PM', 'Nov 28, 2026, 12:30 AM'],
      'zh-Hans': ['2026年11月27日 23:30', '2026年11月28日 00:30'],
      'zh-Hant': ['2026年11月27日 23:30', '2026年11月28日 00:30'],
      ja: ['2026/11/27 23:30', '2026/11/28 0:30'],
    };
    // Only the time, as the identity check reused from earlier today says it.
    const times = { en: '12:30 AM', 'zh-Hans': '00:30', 'zh-Hant': '00:30', ja: '0:30' };
    for (const lang of ['en', 'zh-Hans', 'zh-Hant', 'ja'] as const) {
      await changeLanguage(lang);
      expect([formatDateTime(TOKYO_23_30), formatDateTime(TOKYO_00_30)].map(asRead), lang).toEqual(expected[lang]);
      expect(asRead(formatTime(TOKYO_00_30)), lang).toBe(times[lang]);
    }
    await changeLanguage('en');
  });

  it("counts today, this month and last month on the shop's calendar", () => {
    signInAt('Asia/Tokyo');
    expect(shopDay(new Date(TOKYO_23_30))).toEqual({ year: 2026, month: 11, day: 27 });
    expect(shopDay(new Date(TOKYO_00_30))).toEqual({ year: 2026, month: 11, day: 28 });
    expect(presetPeriod('today', new Date(TOKYO_23_30))).toEqual({ from: '2026-11-27', to: '2026-11-27' });
    expect(presetPeriod('today', new Date(TOKYO_00_30))).toEqual({ from: '2026-11-28', to: '2026-11-28' });
    const newMonth = new Date(TOKYO_NEW_MONTH);
    expect(presetPeriod('thisMonth', newMonth)).toEqual({ from: '2026-12-01', to: '2026-12-01' });
    expect(presetPeriod('lastMonth', newMonth)).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(presetPeriod('last30', newMonth)).toEqual({ from: '2026-11-02', to: '2026-12-01' });
  });

  it("with nobody signed in, or a zone the browser does not know, the phone's own clock", async () => {
    await changeLanguage('en');
    signInAt(null);
    expect(asRead(formatDateTime(TOKYO_00_30))).toBe('Nov 27, 2026, 4:30 PM');
    expect(presetPeriod('today', new Date(TOKYO_00_30))).toEqual({ from: '2026-11-27', to: '2026-11-27' });
    signInAt('Nowhere/Else');
    expect(asRead(formatDateTime(TOKYO_00_30))).toBe('Nov 27, 2026, 4:30 PM');
  });
});
