import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { signInBindings, signInRequests, staffChanges, users } from '../../db/schema.ts';

/** A provider's account, as its answer names it: WeChat's openid, or an id token's issuer and `sub`. */
export interface ProviderAccount {
  provider: string;
  /** The id token's issuer; empty for WeChat. */
  issuer: string;
  subject: string;
}

/** The person a provider account is bound to, with what a sign-in checks; null when bound to nobody. */
export async function findBoundMember(db: Db, account: ProviderAccount) {
  const [row] = await db
    .select({ bindingId: signInBindings.id, userId: users.id, mobile: users.mobile, isEnabled: users.isEnabled })
    .from(signInBindings)
    .innerJoin(users, eq(users.id, signInBindings.userId))
    .where(
      and(
        eq(signInBindings.provider, account.provider),
        eq(signInBindings.issuer, account.issuer),
        eq(signInBindings.subject, account.subject),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** The staff member (never a guest) whose work e-mail a manager set to this one, lowercased. */
export async function findMemberByEmail(db: Db, email: string) {
  const [row] = await db
    .select({ userId: users.id, mobile: users.mobile, isEnabled: users.isEnabled })
    .from(users)
    .where(and(eq(users.email, email.toLowerCase()), eq(users.isTmp, false)))
    .limit(1);
  return row ?? null;
}

/**
 * Binds the account to the member, recorded on the audit trail by `changedBy`. Null when the
 * account is bound already (to anyone) or the member has this provider bound: nothing changes.
 */
export async function insertBinding(db: Db, userId: number, account: ProviderAccount, changedBy: number) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(signInBindings)
      .values({ userId, ...account })
      .onConflictDoNothing()
      .returning({ id: signInBindings.id });
    if (!row) return null;
    await tx
      .insert(staffChanges)
      .values({ memberId: userId, change: 'provider_bound', oldValue: null, newValue: account.provider, changedBy });
    return row;
  });
}

/** A sign-in with the binding: its last use, and the method on the audit trail. */
export async function recordBindingUse(db: Db, bindingId: number, userId: number, provider: string) {
  await db.update(signInBindings).set({ lastUsedAt: sql`now()` }).where(eq(signInBindings.id, bindingId));
  await db
    .insert(staffChanges)
    .values({ memberId: userId, change: 'provider_sign_in', oldValue: null, newValue: provider, changedBy: userId });
}

export type NewSignInRequest = Omit<typeof signInRequests.$inferInsert, 'expiresAt'>;

/** How long a sign-in at a provider may take, from the tap to the code coming back. */
const REQUEST_MINUTES = 10;

/** Writes the request under way, clearing those past their ten minutes. */
export async function createSignInRequest(db: Db, request: NewSignInRequest) {
  await db.delete(signInRequests).where(lt(signInRequests.expiresAt, sql`now()`));
  await db
    .insert(signInRequests)
    .values({ ...request, expiresAt: sql`now() + make_interval(mins => ${REQUEST_MINUTES}::int)` });
}

/** Takes the request for `state` (once: it is deleted); null when unknown or expired. */
export async function consumeSignInRequest(db: Db, state: string) {
  const [row] = await db
    .delete(signInRequests)
    .where(eq(signInRequests.state, state))
    .returning({
      provider: signInRequests.provider,
      purpose: signInRequests.purpose,
      userId: signInRequests.userId,
      nonce: signInRequests.nonce,
      codeVerifier: signInRequests.codeVerifier,
      valid: sql<boolean>`${signInRequests.expiresAt} > now()`,
    });
  return row?.valid ? row : null;
}
