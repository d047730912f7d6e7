import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Who changed which member of the staff, when, from what to what (issue 28 items 3 and 7): an
 * invitation, a counter role, managing, the account on or off, a password reset (never the password).
 */
export const staffChanges = pgTable(
  'staff_changes',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => users.id),
    /** `invited`, `role_code`, `manager`, `is_enabled` or `password`. */
    change: text('change').notNull(),
    oldValue: text('old_value'),
    newValue: text('new_value'),
    changedBy: integer('changed_by')
      .notNull()
      .references(() => users.id),
    changedAt: timestamp('changed_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [index('staff_changes_member_idx').on(t.memberId, t.changedAt)],
);
