import { boolean, index, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Null for guests, who sign in through a temporary link only. */
    mobile: text('mobile').unique(),
    name: text('name').notNull(),
    passwordHash: text('password_hash'),
    avatar: text('avatar').notNull().default(''),
    gender: integer('gender').notNull().default(0),
    roleCode: text('role_code', { enum: ['recorder', 'valuers'] })
      .notNull()
      .default('recorder'),
    country: text('country').notNull().default('CN'),
    knowledgeShow: boolean('knowledge_show').notNull().default(true),
    isEnabled: boolean('is_enabled').notNull().default(true),
    /** Manages the shop (issue 28): its staff, and what the back office grows to. Beside the counter role. */
    manager: boolean('manager').notNull().default(false),
    isTmp: boolean('is_tmp').notNull().default(false),
    temporaryLinkId: uuid('temporary_link_id'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [index('users_role_idx').on(t.roleCode), index('users_temporary_link_idx').on(t.temporaryLinkId)],
);
