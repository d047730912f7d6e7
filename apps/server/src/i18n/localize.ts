import type { I18nText, Lang } from '@jewel/contract/values/i18n';

/**
 * Where a name given in some languages only is looked for, after the reader's own language
 * (docs/decisions.md, "Catalog and banners in the reader's language"): the other Chinese script,
 * then English; last of all the name as the maker writes it.
 */
export const NAME_FALLBACK: Record<Lang, readonly Lang[]> = {
  'zh-Hans': ['zh-Hans', 'zh-Hant', 'en'],
  'zh-Hant': ['zh-Hant', 'zh-Hans', 'en'],
  en: ['en'],
  ja: ['ja', 'en'],
};

/** The first non-empty name along the reader's fallback order, else `base`. */
export function localize(names: Partial<I18nText>, lang: Lang, base: string): string {
  for (const candidate of NAME_FALLBACK[lang]) {
    const name = names[candidate];
    if (name) return name;
  }
  return base;
}
