import { useSyncExternalStore } from 'react';
import { currentLanguage, fixedT, subscribeTexts, textsPending, textsVersion } from './i18n.ts';

/**
 * The `t` of a namespace (`common` by default; of a list, the first) in a component, which renders
 * again when the language or the texts change. Until the namespaces have loaded, the component
 * waits under Suspense.
 */
export function useTranslation(namespaces: string | string[] = 'common') {
  useSyncExternalStore(subscribeTexts, textsVersion, textsVersion);
  const list = typeof namespaces === 'string' ? [namespaces] : namespaces;
  // All start loading before the component waits for the first.
  const pending = list.map(textsPending).filter((load) => load !== undefined);
  // Thrown, as react-i18next did: React's `use` left a first render inside act() suspended for good.
  if (pending[0]) throw pending[0];
  return { t: fixedT(list[0] ?? 'common'), lang: currentLanguage() };
}
