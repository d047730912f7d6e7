import type { I18nText, Lang } from '@jewel/contract/values/i18n';
import { useDeferredValue, useState } from 'react';
import { matchingOptions } from '../../../components/form/search-picker.tsx';
import { Input } from '../../../lib/input.ts';

/**
 * A short list's search (categories, materials, workflows): the entries whose name in any language
 * or whose code holds what is typed, any case or width, in their order.
 */
export function useListSearch<T extends { code: string; name: I18nText }>(entries: T[] | undefined, lang: Lang) {
  const [keyword, setKeyword] = useState('');
  const searched = useDeferredValue(keyword.trim());
  const options = (entries ?? []).map((entry) => ({
    label: entry.name[lang],
    keywords: [entry.code, ...Object.values(entry.name)],
    entry,
  }));
  return { keyword, setKeyword, searched, matching: matchingOptions(options, searched).map((option) => option.entry) };
}

/** The search box above such a list. */
export function ListSearchBox({
  label,
  placeholder,
  keyword,
  onChange,
}: {
  label: string;
  placeholder: string;
  keyword: string;
  onChange: (keyword: string) => void;
}) {
  return (
    <Input
      type="search"
      enterKeyHint="search"
      aria-label={label}
      placeholder={placeholder}
      value={keyword}
      onChange={onChange}
      clearable
    />
  );
}
