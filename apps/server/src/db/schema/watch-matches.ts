import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { commodities } from './commodities.ts';
import { users } from './users.ts';
import { watchNotices } from './watch-notices.ts';

/**
 * A commodity that matched a watch-list notice: an alert to its recorder that blocks "confirm
 * recycle" until a recorder acknowledges it with a reason, confirmed by a second staff member
 * (`witness_id`) unless the shop lets one person acknowledge alone (`acknowledged_alone`).
 */
export const watchMatches = pgTable(
  'watch_matches',
  {
    id: serial('id').primaryKey(),
    noticeId: integer('notice_id')
      .notNull()
      .references(() => watchNotices.id),
    commodityId: integer('commodity_id')
      .notNull()
      .references(() => commodities.id),
    /** `serial` or `engraving`. */
    matchedOn: text('matched_on').notNull(),
    /** Where it was found: `enrollment`, `update`, `recycle`. */
    stage: text('stage').notNull(),
    createdAt: createdAt(),
    acknowledgedBy: integer('acknowledged_by').references(() => users.id),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    reason: text('reason'),
    /** The second staff member who confirmed the acknowledgement with their own password. */
    witnessId: integer('witness_id').references(() => users.id),
    /** Acknowledged by one person, as WATCH_ACK_SINGLE_PERSON allowed (no witness). */
    acknowledgedAlone: boolean('acknowledged_alone').notNull().default(false),
  },
  (t) => [
    uniqueIndex('watch_matches_notice_commodity_idx').on(t.noticeId, t.commodityId),
    index('watch_matches_commodity_idx').on(t.commodityId),
  ],
);
