import type { InformationFilter } from '@jewel/contract/information';
import { parseId } from '@jewel/contract/values/ids';
import {
  INFORMATION_ORDERS,
  INFORMATION_SORTS,
  type InformationOrder,
  type InformationSort,
} from '@jewel/contract/values/information';
import { isoDay, shopDay } from '../../lib/format.ts';

/** The data base's filter as the web app keeps it: the contract's fields, only those that narrow. */
export type Filter = InformationFilter;

export interface Sorting {
  sort: InformationSort;
  order: InformationOrder;
}

export const DEFAULT_SORTING: Sorting = { sort: 'identified_at', order: 'desc' };

const NUMBER_FIELDS = ['brand_id', 'category_id', 'product_id', 'material_id', 'is_real'] as const;
const TEXT_FIELDS = ['keyword', 'state_level', 'currency', 'identified_from', 'identified_to'] as const;
export const FILTER_FIELDS = [...NUMBER_FIELDS, ...TEXT_FIELDS] as const;
export type FilterField = (typeof FILTER_FIELDS)[number];

/** The filter in a page's query string (`?brand_id=3&state_level=A`): what the list and "add subtotal" share. */
export function filterFromSearch(search: URLSearchParams): Filter {
  const filter: Record<string, string | number> = {};
  // Ids, and `is_real`'s 1: the address's rule for ids.
  for (const field of NUMBER_FIELDS) {
    const value = parseId(search.get(field));
    if (value !== null) filter[field] = value;
  }
  for (const field of TEXT_FIELDS) {
    const value = search.get(field)?.trim();
    if (value) filter[field] = value;
  }
  return filter as Filter;
}

export function sortingFromSearch(search: URLSearchParams): Sorting {
  const sort = search.get('sort');
  const order = search.get('order');
  return {
    sort: (INFORMATION_SORTS as readonly (string | null)[]).includes(sort)
      ? (sort as InformationSort)
      : 'identified_at',
    order: (INFORMATION_ORDERS as readonly (string | null)[]).includes(order) ? (order as InformationOrder) : 'desc',
  };
}

/** The filter's fields for a query string; empty ones left out. */
export function filterQuery(filter: Filter): Record<string, string | number | undefined> {
  return Object.fromEntries(FILTER_FIELDS.map((field) => [field, filter[field] ?? undefined]));
}

export function isFiltered(filter: Filter): boolean {
  return FILTER_FIELDS.some((field) => filter[field] !== undefined);
}

export const DATE_PRESETS = ['today', 'last7', 'last30', 'thisMonth', 'thisYear'] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

/** The days a preset covers, both ends included, counted from `now` on the shop's calendar. */
export function presetRange(preset: DatePreset, now = new Date()): { from: string; to: string } {
  const { year, month, day } = shopDay(now);
  const to = isoDay(year, month, day);
  const daysAgo = (days: number) => isoDay(year, month, day - days);
  switch (preset) {
    case 'today':
      return { from: to, to };
    case 'last7':
      return { from: daysAgo(6), to };
    case 'last30':
      return { from: daysAgo(29), to };
    case 'thisMonth':
      return { from: isoDay(year, month, 1), to };
    case 'thisYear':
      return { from: isoDay(year, 1, 1), to };
  }
}

/** The preset a range is, when it is one. */
export function presetOf(from: string | undefined, to: string | undefined, now = new Date()): DatePreset | null {
  if (!from || !to) return null;
  return (
    DATE_PRESETS.find((preset) => {
      const range = presetRange(preset, now);
      return range.from === from && range.to === to;
    }) ?? null
  );
}
