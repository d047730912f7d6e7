import { TAG_COLUMNS, TAG_LAYOUTS, TAG_ROWS, type TagLayout } from '@jewel/contract/values/tag';
import { create } from 'zustand';
import { persist } from 'zustand/middleware';

/** The last label on an A4 sheet. */
export const LAST_LABEL = TAG_COLUMNS * TAG_ROWS;

interface TagLayoutState {
  /** Where this phone's shop prints tags (issue 29 item 4): kept, since a counter has one printer. */
  layout: TagLayout;
  /** On the A4 sheet, the first free label; back to 1 after each print. */
  startAt: number;
  setLayout(layout: TagLayout): void;
  setStartAt(startAt: number): void;
}

export const useTagLayout = create<TagLayoutState>()(
  persist(
    (set) => ({
      layout: 'a4-21',
      startAt: 1,
      setLayout: (layout) => set({ layout }),
      setStartAt: (startAt) => set({ startAt: Math.min(LAST_LABEL, Math.max(1, Math.trunc(startAt) || 1)) }),
    }),
    {
      name: 'jewel-tag-layout',
      version: 1,
      // Only the layout outlives the page: the sheet in the printer changes with every print.
      partialize: ({ layout }) => ({ layout }),
      merge: (kept, current) => {
        const layout = (kept as Partial<TagLayoutState> | undefined)?.layout;
        return { ...current, layout: TAG_LAYOUTS.find((known) => known === layout) ?? current.layout };
      },
    },
  ),
);
