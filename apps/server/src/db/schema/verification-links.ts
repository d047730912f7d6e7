import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { commodities } from './commodities.ts';
import { identifyFlows } from './identify-flows.ts';
import { users } from './users.ts';

/**
 * The opaque id of a public verification page (`/verify/<id>`): 128 random bits, never a
 * sequence, so that nobody can guess or enumerate one. A `certificate` is fixed to the result it
 * certified (`flow_id`) and says "superseded" once the item is re-assessed; an item's `tag` (the
 * QR label stuck on it) follows the item's current result. docs/decisions.md "Certificates and
 * the verification page", "Item tags and the scan".
 */
export const verificationLinks = pgTable(
  'verification_links',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: ['certificate', 'tag'] }).notNull(),
    commodityId: integer('commodity_id')
      .notNull()
      .references(() => commodities.id),
    /** The final result a certificate certified; null for a tag. */
    flowId: integer('flow_id').references(() => identifyFlows.id),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('verification_links_commodity_idx').on(t.commodityId),
    // One tag per item, one certificate per final result: downloading again prints the same QR.
    uniqueIndex('verification_links_tag_idx').on(t.commodityId).where(sql`${t.kind} = 'tag'`),
    uniqueIndex('verification_links_certificate_idx').on(t.flowId).where(sql`${t.kind} = 'certificate'`),
  ],
);
