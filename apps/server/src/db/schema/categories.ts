import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { i18nText } from './columns.ts';

export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: i18nText('name'),
  sort: integer('sort').notNull().default(0),
});
