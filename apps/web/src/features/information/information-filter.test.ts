import { describe, expect, it } from 'vitest';
import {
  filterFromSearch,
  filterQuery,
  isFiltered,
  presetOf,
  presetRange,
  sortingFromSearch,
} from './information-filter.ts';

describe('the data base filter in a query string', () => {
  it('keeps the fields that narrow, numbers as numbers, and drops the rest', () => {
    const search = new URLSearchParams('brand_id=3&is_real=1&state_level=A&keyword=%20ring%20&material_id=x&foo=1');
    const filter = filterFromSearch(search);
    expect(filter).toEqual({ brand_id: 3, is_real: 1, state_level: 'A', keyword: 'ring' });
    expect(isFiltered(filter)).toBe(true);
    expect(isFiltered(filterFromSearch(new URLSearchParams('')))).toBe(false);
    const query = filterQuery(filter);
    expect(query.brand_id).toBe(3);
    expect(query.currency).toBeUndefined();
  });

  it('reads the sort, falling back to the newest first', () => {
    expect(sortingFromSearch(new URLSearchParams('sort=price&order=asc'))).toEqual({ sort: 'price', order: 'asc' });
    expect(sortingFromSearch(new URLSearchParams('sort=name&order=up'))).toEqual({
      sort: 'identified_at',
      order: 'desc',
    });
  });
});

describe('date presets', () => {
  const now = new Date(2026, 2, 5, 14, 30);
  it('cover whole days on the phone calendar, both ends included', () => {
    expect(presetRange('today', now)).toEqual({ from: '2026-03-05', to: '2026-03-05' });
    expect(presetRange('last7', now)).toEqual({ from: '2026-02-27', to: '2026-03-05' });
    expect(presetRange('last30', now)).toEqual({ from: '2026-02-04', to: '2026-03-05' });
    expect(presetRange('thisMonth', now)).toEqual({ from: '2026-03-01', to: '2026-03-05' });
    expect(presetRange('thisYear', now)).toEqual({ from: '2026-01-01', to: '2026-03-05' });
  });

  it('recognise a range that is a preset', () => {
    expect(presetOf('2026-02-27', '2026-03-05', now)).toBe('last7');
    expect(presetOf('2026-02-26', '2026-03-05', now)).toBeNull();
    expect(presetOf(undefined, '2026-03-05', now)).toBeNull();
  });
});
