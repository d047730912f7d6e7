import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { customers } from './customers.ts';
import { users } from './users.ts';

/** Who looked at a customer's identity data, and what: every read is one row (PRODUCT.md). */
export const identityViews = pgTable(
  'identity_views',
  {
    id: serial('id').primaryKey(),
    viewerId: integer('viewer_id')
      .notNull()
      .references(() => users.id),
    /** Null for a view of several customers at once (a ledger export). */
    customerId: integer('customer_id').references(() => customers.id),
    /** What was read: `identity` (a check's details), `document-photo`, `signature`, `ledger`, `ledger-export`. */
    subject: text('subject').notNull(),
    /** The row or file read (an identity check id, a stored name, a period). */
    ref: text('ref').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('identity_views_customer_idx').on(t.customerId, t.createdAt),
    // The audit trail reads the newest first (issue 28 item 7).
    index('identity_views_created_idx').on(t.createdAt),
  ],
);
