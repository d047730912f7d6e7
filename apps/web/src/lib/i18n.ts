import { FALLBACK_LANG, LANG_HEADER, type Lang } from '@jewel/contract/values/i18n';
import { API_BASE } from '../config/env.ts';
import zhHansCommon from '../locales/zh-Hans/common.json';
import zhHansErrors from '../locales/zh-Hans/errors.json';

/**
 * The app's texts: one JSON per language and namespace, keys `namespace:a.b` with
 * `{{name}}` placeholders and `_one`/`_other` plural keys chosen by `count`. What the app used of
 * i18next and react-i18next, without their weight on the first load (decisions.md, "First load
 * under 150 KiB").
 */
export type Texts = { [key: string]: string | Texts };
export type TOptions = { count?: number; defaultValue?: string } & Record<string, unknown>;
export type TFunction = (key: string, options?: TOptions) => string;

type Bundles = Record<string, () => Promise<{ default: Texts }>>;

/**
 * Each language's texts, loaded only when a page needs them. The namespaces of pages few open, the
 * setup page (once in a shop's life), the managers' staff and shop details pages, and the
 * passkeys' (their page, and the sign-in page's button, which loads once the page has painted),
 * add themselves (`addBundles`): their entries here would cost every page's first load. So does
 * the back office's table at a desk (components/data-table.tsx), which a phone never loads. The
 * demo banner's come inside its own chunk (demo-banner.tsx).
 */
const bundles: Bundles = import.meta.glob<{ default: Texts }>([
  '../locales/*/*.json',
  '!../locales/*/setup.json',
  '!../locales/*/staff.json',
  '!../locales/*/shop.json',
  '!../locales/*/branches.json',
  '!../locales/*/catalog.json',
  '!../locales/*/audit.json',
  '!../locales/*/operations.json',
  '!../locales/*/passkey.json',
  '!../locales/*/demo.json',
  '!../locales/*/table.json',
]);

/**
 * The loaders of a namespace kept out of the list above, from the module that uses
 * it (`import.meta.glob('…/locales/*\/setup.json')` there), before its texts are asked for.
 */
