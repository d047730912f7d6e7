import type { Lang } from '@jewel/contract/values/i18n';
import { currentLanguage, fixedT } from './i18n.ts';

export const INTL_LOCALES: Record<Lang, string> = { 'zh-Hans': 'zh-CN', 'zh-Hant': 'zh-TW', en: 'en-US', ja: 'ja-JP' };

function currentLocale(): string {
  return INTL_LOCALES[currentLanguage()];
}

/** Chinese and Japanese: lists joined by 、, numbers set tight against their units. */
const cjk = (lang: Lang) => lang !== 'en';

/** Intl formatters are slow to make (a dashboard of figures made one per figure): one per locale and kind. */
const formatters = new Map<string, unknown>();
function formatter<T>(kind: string, make: (locale: string) => T): T {
  const locale = currentLocale();
  const key = `${locale} ${kind}`;
  let made = formatters.get(key) as T | undefined;
  if (made === undefined) {
    made = make(locale);
    formatters.set(key, made);
  }
  return made;
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** A day on this phone's calendar as `YYYY-MM-DD`. */
export function isoDay(date: Date): string {
  return `${date.getFullYear()}-${pad2(date.getMonth() + 1)}-${pad2(date.getDate())}`;
}

const MONTHS_EN = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Traditional Chinese names the part of the day before a 12-hour time, as ICU's zh-TW does. */
function zhHantDayPeriod(hour: number): string {
  if (hour < 5) return '凌晨';
  if (hour < 8) return '清晨';
  if (hour < 12) return '上午';
  if (hour < 13) return '中午';
  if (hour < 19) return '下午';
  return '晚上';
}

/**
 * A moment on this phone's clock as Intl writes it with `dateStyle: 'medium', timeStyle: 'short'`
 * ("Nov 26, 2026, 6:58 PM", 「2026年11月26日 18:58」, 「2026年11月26日 下午6:58」,
 * 「2026/11/26 18:58」), written by hand: the first Intl date formatter takes 65–120 ms at 4× CPU
 * slowdown to make (ICU's patterns), the largest piece of the detail page's first render.
 */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) throw new RangeError(`not a time: ${iso}`);
  const [year, month, day] = [date.getFullYear(), date.getMonth() + 1, date.getDate()];
  const [hour, minutes] = [date.getHours(), pad2(date.getMinutes())];
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  switch (currentLanguage()) {
    case 'zh-Hans':
      return `${year}年${month}月${day}日 ${pad2(hour)}:${minutes}`;
    case 'zh-Hant':
      return `${year}年${month}月${day}日 ${zhHantDayPeriod(hour)}${hour12}:${minutes}`;
    case 'ja':
      return `${year}/${pad2(month)}/${pad2(day)} ${hour}:${minutes}`;
    default:
      return `${MONTHS_EN[month - 1]} ${day}, ${year}, ${hour12}:${minutes} ${hour < 12 ? 'AM' : 'PM'}`;
  }
}

/**
 * Whole numbers (counts) are written by hand as all four languages write them, in groups of three
 * with commas: the first Intl number formatter loads the locale's number data, a long task on a
 * phone that the dashboard's figures would otherwise pay. Other numbers go through Intl.
 */
export function formatNumber(value: number): string {
  if (Number.isSafeInteger(value))
    return `${value < 0 ? '-' : ''}${String(Math.abs(value)).replace(/\B(?=(\d{3})+$)/g, ',')}`;
  return formatter('number', (locale) => new Intl.NumberFormat(locale)).format(value);
}

/** Money always with its currency; JPY has no decimals (Intl knows the digits of each currency). */
export function formatMoney(amount: number, currency: string): string {
  return formatter(
    `money ${currency}`,
    (locale) => new Intl.NumberFormat(locale, { style: 'currency', currency }),
  ).format(amount);
}

/**
 * A list of words as the language writes one: "Box, Certificate, Card" in English (Intl's unit
 * list: commas, no "and"), 「箱、保証書、カード」 in Chinese and Japanese. ICU has no list pattern
 * for the latter that holds in every version (its zh-TW lists end in 和, its unit lists have no
 * separator), so they are joined by the enumeration comma itself.
 */
export function formatList(items: readonly string[]): string {
  if (cjk(currentLanguage())) return items.join('、');
  return formatter('list', (locale) => new Intl.ListFormat(locale, { type: 'unit', style: 'short' })).format(items);
}

/**
 * "55 seconds ago", "5 minutes ago", "yesterday" for list rows, in each language's own words:
 * 「55秒前」「5分钟前」「昨天」, 「55秒前」「5分前」「昨日」 (the short forms, without the
 * space some locales put between the number and its unit).
 */
export function formatRelative(iso: string, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const tight = cjk(currentLanguage());
  const format = formatter(
    'relative',
    (locale) => new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style: tight ? 'narrow' : 'long' }),
  );
  const say = (value: number, unit: Intl.RelativeTimeFormatUnit) => {
    const text = format.format(value, unit);
    return tight ? text.replace(/\s+/gu, '') : text;
  };
  const steps: [Intl.RelativeTimeFormatUnit, number][] = [
    ['second', 60],
    ['minute', 60],
    ['hour', 24],
    ['day', 30],
    ['month', 12],
  ];
  let value = seconds;
  for (const [unit, size] of steps) {
    if (Math.abs(value) < size) return say(value, unit);
    value = Math.round(value / size);
  }
  return say(value, 'year');
}

/**
 * Durations in day, hour, minute and second (SPEC.md §9): under a day as hours and minutes
 * ("2 h 15 min"), under a minute in seconds, longer as days and hours.
 */
export function formatDuration(totalSeconds: number): string {
  const t = fixedT('common');
  const seconds = Math.max(0, Math.round(totalSeconds));
  const days = Math.floor(seconds / 86400);
  const hours = Math.floor((seconds % 86400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (seconds < 60) return t('duration.seconds', { count: seconds });
  if (days > 0) return t('duration.daysHours', { days, hours });
  if (hours > 0) return t('duration.hoursMinutes', { hours, minutes });
  return t('duration.minutes', { count: minutes });
}
