import { isoDay, shopDay } from './format.ts';

/** Shop days, both ends included (`YYYY-MM-DD`). */
export interface Period {
  from: string;
  to: string;
}

export type PeriodPreset = 'today' | 'last30' | 'thisMonth' | 'lastMonth' | 'thisYear' | 'lastYear';

/** The days a preset covers, both ends included, on the shop's calendar. */
export function presetPeriod(preset: PeriodPreset, now = new Date()): Period {
  const { year, month, day } = shopDay(now);
  const today = isoDay(year, month, day);
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'last30':
      return { from: isoDay(year, month, day - 29), to: today };
    case 'thisMonth':
      return { from: isoDay(year, month, 1), to: today };
    case 'lastMonth':
      return { from: isoDay(year, month - 1, 1), to: isoDay(year, month, 0) };
    case 'thisYear':
      return { from: isoDay(year, 1, 1), to: today };
    case 'lastYear':
      return { from: isoDay(year - 1, 1, 1), to: isoDay(year - 1, 12, 31) };
  }
}

/** Which of `presets` the period is, or null for any other days. */
export function presetOfPeriod(
  presets: readonly PeriodPreset[],
  period: Period,
  now = new Date(),
): PeriodPreset | null {
  return (
    presets.find((preset) => {
      const range = presetPeriod(preset, now);
      return range.from === period.from && range.to === period.to;
    }) ?? null
  );
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The period in a page's address (`?from=…&to=…`), else the `fallback` preset. */
export function periodFromSearch(search: URLSearchParams, fallback: PeriodPreset, now = new Date()): Period {
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  if (DAY.test(from) && DAY.test(to) && from <= to) return { from, to };
  return presetPeriod(fallback, now);
}

/** 1 January, `years` years back: the earliest day a period sheet offers. */
export function firstDayYearsBack(years: number, now = new Date()): string {
  return isoDay(shopDay(now).year - years, 1, 1);
}
