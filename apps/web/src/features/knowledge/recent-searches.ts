import { create } from 'zustand';
import { persist } from 'zustand/middleware';
import { onForget } from '../../lib/shared-phone.ts';

/** How many recent knowledge searches the device remembers. */
export const RECENT_SEARCHES_MAX = 10;

interface RecentSearchesState {
  /** Newest first, no duplicates. */
  keywords: string[];
  remember(keyword: string): void;
  clear(): void;
}

/** The knowledge searches made on this device (localStorage), newest first, at most ten. */
export const useRecentSearches = create<RecentSearchesState>()(
  persist(
    (set) => ({
      keywords: [],
      remember: (keyword) => {
        const word = keyword.trim();
        if (!word) return;
        set((state) => ({
          keywords: [word, ...state.keywords.filter((k) => k !== word)].slice(0, RECENT_SEARCHES_MAX),
        }));
      },
      clear: () => set({ keywords: [] }),
    }),
    { name: 'jewel-knowledge-searches' },
  ),
);

// The next user of a shared phone does not get them (issue 27).
onForget(() => useRecentSearches.getState().clear());
