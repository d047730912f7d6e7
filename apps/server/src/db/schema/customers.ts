import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { branches } from './branches.ts';
import { createdAt } from './columns.ts';
import { users } from './users.ts';

/**
 * A person who brings items in, found again by phone or name on the next visit. Enrollments keep
 * the contact details as given that day; this row holds the latest. The retention job
 * (docs/decisions.md "Buying lawfully") blanks the personal columns and sets `anonymizedAt`.
 */
export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** Digits and `+` as entered (CUSTOMER_PHONE_PATTERN); searched by prefix. */
    phone: text('phone').notNull(),
    address: text('address').notNull().default(''),
    occupation: text('occupation').notNull().default(''),
    birthDate: date('birth_date', { mode: 'string' }),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    /**
     * Where the record was made (issue 32): its branch sees it before any visit; another branch
     * sees it once the customer visits there (docs/adr/0105 "Who sees what").
     */
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
    /** The last enrollment or buyback: the retention period runs from here. */
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).defaultNow().notNull(),
    anonymizedAt: timestamp('anonymized_at', { withTimezone: true }),
  },
  (t) => [
    index('customers_phone_idx').on(t.phone),
    index('customers_name_idx').on(t.name),
    index('customers_last_activity_idx').on(t.lastActivityAt).where(sql`${t.anonymizedAt} is null`),
  ],
);
