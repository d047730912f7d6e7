import type { PhotoSection } from '@jewel/contract/values/photo-guide';
import { integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { categories } from './categories.ts';
import { i18nText } from './columns.ts';

/**
 * The photo guide: the shots a category's product photos should cover, in order (docs/decisions.md
 * "The photo guide"). Operator data, imported from `photo-guides.csv` with the catalog.
 */
export const photoGuideShots = pgTable(
  'photo_guide_shots',
  {
    id: serial('id').primaryKey(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    name: i18nText('name'),
    /** One of the contract's `PHOTO_OUTLINES`: the hint drawn on the shot's empty tile. */
    outline: text('outline').notNull(),
    /**
     * One of the contract's `PHOTO_SECTIONS` (engraving, inlay, material photos) this shot takes,
     * so the register form hides that section's own field; null for none (issue 29 item 10).
     */
    covers: text('covers').$type<PhotoSection>(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [uniqueIndex('photo_guide_shots_category_code_idx').on(t.categoryId, t.code)],
);