export function addBundles(more: Bundles): void {
  for (const [file, load] of Object.entries(more)) bundles[file.replace(/^.*\/locales\//, '../locales/')] = load;
}

/** Namespaces every page uses; the rest load with their pages. */
const CORE_NAMESPACES = ['common', 'errors'];

/** The default language's core texts come with the app: the first page waits for no extra request. */
const bundled: Record<string, Texts> = { 'zh-Hans/common': zhHansCommon, 'zh-Hans/errors': zhHansErrors };

/** By `lang/namespace`: what is shown (empty after a failed load) and what loaded. */
const texts = new Map<string, Texts>();
const loaded = new Set<string>();
const loading = new Map<string, Promise<void>>();
/** Every namespace asked for: a change of language loads them all before it shows. */
const used = new Set(CORE_NAMESPACES);

/** The server's overrides (`/api/dictionary/trans-web`) by language, as `{ 'ns:a.b': text }`. */
const overrides = new Map<Lang, Record<string, string>>();
const overridesAsked = new Set<Lang>();

/** Until `initI18n` sets the reader's: English (what a test without texts formats in). */
let language: Lang = FALLBACK_LANG;
let wanted: Lang = FALLBACK_LANG;

let version = 0;
const listeners = new Set<() => void>();
/** `t` per namespace, made again when texts or the language change (so that memoized views follow). */
const fixed = new Map<string, TFunction>();

function changed() {
  version += 1;
  fixed.clear();
  for (const listener of listeners) listener();
}

export function subscribeTexts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const textsVersion = () => version;

export const currentLanguage = () => language;

function fetchOverrides(lang: Lang) {
  if (overridesAsked.has(lang)) return;
  overridesAsked.add(lang);
  fetch(`${API_BASE}/api/dictionary/trans-web`, { headers: { lang: LANG_HEADER[lang], platform: 'h5' } })
    .then((response) => response.json())
    .then((body: { code: number; data: Record<string, string> }) => {
      if (body.code !== 0 || Object.keys(body.data).length === 0) return;
      // A key without a namespace is `common`'s.
      const byKey = Object.entries(body.data).map(([key, text]) => [key.includes(':') ? key : `common:${key}`, text]);
      overrides.set(lang, Object.fromEntries(byKey));
      changed();
    })
    .catch(() => undefined);
}

/** Texts of a test, or of a namespace just read; the page does not wait for the server's overrides. */
export function addTexts(lang: Lang, namespace: string, bundle: Texts) {
  const key = `${lang}/${namespace}`;
  texts.set(key, bundle);
  loaded.add(key);
  used.add(namespace);
  changed();
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A namespace's JSON, tried three times; undefined when it cannot be had (offline, a missing chunk). */
async function read(lang: Lang, namespace: string): Promise<Texts | undefined> {
  const load = bundles[`../locales/${lang}/${namespace}.json`];
  if (!load) return {};
  for (let attempt = 1; ; attempt += 1) {
    try {
      return (await load()).default;
    } catch {
      if (attempt === 3) return undefined;
      await pause(500 * attempt);
    }
  }
}

/**
 * Loads a namespace of a language unless it is there. A failed load shows the keys (as i18next
 * did) and is tried again the next time a page asks for the namespace.
 */
function ensure(lang: Lang, namespace: string): Promise<void> {
  const key = `${lang}/${namespace}`;
  used.add(namespace);
  if (loaded.has(key)) return Promise.resolve();
  let pending = loading.get(key);
  if (pending) return pending;
  const inApp = bundled[key];
  if (inApp) {
    addTexts(lang, namespace, inApp);
    fetchOverrides(lang);
    return Promise.resolve();
  }
  pending = read(lang, namespace).then((bundle) => {
    loading.delete(key);
    if (bundle) {
      addTexts(lang, namespace, bundle);
      fetchOverrides(lang);
    } else {
      texts.set(key, {});
      changed();
    }
  });
  loading.set(key, pending);
  return pending;
}

/** Undefined when a namespace of the current language can be shown, else the promise of its load. */
export function textsPending(namespace: string): Promise<void> | undefined {
  return texts.has(`${language}/${namespace}`) ? undefined : ensure(language, namespace);
}

export function loadNamespaces(namespaces: string[]): Promise<void> {
  return Promise.all(namespaces.map((namespace) => ensure(language, namespace))).then(() => undefined);
}

const pluralRules = new Map<Lang, Intl.PluralRules>();
function pluralOf(count: number, lang: Lang): string {
  let rules = pluralRules.get(lang);
  if (!rules) {
    rules = new Intl.PluralRules(lang);
    pluralRules.set(lang, rules);
  }
  return rules.select(count);
}

function lookup(namespace: string, key: string, lang: Lang): string | undefined {
  const override = overrides.get(lang)?.[`${namespace}:${key}`];
  if (override !== undefined) return override;
  let node: Texts | string | undefined = texts.get(`${lang}/${namespace}`);
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

function translate(defaultNamespace: string, fullKey: string, options: TOptions = {}, lang = language): string {
  const colon = fullKey.indexOf(':');
  const namespace = colon > 0 ? fullKey.slice(0, colon) : defaultNamespace;
  const key = colon > 0 ? fullKey.slice(colon + 1) : fullKey;
  const plural =
    typeof options.count === 'number' ? lookup(namespace, `${key}_${pluralOf(options.count, lang)}`, lang) : undefined;
  const text = plural ?? lookup(namespace, key, lang) ?? options.defaultValue ?? key;
  // A placeholder without a value stays as written.
  return text.replace(/\{\{\s*([^{}]+?)\s*\}\}/g, (placeholder, name: string) =>
    options[name] === undefined ? placeholder : String(options[name] ?? ''),
  );
}

/** `t` whose keys without a namespace are `namespace`'s. */
export function fixedT(namespace: string): TFunction {
  let t = fixed.get(namespace);
  if (!t) {
    t = (key, options) => translate(namespace, key, options);
    fixed.set(namespace, t);
  }
  return t;
}

/**
 * Texts of another language than the app's, for a view in the reader's chosen language (the
 * seller's signing view): load the namespace, then take its `t`.
 */
export const loadTextsIn = (lang: Lang, namespace: string): Promise<void> => ensure(lang, namespace);
export const fixedTIn =
  (lang: Lang, namespace: string): TFunction =>
  (key, options) =>
    translate(namespace, key, options, lang);

/** A text outside a component: `t('errors:network')`; keys without a namespace are `common`'s. */
export const t: TFunction = (key, options) => translate('common', key, options);

function show(lang: Lang) {
  language = lang;
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}

/** The reader's language at start-up: its core texts load (the default language's are in the app). */
export function initI18n(lang: Lang): Promise<void> {
  wanted = lang;
  show(lang);
  return loadNamespaces(CORE_NAMESPACES);
}

/** Another language: what the pages use so far loads first, then every text changes at once. */
export async function changeLanguage(lang: Lang) {
  wanted = lang;
  await Promise.all([...used].map((namespace) => ensure(lang, namespace)));
  if (wanted !== lang) return;
  show(lang);
  changed();
}
