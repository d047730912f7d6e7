import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core';

export const brands = pgTable('brands', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  logo: text('logo').notNull().default(''),
  sort: integer('sort').notNull().default(0),
});
