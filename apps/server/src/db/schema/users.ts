import type { RoleCode } from '@jewel/contract/values/roles';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
    /**
     * The counter roles the person holds, in the order recorder, valuers (ADR 0104); empty only
     * for a manager who works at no counter. A guest holds their link's one role.
     */
    roles: text('roles').array().$type<RoleCode[]>().notNull().default(sql`'{recorder}'::text[]`),
    country: text('country').notNull().default('CN'),
    knowledgeShow: boolean('knowledge_show').notNull().default(true),
    isEnabled: boolean('is_enabled').notNull().default(true),
    /** Manages the shop (issue 28): its staff, and what the back office grows to. Beside the counter role. */
    manager: boolean('manager').notNull().default(false),
    /**
     * A work e-mail a manager set (ADR 0103): an OpenID Connect id token whose verified `email`
     * equals it binds that provider account to this person on first use. Null: none.
     */
    email: text('email').unique(),
    isTmp: boolean('is_tmp').notNull().default(false),
    temporaryLinkId: uuid('temporary_link_id'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    index('users_temporary_link_idx').on(t.temporaryLinkId),
    check('users_roles_known', sql`${t.roles} <@ array['recorder', 'valuers']::text[]`),
    check('users_roles_held', sql`cardinality(${t.roles}) > 0 or ${t.manager}`),
  ],
);
