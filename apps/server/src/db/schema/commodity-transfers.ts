import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { branches } from './branches.ts';
import { commodities } from './commodities.ts';
import { users } from './users.ts';

/**
 * An item moved from one branch to another (issue 32, docs/adr/0105 "Transfers"): both branches'
 * record of it. The item's history holds the same move as a `transfer` event.
 */
export const commodityTransfers = pgTable(
  'commodity_transfers',
  {
    id: serial('id').primaryKey(),
    commodityId: integer('commodity_id')
      .notNull()
      .references(() => commodities.id),
    fromBranchId: integer('from_branch_id')
      .notNull()
      .references(() => branches.id),
    toBranchId: integer('to_branch_id')
      .notNull()
      .references(() => branches.id),
    transferredBy: integer('transferred_by')
      .notNull()
      .references(() => users.id),
    transferredAt: timestamp('transferred_at', { withTimezone: true }).defaultNow().notNull(),
    reason: text('reason').notNull(),
  },
  (t) => [
    // Each branch's record, newest first.
    index('commodity_transfers_from_idx').on(t.fromBranchId, t.transferredAt),
    index('commodity_transfers_to_idx').on(t.toBranchId, t.transferredAt),
    index('commodity_transfers_commodity_idx').on(t.commodityId),
  ],
);
