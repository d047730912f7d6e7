import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { users } from './users.ts';

/**
 * A stolen-goods notice (from the police or a trade association, imported as CSV or typed in).
 * Serial number and engraving are also kept as skeletons (`markSkeleton` in the contract: NFKC,
 * look-alikes folded, letters and digits only) so that "ab-12 34" and "A8-I2З4" find "AB1234";
 * the server recomputes them at start when the skeleton changes (domain/watch-match.ts).
 */
export const watchNotices = pgTable(
  'watch_notices',
  {
    id: serial('id').primaryKey(),
    /** `police`, `association` or `other`. */
    source: text('source').notNull(),
    /** The notice's own number or reference, as its issuer wrote it. */
    reference: text('reference').notNull().default(''),
    brand: text('brand').notNull().default(''),
    model: text('model').notNull().default(''),
    serialNo: text('serial_no').notNull().default(''),
    serialNorm: text('serial_norm').notNull().default(''),
    engraving: text('engraving').notNull().default(''),
    engravingNorm: text('engraving_norm').notNull().default(''),
    description: text('description').notNull().default(''),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    /** A notice withdrawn by its issuer stops matching; it is never deleted. */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    /** Who withdrew it, and why (required): a withdrawal is audited like an acknowledgement. */
    withdrawnBy: integer('withdrawn_by').references(() => users.id),
    withdrawReason: text('withdraw_reason'),
  },
  (t) => [index('watch_notices_serial_idx').on(t.serialNorm), index('watch_notices_engraving_idx').on(t.engravingNorm)],
);
