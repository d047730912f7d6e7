import { describe, expect, it } from 'vitest';
import { firstDayYearsBack, periodFromSearch, presetOfPeriod, presetPeriod } from './period.ts';

describe('periods of shop days (the ledger, calibration)', () => {
  const now = new Date(2026, 10, 26);

  it('covers today, the last 30 days, whole months and years, both ends included', () => {
    expect(presetPeriod('today', now)).toEqual({ from: '2026-11-26', to: '2026-11-26' });
    expect(presetPeriod('last30', now)).toEqual({ from: '2026-10-28', to: '2026-11-26' });
    expect(presetPeriod('thisMonth', now)).toEqual({ from: '2026-11-01', to: '2026-11-26' });
    expect(presetPeriod('lastMonth', now)).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(presetPeriod('lastMonth', new Date(2026, 0, 15))).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(presetPeriod('thisYear', now)).toEqual({ from: '2026-01-01', to: '2026-11-26' });
    expect(presetPeriod('lastYear', now)).toEqual({ from: '2025-01-01', to: '2025-12-31' });
  });

  it('names the preset a period is, among the page’s own', () => {
    const ledger = ['thisMonth', 'lastMonth', 'thisYear', 'lastYear'] as const;
    expect(presetOfPeriod(ledger, { from: '2026-10-01', to: '2026-10-31' }, now)).toBe('lastMonth');
    expect(presetOfPeriod(ledger, { from: '2026-10-02', to: '2026-10-31' }, now)).toBeNull();
    expect(presetOfPeriod(ledger, { from: '2026-10-28', to: '2026-11-26' }, now)).toBeNull();
    expect(presetOfPeriod(['last30', 'thisMonth'], { from: '2026-10-28', to: '2026-11-26' }, now)).toBe('last30');
  });

  it('reads the address, else the page’s default', () => {
    expect(periodFromSearch(new URLSearchParams('from=2024-03-01&to=2024-03-31'), 'thisMonth', now)).toEqual({
      from: '2024-03-01',
      to: '2024-03-31',
    });
    for (const search of ['', 'from=2024-03-31&to=2024-03-01', 'from=x&to=2024-03-01']) {
      expect(periodFromSearch(new URLSearchParams(search), 'thisMonth', now)).toEqual({
        from: '2026-11-01',
        to: '2026-11-26',
      });
      expect(periodFromSearch(new URLSearchParams(search), 'last30', now)).toEqual({
        from: '2026-10-28',
        to: '2026-11-26',
      });
    }
  });

  it('starts the custom range on 1 January some years back', () => {
    expect(firstDayYearsBack(10, now)).toBe('2016-01-01');
  });
});
