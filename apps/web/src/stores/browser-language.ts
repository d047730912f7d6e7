import { DEFAULT_LANG, FALLBACK_LANG, type Lang } from '@jewel/contract/values/i18n';

/** One BCP 47 tag (`zh-TW`, `zh-Hant-HK`, `en-GB`, `ja`) as one of the app's languages, if any. */
function langOfTag(tag: string): Lang | null {
  const [language = '', ...rest] = tag.toLowerCase().split(/[-_]/);
  if (language === 'en') return 'en';
  if (language === 'ja') return 'ja';
  if (language !== 'zh') return null;
  if (rest.includes('hant')) return 'zh-Hant';
  if (rest.includes('hans')) return 'zh-Hans';
  // Without a script, the regions that write Traditional Chinese.
  return rest.some((part) => part === 'tw' || part === 'hk' || part === 'mo') ? 'zh-Hant' : 'zh-Hans';
}

/**
 * The language of a first visit, from the browser's preferences (`navigator.languages`, most
 * wanted first): the first one the app speaks; English (the fallback) when it speaks none of
 * them; Simplified Chinese (the default) when the browser states none.
 */
export function langFromBrowser(languages: readonly string[]): Lang {
  if (languages.length === 0) return DEFAULT_LANG;
  for (const tag of languages) {
    const lang = langOfTag(tag);
    if (lang) return lang;
  }
  return FALLBACK_LANG;
}

/** This browser's first-visit language. */
export function browserLang(): Lang {
  if (typeof navigator === 'undefined') return DEFAULT_LANG;
  const languages = navigator.languages?.length ? navigator.languages : navigator.language ? [navigator.language] : [];
  return langFromBrowser(languages);
}
