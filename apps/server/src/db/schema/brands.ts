import type { I18nText } from '@jewel/contract/values/i18n';
import { integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const brands = pgTable('brands', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  logo: text('logo').notNull().default(''),
  /**
   * Other names staff type for it (issue 28): in other scripts and languages (卡地亚, 卡地亞,
   * カルティエ) and short forms (VCA). The pickers and the product search find the brand by them;
   * it is shown by `name`, as the maker writes it.
   */
  aliases: jsonb('aliases').$type<string[]>().notNull().default([]),
  /**
   * Its name as staff reading each language know it (卡地亚, 卡地亞, カルティエ; issue 28 item 5),
   * in the languages it has one: shown beside `name` where a brand is chosen, and found by a
   * picker. Items, documents and the import keep the maker's `name` (ADR 0033).
   */
  names: jsonb('names').$type<Partial<I18nText>>().notNull().default({}),
  sort: integer('sort').notNull().default(0),
  /**
   * When a manager retired it (issue 28 item 5): no longer offered where staff choose one for a new
   * item, inquiry or product; what names it keeps it. Null while in the catalog.
   */
  retiredAt: timestamp('retired_at', { withTimezone: true }),
});
