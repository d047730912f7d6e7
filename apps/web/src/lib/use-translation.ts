import { startTransition, useEffect, useState } from 'react';
import { currentLanguage, fixedT, subscribeTexts, textsPending, textsVersion } from './i18n.ts';

/**
 * Renders the component again when the texts or the language change, as a transition: React
 * renders it in slices and the phone stays responsive. (Through useSyncExternalStore it was one
 * blocking render of every component with texts each time a namespace arrived: 140–160 ms of the
 * detail page's main thread at 4× CPU slowdown, docs/measurements.md.)
 */
function useTextsVersion() {
  const [, setVersion] = useState(textsVersion);
  useEffect(() => {
    const follow = () => startTransition(() => setVersion(textsVersion()));
    // Texts that changed between this render and the subscription.
    follow();
    return subscribeTexts(follow);
  }, []);
}

/**
 * The `t` of a namespace (`common` by default; of a list, the first) in a component, which renders
 * again when the language or the texts change. Until the namespaces have loaded, the component
 * waits under Suspense.
 */
export function useTranslation(namespaces: string | string[] = 'common') {
  useTextsVersion();
  const list = typeof namespaces === 'string' ? [namespaces] : namespaces;
  // All start loading before the component waits for the first.
  const pending = list.map(textsPending).filter((load) => load !== undefined);
  // Thrown, as react-i18next did: React's `use` left a first render inside act() suspended for good.
  if (pending[0]) throw pending[0];
  return { t: fixedT(list[0] ?? 'common'), lang: currentLanguage() };
}
