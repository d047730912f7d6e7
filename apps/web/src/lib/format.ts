import { INTL_LOCALES, type Lang } from '@jewel/contract/values/i18n';
import { useAuthStore } from '../stores/auth-store.ts';
import { currentLanguage, fixedT } from './i18n.ts';

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

/** A moment as the wall clock of a place shows it. */
interface WallClock {
  year: number;
  /** 1–12. */
  month: number;
  day: number;
  /** 0–23. */
  hour: number;
  minute: number;
}

/** One per zone, made at the first time shown (after the first paint: pages wait for their data). */
const zoneClocks = new Map<string, Intl.DateTimeFormat>();

function zoneClock(timeZone: string): Intl.DateTimeFormat {
  let clock = zoneClocks.get(timeZone);
  if (!clock) {
    // Numbers only, in a fixed locale: the parts are read, never shown.
    clock = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    zoneClocks.set(timeZone, clock);
  }
  return clock;
}

/**
 * The shop's wall clock at `date` (issue 29 item 5): its zone comes with the signed-in user; with
 * nobody signed in, or a zone this browser does not know, the phone's own clock.
 */
function shopClock(date: Date): WallClock {
  const timeZone = useAuthStore.getState().user?.time_zone;
  if (timeZone) {
    try {
      const parts: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
      for (const part of zoneClock(timeZone).formatToParts(date))
        if (part.type !== 'literal') parts[part.type] = Number(part.value);
      const { year, month, day, hour, minute } = parts;
      if (year && month && day && hour !== undefined && minute !== undefined) return { year, month, day, hour, minute };
    } catch {
      // An unknown zone (a browser older than the server's data): the phone's clock.
    }
  }
  return {
    year: date.getFullYear(),
    month: date.getMonth() + 1,
    day: date.getDate(),
    hour: date.getHours(),
    minute: date.getMinutes(),
  };
}

/** The shop's calendar day at `moment` (now by default): what "today" means at the counter. */
export function shopDay(moment = new Date()): Pick<WallClock, 'year' | 'month' | 'day'> {
  const { year, month, day } = shopClock(moment);
  return { year, month, day };
}

/**
 * A calendar day as `YYYY-MM-DD`. Months and days may run over as `Date.UTC` counts them: day 0
 * is the last day of the month before, month 0 December of the year before.
 */
export function isoDay(year: number, month: number, day: number): string {
  const date = new Date(Date.UTC(year, month - 1, day));
  return `${date.getUTCFullYear()}-${pad2(date.getUTCMonth() + 1)}-${pad2(date.getUTCDate())}`;
}

const MONTHS_EN = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A moment on the shop's clock, as Intl writes it with `dateStyle: 'medium', timeStyle: 'short'`
 * but with 24-hour times in Chinese and Japanese ("Nov 26, 2026, 6:58 PM", 「2026年11月26日 18:58」
 * in both Chinese scripts, 「2026/11/26 18:58」), written by hand: the first Intl date formatter
 * in a locale takes 65–120 ms at 4× CPU slowdown to make (ICU's patterns), the largest piece of
 * the detail page's first render. zh-TW's 12-hour clock ("清晨7:27") is not what a shop writes.
 */
export function formatDateTime(iso: string): string {
  const clock = shopClock(moment(iso));
  return unbroken(`${dayText(clock)}${currentLanguage() === 'en' ? ',' : ''} ${timeOfDay(clock)}`);
}

/**
 * A date or time held together on one line (issue 29; docs/decisions.md "Dates and times that
 * never break inside themselves"): its spaces become no-break spaces and a word joiner (U+2060)
 * stands between any two characters that are not both Latin letters or digits, since Chinese
 * and Japanese break beside every ideograph. The line still breaks before and after it.
 */
function unbroken(text: string): string {
  return text.replace(/ /g, '\u00a0').replace(/(?<=[^0-9A-Za-z\u00a0])(?=.)|(?<=.)(?=[^0-9A-Za-z\u00a0])/gsu, '\u2060');
}

/** Text copied from a page with a date in it is pasted as it reads: no word joiners, plain spaces. */
export function copiedAsRead(event: ClipboardEvent): void {
  const text = document.getSelection()?.toString() ?? '';
  if (!text.includes('\u2060') || !event.clipboardData) return;
  event.clipboardData.setData('text/plain', text.replace(/\u2060/g, '').replace(/\u00a0/g, ' '));
  event.preventDefault();
}
if (typeof document !== 'undefined') document.addEventListener('copy', copiedAsRead);

/** A calendar day as the reader writes it: 「2026年11月26日」, 「2026/11/26」, "Nov 26, 2026". */
function dayText({ year, month, day }: Pick<WallClock, 'year' | 'month' | 'day'>): string {
  switch (currentLanguage()) {
    case 'zh-Hans':
    case 'zh-Hant':
      return `${year}年${month}月${day}日`;
    case 'ja':
      return `${year}/${pad2(month)}/${pad2(day)}`;
    default:
      return `${MONTHS_EN[month - 1]} ${day}, ${year}`;
  }
}

/** A day given as `YYYY-MM-DD` (a period's ends), written as formatDateTime writes its day. */
export function formatDay(iso: string): string {
  const [year = 0, month = 1, day = 1] = iso.split('-').map(Number);
  return unbroken(dayText({ year, month, day }));
}

/** Only the time of a moment today, on the shop's clock: "2:02 PM", 「14:02」, 「14:02」. */
export function formatTime(iso: string): string {
  return unbroken(timeOfDay(shopClock(moment(iso))));
}

function moment(iso: string): Date {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) throw new RangeError(`not a time: ${iso}`);
  return date;
}

/** The time as `formatDateTime` writes it: Chinese pads the hour, Japanese does not, English has AM/PM. */
function timeOfDay({ hour, minute }: WallClock): string {
  switch (currentLanguage()) {
    case 'zh-Hans':
    case 'zh-Hant':
      return `${pad2(hour)}:${pad2(minute)}`;
    case 'ja':
      return `${hour}:${pad2(minute)}`;
    default:
      return `${hour % 12 === 0 ? 12 : hour % 12}:${pad2(minute)} ${hour < 12 ? 'AM' : 'PM'}`;
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
 * space some locales put between the number and its unit), held on one line like a date.
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
    return unbroken(tight ? text.replace(/\s+/gu, '') : text);
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
