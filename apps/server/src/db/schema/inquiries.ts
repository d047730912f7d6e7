import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { branches } from './branches.ts';
import { brands } from './brands.ts';
import { createdAt } from './columns.ts';
import { money } from './commodities.ts';
import { products } from './products.ts';
import { users } from './users.ts';

/** A price inquiry: a customer asks what the shop would pay before bringing the item. */
export const inquiries = pgTable(
  'inquiries',
  {
    id: serial('id').primaryKey(),
    recorderId: integer('recorder_id')
      .notNull()
      .references(() => users.id),
    /** The branch it was taken at (issue 32): its staff, and valuers who serve it, see it. */
    branchId: integer('branch_id')
      .notNull()
      .references(() => branches.id),
    customerName: text('customer_name').notNull(),
    contact: text('contact').notNull(),
    brandId: integer('brand_id').references(() => brands.id),
    productId: integer('product_id').references(() => products.id),
    productName: text('product_name').notNull(),
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    source: text('source').notNull(),
    priority: integer('priority').notNull().default(1),
    remark: text('remark').notNull().default(''),
    /** `inquiry.status`: 1 open, 2 estimated, 3 closed. */
    status: integer('status').notNull().default(1),
    /** `inquiry.estimate_status`: 0 none, 1 estimated. */
    estimateStatus: integer('estimate_status').notNull().default(0),
    priceLow: money('price_low'),
    priceHigh: money('price_high'),
    currency: text('currency'),
    estimateNote: text('estimate_note'),
    valuerId: integer('valuer_id').references(() => users.id),
    estimatedAt: timestamp('estimated_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
    /** The submit's key from the phone: one queued in the outbox and sent again registers once. */
    idempotencyKey: uuid('idempotency_key'),
  },
  (t) => [
    index('inquiries_status_idx').on(t.status, t.id),
    index('inquiries_recorder_idx').on(t.recorderId, t.id),
    index('inquiries_valuer_idx').on(t.valuerId, t.id),
    uniqueIndex('inquiries_key_idx').on(t.recorderId, t.idempotencyKey),
  ],
);
