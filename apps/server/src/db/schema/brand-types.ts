import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
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
  },
  (t) => [index('brand_types_brand_idx').on(t.brandId)],
);
