/** The interface languages, in the order the app offers them. zh-Hans is the default. */
export const LANGS = ['zh-Hans', 'zh-Hant', 'en', 'ja'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'zh-Hans';
export const FALLBACK_LANG: Lang = 'en';

/** Each language's locale for Intl (numbers, dates, words), on the server and in the web app alike. */
export const INTL_LOCALES: Record<Lang, string> = { 'zh-Hans': 'zh-CN', 'zh-Hant': 'zh-TW', en: 'en-US', ja: 'ja-JP' };

/** The `lang` header the web app sends for each language (PRODUCT.md "Calls"). */
export const LANG_HEADER: Record<Lang, string> = {
  'zh-Hans': 'zh_CN',
  'zh-Hant': 'zh_TW',
  en: 'en',
  ja: 'ja',
};

const headerAliases = new Map<string, Lang>(
  Object.entries<Lang>({
    zh_cn: 'zh-Hans',
    'zh-cn': 'zh-Hans',
    zh: 'zh-Hans',
    'zh-hans': 'zh-Hans',
    zh_tw: 'zh-Hant',
    'zh-tw': 'zh-Hant',
    zh_hk: 'zh-Hant',
    'zh-hk': 'zh-Hant',
    'zh-hant': 'zh-Hant',
    en: 'en',
    en_us: 'en',
    'en-us': 'en',
    ja: 'ja',
    ja_jp: 'ja',
    'ja-jp': 'ja',
  }),
);

/**
 * Reads a `lang` header value; anything unknown, absent or not one text (a repeated header)
 * falls back to English. A Map, so that `__proto__` or `constructor` is just unknown.
 */
export function langFromHeader(value: unknown): Lang {
  if (typeof value !== 'string') return FALLBACK_LANG;
  return headerAliases.get(value.trim().toLowerCase()) ?? FALLBACK_LANG;
}

/** A text kept in all four languages, as the database stores labels and names. */
export type I18nText = Record<Lang, string>;
