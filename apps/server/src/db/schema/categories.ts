import { boolean, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { i18nText } from './columns.ts';

export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: i18nText('name'),
  /**
   * Goods of precious metal or stone whatever their material entry says (bullion, loose gems):
   * 犯罪収益移転防止法's 宝石・貴金属等 (materials.ts `precious`). Catalog data (`precious` column
   * of categories.csv); distinct from the goods checked at any price.
   */
  precious: boolean('precious').notNull().default(false),
  sort: integer('sort').notNull().default(0),
  /** The seller's identity is checked whatever the price (catalog import `id_check_any_price`, issue 27). */
  idCheckAnyPrice: boolean('id_check_any_price').notNull().default(false),
  /**
   * When a manager retired it (issue 28 item 5): no longer offered where staff choose one for a new
   * item, inquiry or product; what names it keeps it. Null while in the catalog.
   */
  retiredAt: timestamp('retired_at', { withTimezone: true }),
});
