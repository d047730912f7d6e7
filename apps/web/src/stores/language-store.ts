import { DEFAULT_LANG, type Lang } from '@jewel/contract/values/i18n';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

interface LanguageState {
  currentLang: Lang;
  setLang(lang: Lang): void;
}

/** Where the chosen language is kept in localStorage; the journeys write it there too. */
export const LANGUAGE_STORAGE = { name: 'jewel-lang', version: 0 } as const;

/** The chosen language, remembered across reloads; zh-Hans until one is chosen. */
export const useLanguageStore = create<LanguageState>()(
  persist(
    (set) => ({
      currentLang: DEFAULT_LANG,
      setLang: (currentLang) => set({ currentLang }),
    }),
    LANGUAGE_STORAGE,
  ),
);
