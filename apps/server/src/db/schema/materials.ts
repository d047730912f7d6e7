import { integer, numeric, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { i18nText } from './columns.ts';

export const materials = pgTable('materials', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: i18nText('name'),
  /** Fine-metal share for the metal calculator (0.750 for 18K); null for non-metals. */
  purity: numeric('purity', { precision: 5, scale: 4, mode: 'number' }),
  sort: integer('sort').notNull().default(0),
});
