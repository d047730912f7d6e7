import { LANG_HEADER, LANGS, type Lang } from '@jewel/contract/values/i18n';
import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { API_BASE } from '../config/env.ts';
import zhHansCommon from '../locales/zh-Hans/common.json';
import zhHansErrors from '../locales/zh-Hans/errors.json';

/** Each language's texts, one JSON per namespace, loaded only when a page needs it. */
const bundles = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json');

/** Namespaces every page uses; the rest load with their pages. */
const CORE_NAMESPACES = ['common', 'errors'];

/** The default language's core texts come with the app: the first page waits for no extra request. */
const bundled: Record<string, Record<string, unknown>> = {
  'zh-Hans/common': zhHansCommon,
  'zh-Hans/errors': zhHansErrors,
};

/** `{ 'common:appName': '…' }` from `/api/dictionary/trans-web`, fetched once per language. */
const overrides = new Map<Lang, Promise<Record<string, string>>>();

function overridesFor(lang: Lang): Promise<Record<string, string>> {
  let pending = overrides.get(lang);
  if (!pending) {
    pending = fetch(`${API_BASE}/api/dictionary/trans-web`, { headers: { lang: LANG_HEADER[lang], platform: 'h5' } })
      .then((response) => response.json())
      .then((body: { code: number; data: Record<string, string> }) => (body.code === 0 ? body.data : {}))
      .catch(() => ({}));
    overrides.set(lang, pending);
  }
  return pending;
}

/** `{ 'ns:a.b': text }` → the part for one namespace, as a nested bundle. */
function overridesOf(namespace: string, extra: Record<string, string>): Record<string, unknown> {
  const bundle: Record<string, unknown> = {};
  for (const [fullKey, value] of Object.entries(extra)) {
    const [ns, key] = fullKey.includes(':') ? fullKey.split(/:(.*)/s) : ['common', fullKey];
    if (ns !== namespace || !key) continue;
    const parts = key.split('.');
    let node = bundle;
    for (const part of parts.slice(0, -1)) {
      node[part] ??= {};
      node = node[part] as Record<string, unknown>;
    }
    node[parts.at(-1) ?? key] = value;
  }
  return bundle;
}

/**
 * Loads a namespace's JSON, then lays the server's overrides over it when they arrive; the page
 * does not wait for them (react-i18next re-renders on `added`).
 */
const lazyBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const inApp = bundled[`${language}/${namespace}`];
    const load = inApp
      ? () => Promise.resolve({ default: inApp })
      : bundles[`../locales/${language}/${namespace}.json`];
    if (!load) return callback(null, {});
    load().then(
      (module) => {
        callback(null, module.default);
        void overridesFor(language as Lang).then((extra) => {
          const bundle = overridesOf(namespace, extra);
          if (Object.keys(bundle).length > 0) i18next.addResourceBundle(language, namespace, bundle, true, true);
        });
      },
      (error: Error) => callback(error, null),
    );
  },
};

export async function initI18n(lang: Lang) {
  await i18next
    .use(lazyBackend)
    .use(initReactI18next)
    .init({
      lng: lang,
      // No fallback language: every language has every key (locales.test.ts), and a fallback
      // would make each page load its namespaces twice (English beside the user's language).
      fallbackLng: false,
      supportedLngs: [...LANGS],
      ns: CORE_NAMESPACES,
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      react: { useSuspense: true, bindI18nStore: 'added' },
      returnNull: false,
    });
  document.documentElement.lang = lang;
  return i18next;
}

export async function changeLanguage(lang: Lang) {
  await i18next.changeLanguage(lang);
  document.documentElement.lang = lang;
}

export { i18next };
