import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { brandTypes } from './brand-types.ts';
import { brands } from './brands.ts';
import { categories } from './categories.ts';
import { createdAt, someLanguages } from './columns.ts';
import { materials } from './materials.ts';

/** The catalog: models the shop knows, with their restock (replenish) status. */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    typeId: integer('type_id').references(() => brandTypes.id),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    materialId: integer('material_id').references(() => materials.id),
    /** The name as the maker writes it: shown when there is none in the reader's language. */
    name: text('name').notNull(),
    /** The name in each language it was given in (`name_ja` … in the import file). */
    names: someLanguages('names'),
    /** The maker's reference number. */
    code: text('code').notNull().default(''),
    /** An in-app path of a picture (`/products/ring.svg`), or empty. */
    image: text('image').notNull().default(''),
    replenishStatus: integer('replenish_status').notNull().default(0),
    /**
     * When a manager retired it (issue 28): no longer offered when registering or restocking;
     * the items and inquiries that name it keep it. Null while in the catalog.
     */
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('products_brand_idx').on(t.brandId),
    index('products_category_idx').on(t.categoryId),
    index('products_replenish_idx').on(t.replenishStatus),
  ],
);
