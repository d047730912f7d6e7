import { date, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { customers } from './customers.ts';
import { users } from './users.ts';

/**
 * A check of a seller's identity document at buyback (古物営業法 §15). The document number is
 * stored only encrypted (AES-256-GCM, `lib/identity-cipher.ts`) with its last characters as the
 * masked hint; the document photos are private uploads, served to recorders only.
 */
export const identityChecks = pgTable(
  'identity_checks',
  {
    id: serial('id').primaryKey(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    /** IDENTITY_DOCUMENT_TYPES in the contract. */
    documentType: text('document_type').notNull(),
    /** `v1:<iv>:<tag>:<ciphertext>` in base64url; null once the retention job removed it. */
    documentNumberSealed: text('document_number_sealed'),
    /** The last 4 characters, for the masked display (`****1234`). */
    documentNumberHint: text('document_number_hint').notNull().default(''),
    /** The document's expiry; a My Number card is recorded by it instead of its number (issue 27). */
    documentExpiry: date('document_expiry', { mode: 'string' }),
    /** Private stored names (`p-<hex>.jpg`), never under `/api/files/`. */
    documentPics: jsonb('document_pics').$type<string[]>().notNull().default([]),
    name: text('name').notNull(),
    address: text('address').notNull(),
    occupation: text('occupation').notNull(),
    birthDate: date('birth_date', { mode: 'string' }),
    checkedBy: integer('checked_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    anonymizedAt: timestamp('anonymized_at', { withTimezone: true }),
  },
  (t) => [index('identity_checks_customer_idx').on(t.customerId, t.id)],
);
