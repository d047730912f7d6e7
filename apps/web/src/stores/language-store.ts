import type { Lang } from '@jewel/contract/values/i18n';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { browserLang } from './browser-language.ts';

interface LanguageState {
  currentLang: Lang;
  setLang(lang: Lang): void;
}

/** Where the chosen language is kept in localStorage; the journeys write it there too. */
export const LANGUAGE_STORAGE = { name: 'jewel-lang', version: 0 } as const;

/**
 * The chosen language, remembered across reloads; until one is chosen, the browser's (a first
 * visit with a Japanese browser opens in Japanese).
 */
export const useLanguageStore = create<LanguageState>()(
  persist(
    (set) => ({
      currentLang: browserLang(),
      setLang: (currentLang) => set({ currentLang }),
    }),
    LANGUAGE_STORAGE,
  ),
);

// A first visit keeps the browser's language as its choice, so that public/early.js (which reads
// only the stored language) and later visits agree with what the first one showed.
try {
  if (localStorage.getItem(LANGUAGE_STORAGE.name) === null) {
    useLanguageStore.getState().setLang(useLanguageStore.getState().currentLang);
  }
} catch {
  // No storage (a private window that refuses it): each visit follows the browser.
}
