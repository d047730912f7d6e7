import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { users } from './users.ts';

/**
 * A stolen-goods notice (from the police or a trade association, imported as CSV or typed in).
 * Serial number and engraving are also kept normalized (`normalizeMark` in the contract: NFKC,
 * upper case, letters and digits only) so that "ab-12 34" finds "AB1234".
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
  },
  (t) => [index('watch_notices_serial_idx').on(t.serialNorm), index('watch_notices_engraving_idx').on(t.engravingNorm)],
);
