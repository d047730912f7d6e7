import { boolean, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { i18nText, someLanguages } from './columns.ts';

export const banners = pgTable('banners', {
  id: serial('id').primaryKey(),
  title: i18nText('title'),
  /** The line shown on the image under the title, per language; empty in a language: none. */
  text: someLanguages('text'),
  image: text('image').notNull(),
  /** An in-app path the banner opens, or empty. */
  link: text('link').notNull().default(''),
  sort: integer('sort').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
});
