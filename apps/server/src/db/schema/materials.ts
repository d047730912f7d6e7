import { boolean, integer, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { i18nText } from './columns.ts';

export const materials = pgTable('materials', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: i18nText('name'),
  /** Fine-metal share for the metal calculator (0.750 for 18K); null for non-metals. */
  purity: numeric('purity', { precision: 5, scale: 4, mode: 'number' }),
  /**
   * A precious metal or stone of 犯罪収益移転防止法 (施行令 §4: gold, platinum, silver and their
   * alloys; diamonds and other precious and semi-precious stones, pearls): buying it or goods
   * made of it for cash above the threshold needs the verification at transaction. Catalog data
   * (`precious` column of materials.csv); distinct from the goods checked at any price.
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
