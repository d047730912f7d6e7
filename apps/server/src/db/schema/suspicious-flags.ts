import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { ledgerEntries } from './ledger-entries.ts';
import { users } from './users.ts';

/**
 * A buyback flagged as suspicious (犯罪収益移転防止法 §8 疑わしい取引), at any amount: a staff
 * recorder flags a ledger entry with a reason; another staff recorder reviews it as `report`
 * (to be filed with the prefectural public safety commission) or `no_report`, with a note. The
 * flags to report are exported as CSV. One open (unreviewed) flag per entry at a time.
 * docs/decisions.md "What the law asks at the counter: money laundering".
 */
export const suspiciousFlags = pgTable(
  'suspicious_flags',
  {
    id: serial('id').primaryKey(),
    ledgerEntryId: integer('ledger_entry_id')
      .notNull()
      .references(() => ledgerEntries.id),
    reason: text('reason').notNull(),
    flaggedBy: integer('flagged_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    /** SUSPICIOUS_DECISIONS: `report` or `no_report`; null while it waits for review. */
    decision: text('decision'),
    reviewNote: text('review_note'),
    reviewedBy: integer('reviewed_by').references(() => users.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('suspicious_flags_open_uq').on(t.ledgerEntryId).where(sql`${t.decision} is null`),
    index('suspicious_flags_decision_idx').on(t.decision, t.id),
  ],
);
