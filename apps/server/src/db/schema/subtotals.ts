import type { InformationFilter } from '@jewel/contract/information';
import { index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { users } from './users.ts';

/**
 * A named, saved filter of the data base (PRODUCT.md "Data base"), over the branches its maker saw
 * (issue 32): seen and recomputed by those who see every one of them.
 */
export const subtotals = pgTable(
  'subtotals',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** The filter as the contract parsed it: only the fields that narrow. */
    filter: jsonb('filter').$type<InformationFilter>().notNull(),
    /** The branches it adds up, always the same ones: its maker's at the time. */
    branchIds: integer('branch_ids').array().notNull(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('subtotals_created_idx').on(t.createdAt, t.id)],
);
