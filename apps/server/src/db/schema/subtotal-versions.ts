import type { CurrencyFigures } from '@jewel/contract/information';
import { integer, jsonb, pgTable, serial, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { subtotals } from './subtotals.ts';
import { users } from './users.ts';

/**
 * One computation of a subtotal's figures. Rows are only ever inserted: no code path updates or
 * deletes them, and a trigger (migration `subtotal-versions-immutable`) refuses it in the database.
 */
export const subtotalVersions = pgTable(
  'subtotal_versions',
  {
    id: serial('id').primaryKey(),
    subtotalId: integer('subtotal_id')
      .notNull()
      .references(() => subtotals.id),
    /** 1, 2, 3… per subtotal. */
    version: integer('version').notNull(),
    computedBy: integer('computed_by')
      .notNull()
      .references(() => users.id),
    computedAt: timestamp('computed_at', { withTimezone: true }).defaultNow().notNull(),
    count: integer('count').notNull(),
    genuineCount: integer('genuine_count').notNull(),
    /** Per currency, in currency order. */
    byCurrency: jsonb('by_currency').$type<CurrencyFigures[]>().notNull(),
  },
  (t) => [uniqueIndex('subtotal_versions_subtotal_version_idx').on(t.subtotalId, t.version)],
);
