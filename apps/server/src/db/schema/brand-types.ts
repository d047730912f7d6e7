import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { brands } from './brands.ts';

/** A brand's lines or collections (Cartier Love, Rolex Submariner …). */
export const brandTypes = pgTable(
  'brand_types',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
    /**
     * When a manager retired it (issue 28 item 5): no longer offered for a new item, inquiry or
     * product; what names it keeps it. Null while in the catalog.
     */
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  (t) => [index('brand_types_brand_idx').on(t.brandId)],
);
