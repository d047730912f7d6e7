import type { Currency } from '@jewel/contract/values/dictionary';
import { index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { users } from './users.ts';

/**
 * A branch of the shop (issue 32, docs/adr/0105): a counter with its own staff, items and ledger.
 * Branch 1 always exists (the migration made it; a one-branch shop is it). Each detail left null
 * is the shop's, so the first branch of a shop set up before branches reads exactly as the shop did.
 */
export const branches = pgTable('branches', {
  id: serial('id').primaryKey(),
  name: text('name'),
  address: text('address'),
  phone: text('phone'),
  licenceNo: text('licence_no'),
  timeZone: text('time_zone'),
  currency: text('currency').$type<Currency>(),
  /** Closed: nobody works or registers there any more; its records stay. */
  closedAt: timestamp('closed_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** Who works at which branch: one or several each (valuers often serve several). */
export const staffBranches = pgTable(
  'staff_branches',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
  },
  (t) => [primaryKey({ columns: [t.userId, t.branchId] }), index('staff_branches_branch_idx').on(t.branchId)],
);
