import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { i18nText } from './columns.ts';

/** The knowledge base's categories (precious metals, gemstones, bags, watches, practice). */
export const knowledgeCategories = pgTable('knowledge_categories', {
  id: serial('id').primaryKey(),
  /** Named by import files' `category:` field. */
  code: text('code').notNull().unique(),
  name: i18nText('name'),
  sort: integer('sort').notNull().default(0),
});
