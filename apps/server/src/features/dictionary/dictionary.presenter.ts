import { DICTIONARY_GROUPS, type Dictionary, type DictionarySection } from '@jewel/contract/dictionary';
import type { Lang } from '@jewel/contract/values/i18n';
import { translate } from '../../i18n/messages.ts';
import type { OptionRow } from './dictionary.repository.ts';

/** The options by section and group, labels in the caller's language. */
export function presentDictionary(rows: OptionRow[], lang: Lang): Dictionary {
  // Every group is present, even one without options, so the app can rely on the shape.
  const dictionary: Dictionary = {};
  for (const section of Object.keys(DICTIONARY_GROUPS) as DictionarySection[]) {
    dictionary[section] = Object.fromEntries(DICTIONARY_GROUPS[section].map((group) => [group, []]));
  }
  for (const row of rows) {
    const [section = '', group = ''] = row.groupKey.split('.');
    const options = dictionary[section]?.[group];
    if (!options) continue;
    options.push({
      value: row.valueType === 'number' ? Number(row.value) : row.value,
      label: translate(row.label, lang),
    });
  }
  return dictionary;
}
