import type { RoleCode } from '@jewel/contract/values/roles';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { branches } from './branches.ts';
import { createdAt } from './columns.ts';
import { users } from './users.ts';

/** One signed-in device. Access tokens name their session, so revoking it ends them at once. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    lastRefreshedAt: timestamp('last_refreshed_at', { withTimezone: true }).defaultNow().notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** Why it ended: logout, password, disabled, refresh_reuse. */
    revokedReason: text('revoked_reason'),
    userAgent: text('user_agent').notNull().default(''),
    ip: text('ip').notNull().default(''),
    /**
     * The one counter role the session acts as (ADR 0104): the person's first at sign-in, or
     * recorder for a manager who holds none (read-only); the personal center switches it.
     */
    actingRole: text('acting_role').$type<RoleCode>().notNull().default('recorder'),
    /**
     * The branch the session works at (issue 32): the person's first open one at sign-in, a
     * guest's link's; the personal center switches it.
     */
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);
