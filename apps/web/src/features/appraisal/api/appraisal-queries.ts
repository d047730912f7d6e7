import type { Dictionary } from '@jewel/contract/dictionary';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { dictionaryQuery } from '../../../lib/dictionary.ts';
import { routes } from '../../../lib/routes.ts';

export interface Option<V extends string | number = string | number> {
  value: V;
  label: string;
}

/** The dictionary groups the appraisal and recycle forms choose from, labelled in the user's language. */
export interface AppraisalOptions {
  isReal: Option<number>[];
  stateLevel: Option<string>[];
  productStatus: Option<number>[];
  notGenuineReason: Option<string>[];
  currency: Option<string>[];
  isRecycle: Option<number>[];
  /** `identify_product.product_status`: what the recorder registered. */
  enrolledStatus: Option<number>[];
  accessories: Option<string>[];
  priority: Option<number>[];
}

/** The shared dictionary query, shaped for the appraisal and recycle forms. */
export function appraisalOptions() {
  return queryOptions({
    ...dictionaryQuery(),
    select: (dictionary: Dictionary): AppraisalOptions => {
      const group = (section: string, name: string) => dictionary[section]?.[name] ?? [];
      const numbers = (section: string, name: string) =>
        group(section, name).map((option) => ({ value: Number(option.value), label: option.label }));
      const strings = (section: string, name: string) =>
        group(section, name).map((option) => ({ value: String(option.value), label: option.label }));
      return {
        isReal: numbers('identify_result', 'is_real'),
        stateLevel: strings('identify_result', 'state_level'),
        productStatus: numbers('identify_result', 'product_status'),
        notGenuineReason: strings('identify_result', 'not_genuine_reason'),
        currency: strings('common', 'currency'),
        isRecycle: numbers('recycle', 'is_recycle'),
        enrolledStatus: numbers('identify_product', 'product_status'),
        accessories: strings('identify_product', 'product_accessories'),
        priority: numbers('identify_product', 'valuation_priority'),
      };
    },
  });
}

/** The label of `value` among `options`, or the value itself while the labels load. */
export function labelOf(options: readonly Option[] | undefined, value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  return options?.find((option) => option.value === value)?.label ?? String(value);
}

/** What the recycle page needs to prepare a buyback (staff recorders only; the view is recorded). */
export function buybackPrepOptions(id: number) {
  return queryOptions({
    queryKey: ['buyback', id] as const,
    queryFn: ({ signal }) => call(routes.commodityBuyback, { params: { id } }, { signal, hideErrorToast: true }),
    // Identity data: read for this page only, never kept for another.
    staleTime: 0,
    gcTime: 0,
  });
}
