import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { branches } from './branches.ts';
import { createdAt } from './columns.ts';
import { users } from './users.ts';

/** A shareable guest entry (`/t_r<id>`, `/t_v<id>`); its guests expire with it. */
export const temporaryLinks = pgTable(
  'temporary_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    roleCode: text('role_code', { enum: ['recorder', 'valuers'] }).notNull(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    /** The branch its guests work for (issue 32): the one its maker worked at. */
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    uses: integer('uses').notNull().default(0),
  },
  (t) => [index('temporary_links_created_by_idx').on(t.createdBy)],
);
