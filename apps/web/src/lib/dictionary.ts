import type { DictionaryOption } from '@jewel/contract/dictionary';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from './api-client.ts';
import { dictionaryKey } from './query-keys.ts';
import { routes } from './routes.ts';

/**
 * The server's dictionary (every group, labelled in the current language), shared by every
 * screen: one query under `['dictionary']`.
 */
export function dictionaryQuery() {
  return queryOptions({
    queryKey: dictionaryKey(),
    queryFn: ({ signal }) => call(routes.dictionary, {}, { signal, hideErrorToast: true }),
    staleTime: 10 * 60_000,
  });
}

/**
 * One group's options (`identify_product.product_status`), a labeller for its values (an empty
 * string while the dictionary loads, the value itself when it is unknown), and the query's
 * state for retrying.
 */
export function useDictionaryOptions(group: `${string}.${string}`) {
  const dictionary = useQuery(dictionaryQuery());
  const [section = '', name = ''] = group.split('.');
  const options: DictionaryOption[] = dictionary.data?.[section]?.[name] ?? [];
  const label = (value: number | string | null | undefined) =>
    value === null || value === undefined
      ? ''
      : (options.find((option) => String(option.value) === String(value))?.label ?? String(value));
  return { options, label, isPending: dictionary.isPending, isError: dictionary.isError, refetch: dictionary.refetch };
}
