import { bigint, boolean, customType, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { users } from './users.ts';

/** Raw bytes; PGlite answers a Uint8Array and pg a Buffer, both read as a Uint8Array. */
const bytea = customType<{ data: Uint8Array<ArrayBuffer>; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => new Uint8Array(value),
});

/**
 * A member's passkeys (WebAuthn credentials, docs/adr/0103): several per person, each named by
 * its owner. The public key verifies each sign-in; the counter, when the authenticator keeps
 * one, must grow at each (a counter that does not is a cloned authenticator's).
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** The credential id, base64url. */
    credentialId: text('credential_id').notNull().unique(),
    /** The COSE public key as the authenticator gave it. */
    publicKey: bytea('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default([]),
    /** `singleDevice` or `multiDevice` (synced). */
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull(),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('passkeys_user_idx').on(t.userId)],
);
