import { CALIBRATION_DEFAULT_DAYS } from '@jewel/contract/values/calibration';
import { isoDay } from '../../lib/format.ts';
import type { Period } from './api/calibration-queries.ts';

export const PERIOD_PRESETS = ['last30', 'thisMonth', 'lastMonth', 'thisYear'] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

/** The days a preset covers, both ends included, on this phone's calendar. */
export function presetPeriod(preset: PeriodPreset, now = new Date()): Period {
  const year = now.getFullYear();
  const month = now.getMonth();
  switch (preset) {
    case 'last30':
      return { from: isoDay(new Date(year, month, now.getDate() - (CALIBRATION_DEFAULT_DAYS - 1))), to: isoDay(now) };
    case 'thisMonth':
      return { from: isoDay(new Date(year, month, 1)), to: isoDay(now) };
    case 'lastMonth':
      return { from: isoDay(new Date(year, month - 1, 1)), to: isoDay(new Date(year, month, 0)) };
    case 'thisYear':
      return { from: isoDay(new Date(year, 0, 1)), to: isoDay(now) };
  }
}

export function presetOfPeriod(period: Period, now = new Date()): PeriodPreset | null {
  return (
    PERIOD_PRESETS.find((preset) => {
      const range = presetPeriod(preset, now);
      return range.from === period.from && range.to === period.to;
    }) ?? null
  );
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The period in the page's address (`?from=…&to=…`), else the last 30 days. */
export function periodFromSearch(search: URLSearchParams, now = new Date()): Period {
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  if (DAY.test(from) && DAY.test(to) && from <= to) return { from, to };
  return presetPeriod('last30', now);
}

/** The earliest day the period sheet offers. */
export function earliestDay(now = new Date()): string {
  return isoDay(new Date(now.getFullYear() - 5, 0, 1));
}
