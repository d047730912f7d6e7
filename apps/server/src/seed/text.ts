import type { I18nText } from '@jewel/contract/values/i18n';

/** A text in the four interface languages, in the order of LANGS: zh-Hans, zh-Hant, en, ja. */
export function t(zhHans: string, zhHant: string, en: string, ja: string): I18nText {
  return { 'zh-Hans': zhHans, 'zh-Hant': zhHant, en, ja };
}
