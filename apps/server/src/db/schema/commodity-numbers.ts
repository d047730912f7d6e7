import { date, integer, pgTable } from 'drizzle-orm/pg-core';

/** The last commodity number given out each day (`C20261121-0007`), taken with an upsert. */
export const commodityNumbers = pgTable('commodity_numbers', {
  day: date('day').primaryKey(),
  last: integer('last').notNull(),
});
