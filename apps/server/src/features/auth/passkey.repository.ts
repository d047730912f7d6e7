import type { StaffChangeKind } from '@jewel/contract/values/audit';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { passkeys, staffChanges, users, webauthnChallenges } from '../../db/schema.ts';
import { passkeySummary } from '../../domain/sign-in-methods.ts';

/** How long a challenge may be answered (docs/adr/0103). */
export const CHALLENGE_TTL_SECONDS = 300;

export type ChallengePurpose = 'register' | 'authenticate';

export async function createChallenge(db: Db, challenge: string, purpose: ChallengePurpose, userId: number | null) {
  // Forgotten challenges go as new ones come: nothing else reads an expired one.
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, sql`now()`));
  const [row] = await db
    .insert(webauthnChallenges)
    .values({
      challenge,
      purpose,
      userId,
      expiresAt: sql`now() + make_interval(secs => ${CHALLENGE_TTL_SECONDS}::int)`,
    })
    .returning({ id: webauthnChallenges.id });
  if (!row) throw new Error('challenge not stored');
  return row.id;
}

/**
 * Takes a challenge out, used or not: answers its text while it was still valid, null when it
 * was unknown, already used or expired.
 */
export async function consumeChallenge(
  db: Db,
  where: { id: string } | { userId: number; challenge: string },
  purpose: ChallengePurpose,
) {
  const match =
    'id' in where
      ? eq(webauthnChallenges.id, where.id)
      : and(eq(webauthnChallenges.userId, where.userId), eq(webauthnChallenges.challenge, where.challenge));
  const [row] = await db
    .delete(webauthnChallenges)
    .where(and(match, eq(webauthnChallenges.purpose, purpose)))
    .returning({
      challenge: webauthnChallenges.challenge,
      valid: sql<boolean>`${webauthnChallenges.expiresAt} > now()`,
    });
  return row?.valid ? row.challenge : null;
}

export async function listCredentials(db: Db, userId: number) {
  return db
    .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, userId));
}

export async function insertPasskey(db: Db, values: typeof passkeys.$inferInsert) {
  const [row] = await db.insert(passkeys).values(values).onConflictDoNothing().returning(passkeySummary);
  return row ?? null;
}

/** The passkey of a credential id, with its owner's mobile and state. */
export async function findByCredentialId(db: Db, credentialId: string) {
  const [row] = await db
    .select({
      passkey: passkeys,
      mobile: users.mobile,
      isEnabled: users.isEnabled,
    })
    .from(passkeys)
    .innerJoin(users, eq(users.id, passkeys.userId))
    .where(eq(passkeys.credentialId, credentialId))
    .limit(1);
  return row ?? null;
}

export async function recordUse(
  db: Db,
  id: number,
  values: { counter: number; backedUp: boolean; deviceType: string },
) {
  await db
    .update(passkeys)
    .set({ ...values, lastUsedAt: sql`now()` })
    .where(eq(passkeys.id, id));
}

/** Renames one of the member's passkeys; answers the old name and the row, or null when not theirs. */
export async function renamePasskey(db: Db, userId: number, id: number, name: string) {
  return db.transaction(async (tx) => {
    const [old] = await tx
      .select({ name: passkeys.name })
      .from(passkeys)
      .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
      .for('update');
    if (!old) return null;
    const [row] = await tx.update(passkeys).set({ name }).where(eq(passkeys.id, id)).returning(passkeySummary);
    if (!row) return null;
    await recordChange(tx, userId, 'passkey_renamed', old.name, name);
    return row;
  });
}

export type PasskeyChange = Extract<StaffChangeKind, `passkey_${string}`>;

/** The member's own passkey change or use, on the audit trail's `staff` kind (docs/adr/0103). */
export async function recordChange(
  db: Db,
  userId: number,
  change: PasskeyChange,
  oldValue: string | null,
  newValue: string | null,
) {
  await db.insert(staffChanges).values({ memberId: userId, change, oldValue, newValue, changedBy: userId });
}

export async function findMember(db: Db, userId: number) {
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId)).limit(1);
  return row ?? null;
}
