import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Failed password checks counted per key (`pair:<mobile>@<ip>`, `address:<ip>`,
 * `account:<mobile>`, `password:<user id>`), one row each, counted with one atomic upsert before
 * the password is checked (`auth/throttle.ts`; the rules are in docs/decisions.md).
 */
export const loginThrottles = pgTable(
  'login_throttles',
  {
    key: text('key').primaryKey(),
    failures: integer('failures').notNull(),
    /** The count starts again after a window without a counted attempt. */
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
    /** For a slowed key past its limit: when the next attempt may be checked. */
    nextAt: timestamp('next_at', { withTimezone: true }),
    /** Whether the latest attempt on this key was refused (the upsert's answer). */
    refused: boolean('refused').notNull().default(false),
  },
  (t) => [index('login_throttles_window_idx').on(t.windowEndsAt)],
);
