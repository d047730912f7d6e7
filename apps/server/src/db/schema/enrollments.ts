import { index, integer, pgTable, serial, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { branches } from './branches.ts';
import { createdAt } from './columns.ts';
import { customers } from './customers.ts';
import { users } from './users.ts';

/** One customer visit: the customer and the 1..5 commodities registered together. */
export const enrollments = pgTable(
  'enrollments',
  {
    id: serial('id').primaryKey(),
    /** Where it was registered (issue 32); a transfer moves an item, never its visit. */
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    recorderId: integer('recorder_id')
      .notNull()
      .references(() => users.id),
    /** Made on the device per draft; a retried submit finds the first enrollment by it. */
    idempotencyKey: uuid('idempotency_key').notNull(),
    /** A hash of the submitted body: the same key with another body is refused. */
    bodyHash: text('body_hash').notNull(),
    customerName: text('customer_name').notNull(),
    customerPhone: text('customer_phone').notNull(),
    customerAddress: text('customer_address').notNull().default(''),
    /** The customer record; the three columns above keep the details as given that day. */
    customerId: integer('customer_id').references(() => customers.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('enrollments_key_idx').on(t.recorderId, t.idempotencyKey),
    index('enrollments_phone_idx').on(t.customerPhone),
    index('enrollments_customer_idx').on(t.customerId),
    index('enrollments_branch_idx').on(t.branchId),
  ],
);
