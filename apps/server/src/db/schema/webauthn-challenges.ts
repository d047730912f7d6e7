import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A WebAuthn challenge handed out and not yet answered (docs/adr/0103): in the database, not in
 * memory, so that any instance can check the answer. Five minutes, used once (deleted on use).
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** base64url, as the options carried it. */
    challenge: text('challenge').notNull(),
    /** The member registering; none for a sign-in. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** `register` or `authenticate`. */
    purpose: text('purpose', { enum: ['register', 'authenticate'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('webauthn_challenges_expires_idx').on(t.expiresAt)],
);
