import { integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { branches } from './branches.ts';
import { users } from './users.ts';

/**
 * Who changed which of the shop's details, when, from what to what (issue 28 item 4); with a branch,
 * one of that branch's (issue 32).
 */
export const shopChanges = pgTable('shop_changes', {
  id: serial('id').primaryKey(),
  /** Null: the shop's own details and rules. */
  branchId: integer('branch_id').references(() => branches.id),
  field: text('field').notNull(),
  oldValue: text('old_value'),
  newValue: text('new_value'),
  changedBy: integer('changed_by')
    .notNull()
    .references(() => users.id),
  changedAt: timestamp('changed_at', { withTimezone: true }).defaultNow().notNull(),
});
