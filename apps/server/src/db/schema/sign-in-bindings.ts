import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { users } from './users.ts';

/**
 * A staff member's account at a sign-in provider (docs/adr/0103 "Bindings"): WeChat's openid, or an
 * OpenID Connect provider's `sub` under its issuer. One account signs in one person; one binding
 * per person and provider. Made in the personal center, signed in with the password, or on first
 * use by a verified e-mail a manager set (OpenID Connect only).
 */
export const signInBindings = pgTable(
  'sign_in_bindings',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `wechat`, or an OpenID Connect provider's configured key (`line`, `google`, `entra`...). */
    provider: text('provider').notNull(),
    /** The id token's issuer; empty for WeChat. */
    issuer: text('issuer').notNull().default(''),
    /** WeChat's openid, or the id token's `sub`. */
    subject: text('subject').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('sign_in_bindings_account_idx').on(t.provider, t.issuer, t.subject),
    uniqueIndex('sign_in_bindings_user_provider_idx').on(t.userId, t.provider),
  ],
);

/**
 * A provider sign-in or binding under way (docs/adr/0103): created when the browser is sent to the
 * provider, used once when it comes back with the code. In the database, so that any instance can
 * finish it; ten minutes. The browser keeps `state` too, and the page it comes back to compares
 * them before anything is sent (a sign-in started elsewhere is not finished here).
 */
export const signInRequests = pgTable(
  'sign_in_requests',
  {
    /** The `state` parameter: 43 random letters and digits (WeChat's alphabet), 256 bits. */
    state: text('state').primaryKey(),
    provider: text('provider').notNull(),
    /** `sign-in`, or `bind` for the member in `user_id` (who confirmed their password). */
    purpose: text('purpose', { enum: ['sign-in', 'bind'] }).notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** OpenID Connect's nonce and PKCE verifier; unused by WeChat. */
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sign_in_requests_expires_idx').on(t.expiresAt)],
);
