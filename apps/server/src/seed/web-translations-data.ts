import type { Lang } from '@jewel/contract/values/i18n';

/** Operator overrides of the web app's texts: `{ 'namespace:key': text }` per language. */
export const WEB_TRANSLATIONS: Record<Lang, Record<string, string>> = {
  'zh-Hans': { 'common:appName': '珠宝鉴定' },
  'zh-Hant': { 'common:appName': '珠寶鑑定' },
  en: { 'common:appName': 'Jewel Appraisal' },
  ja: { 'common:appName': 'ジュエリー鑑定' },
};
