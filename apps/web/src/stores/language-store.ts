import { DEFAULT_LANG, type Lang } from '@jewel/contract/values/i18n';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

interface LanguageState {
  currentLang: Lang;
  setLang(lang: Lang): void;
}

/** The chosen language, remembered across reloads; zh-Hans until one is chosen. */
export const useLanguageStore = create<LanguageState>()(
  persist(
    (set) => ({
      currentLang: DEFAULT_LANG,
      setLang: (currentLang) => set({ currentLang }),
    }),
    { name: 'jewel-lang' },
  ),
);
