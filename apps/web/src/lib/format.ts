import type { Lang } from '@jewel/contract/i18n';
import { i18next } from './i18n.ts';

const intlLocale: Record<Lang, string> = { 'zh-Hans': 'zh-CN', 'zh-Hant': 'zh-TW', en: 'en-US', ja: 'ja-JP' };

function currentLocale(): string {
  return intlLocale[(i18next.language as Lang) ?? 'zh-Hans'] ?? 'en-US';
}

export function formatDateTime(iso: string): string {
  return new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

export function formatNumber(value: number): string {
  return new Intl.NumberFormat(currentLocale()).format(value);
}

/** Money always with its currency; JPY has no decimals (Intl knows the digits of each currency). */
export function formatMoney(amount: number, currency: string): string {
  return new Intl.NumberFormat(currentLocale(), { style: 'currency', currency }).format(amount);
}

/** "Just now", "5 minutes ago", "yesterday": for list rows. */
export function formatRelative(iso: string, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const format = new Intl.RelativeTimeFormat(currentLocale(), { numeric: 'auto' });
  const steps: [Intl.RelativeTimeFormatUnit, number][] = [
    ['second', 60],
    ['minute', 60],
    ['hour', 24],
    ['day', 30],
    ['month', 12],
  ];
  let value = seconds;
  for (const [unit, size] of steps) {
    if (Math.abs(value) < size) return format.format(value, unit);
    value = Math.round(value / size);
  }
  return format.format(value, 'year');
}

/**
 * Durations in day, hour, minute and second (SPEC.md §9): under a day as hours and minutes
 * ("2 h 15 min"), under a minute in seconds, longer as days and hours.
 */
export function formatDuration(totalSeconds: number): string {
  const t = i18next.getFixedT(null, 'common');
  const seconds = Math.max(0, Math.round(totalSeconds));
  const days = Math.floor(seconds / 86400);
  const hours = Math.floor((seconds % 86400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (seconds < 60) return t('duration.seconds', { count: seconds });
  if (days > 0) return t('duration.daysHours', { days, hours });
  if (hours > 0) return t('duration.hoursMinutes', { hours, minutes });
  return t('duration.minutes', { count: minutes });
}
