import { CURRENCIES, STATE_LEVELS } from '@jewel/contract/values/dictionary';
import { useQuery } from '@tanstack/react-query';
import type { Choice } from '../../components/choice-chip.tsx';
import { brandsOptions, categoriesOptions, materialsOptions } from '../../lib/catalog.ts';
import { useDictionaryOptions } from '../../lib/dictionary.ts';

const byId = (items: { id: number; name: string }[] | undefined): Choice[] =>
  (items ?? []).map((item) => ({ value: String(item.id), label: item.name }));

/** The dictionary's options; until it arrives, the values themselves (or `…` where a value means nothing). */
function fromDictionary(
  options: { value: string | number; label: string }[],
  fallback: readonly string[],
  placeholder?: string,
): Choice[] {
  if (options.length === 0) return fallback.map((value) => ({ value, label: placeholder ?? value }));
  return options.map((option) => ({ value: String(option.value), label: option.label }));
}

/** The choices of each filter, in the current language: the shared catalog and dictionary lookups. */
export function useLookups() {
  // Retired ones too: the items found by them name them still (issue 28 item 5).
  const brands = byId(useQuery(brandsOptions(true)).data);
  const categories = byId(useQuery(categoriesOptions(true)).data);
  const materials = byId(useQuery(materialsOptions(true)).data);
  const stateLevels = fromDictionary(useDictionaryOptions('identify_result.state_level').options, STATE_LEVELS);
  const verdicts = fromDictionary(useDictionaryOptions('identify_result.is_real').options, ['1', '2', '3'], '…');
  const currencies = fromDictionary(useDictionaryOptions('common.currency').options, CURRENCIES);
  const labelOf = (choices: Choice[], value: string | number | null | undefined) =>
    value === null || value === undefined
      ? ''
      : (choices.find((c) => c.value === String(value))?.label ?? String(value));
  return { brands, categories, materials, stateLevels, verdicts, currencies, labelOf };
}

export type Lookups = ReturnType<typeof useLookups>;
