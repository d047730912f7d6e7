import { index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { commodities } from './commodities.ts';
import { users } from './users.ts';

/** The audit log: one row per action, written in the action's transaction. */
export const commodityEvents = pgTable(
  'commodity_events',
  {
    id: serial('id').primaryKey(),
    commodityId: integer('commodity_id')
      .notNull()
      .references(() => commodities.id),
    actorId: integer('actor_id')
      .notNull()
      .references(() => users.id),
    /** `enroll` or a contract CommodityAction. */
    action: text('action').notNull(),
    fromStatus: integer('from_status'),
    toStatus: integer('to_status').notNull(),
    /** Changed fields as `{ field: [old, new] }`, or the action's details. */
    changes: jsonb('changes').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('commodity_events_commodity_idx').on(t.commodityId, t.id),
    // The audit trail reads the newest first (issue 28 item 7).
    index('commodity_events_created_idx').on(t.createdAt),
  ],
);
