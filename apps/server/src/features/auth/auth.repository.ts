import type { RoleCode } from '@jewel/contract/values/roles';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { refreshTokens, sessions, temporaryLinks, users } from '../../db/schema.ts';
import { openBranchesOf } from '../../domain/branches.ts';
import { liveSessionCondition } from '../../domain/sessions.ts';
import { AppError } from '../../lib/app-error.ts';

/** The branch a new session works at: the person's first open one, a guest's link's (issue 32). */
async function sessionBranch(db: Db, userId: number): Promise<number> {
  const [first] = await openBranchesOf(db, userId);
  if (first) return first.id;
  const [guest] = await db
    .select({ id: temporaryLinks.branchId })
    .from(users)
    .innerJoin(temporaryLinks, eq(temporaryLinks.id, users.temporaryLinkId))
    .where(eq(users.id, userId));
  // Every branch of theirs closed: a manager gives them an open one first.
  if (!guest) throw new AppError('branchClosed');
  return guest.id;
}

/**
 * A new session, acting as the person's first counter role, or as a recorder (read-only) for a
 * manager who holds none, at their first open branch.
 */
export async function createSession(db: Db, userId: number, userAgent: string, ip: string) {
  const actingRole = sql<RoleCode>`(select coalesce(${users.roles}[1], 'recorder') from ${users} where ${users.id} = ${userId})`;
  const branchId = await sessionBranch(db, userId);
  const [session] = await db
    .insert(sessions)
    .values({ userId, userAgent: userAgent.slice(0, 300), ip, actingRole, branchId })
    .returning({ id: sessions.id });
  if (!session) throw new Error('session not created');
  return session.id;
}

export async function insertRefreshToken(db: Db, sessionId: string, tokenHash: string, ttlSeconds: number) {
  await db.insert(refreshTokens).values({
    sessionId,
    tokenHash,
    expiresAt: sql`now() + make_interval(secs => ${ttlSeconds})`,
  });
}

export type Rotation =
  | { outcome: 'invalid' }
  | { outcome: 'reused'; sessionId: string }
  | { outcome: 'rotated' | 'replayed'; sessionId: string; userId: number };

/**
 * Uses a refresh token, under its row's lock so that simultaneous uses take turns: an unused one
 * gives way to `successorHash`; a used one whose successor is still unused, within `graceSeconds`
 * of its use, answers that successor again (`replayed`); any other used one is `reused`, and
 * its session ends.
 */
export async function rotateRefreshToken(
  db: Db,
  tokenHash: string,
  successorHash: string,
  graceSeconds: number,
  ttlSeconds: number,
): Promise<Rotation> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({
        id: refreshTokens.id,
        sessionId: refreshTokens.sessionId,
        used: sql<boolean>`${refreshTokens.usedAt} is not null`,
        inGrace: sql<boolean>`coalesce(${refreshTokens.usedAt} > now() - make_interval(secs => ${graceSeconds}::int), false)`,
        expired: sql<boolean>`${refreshTokens.expiresAt} <= now()`,
        userId: sessions.userId,
        live: sql<boolean>`coalesce(${liveSessionCondition()}, false)`,
      })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(temporaryLinks, eq(temporaryLinks.id, users.temporaryLinkId))
      .where(eq(refreshTokens.tokenHash, tokenHash))
      .for('update', { of: refreshTokens })
      .limit(1);
    if (!found) return { outcome: 'invalid' };
    const { sessionId, userId } = found;
    if (found.used) {
      const [successor] = found.inGrace
        ? await tx
            .select({ id: refreshTokens.id })
            .from(refreshTokens)
            .where(
              and(
                eq(refreshTokens.tokenHash, successorHash),
                eq(refreshTokens.sessionId, sessionId),
                isNull(refreshTokens.usedAt),
              ),
            )
        : [];
      if (successor) return found.live ? { outcome: 'replayed', sessionId, userId } : { outcome: 'invalid' };
      await revokeSession(tx, sessionId, 'refresh_reuse');
      return { outcome: 'reused', sessionId };
    }
    if (found.expired || !found.live) return { outcome: 'invalid' };
    await tx.update(refreshTokens).set({ usedAt: sql`now()` }).where(eq(refreshTokens.id, found.id));
    await insertRefreshToken(tx, sessionId, successorHash, ttlSeconds);
    await tx.update(sessions).set({ lastRefreshedAt: sql`now()` }).where(eq(sessions.id, sessionId));
    return { outcome: 'rotated', sessionId, userId };
  });
}

export async function revokeSession(db: Db, sessionId: string, reason: string) {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** A guest link for the branch its maker works at. */
export async function createTemporaryLink(
  db: Db,
  roleCode: RoleCode,
  createdBy: number,
  branchId: number,
  hours: number,
) {
  const [link] = await db
    .insert(temporaryLinks)
    .values({ roleCode, createdBy, branchId, expiresAt: sql`now() + make_interval(hours => ${hours})` })
    .returning();
  if (!link) throw new Error('link not created');
  return link;
}

/** The link while it can still be used, counting this use; null when unknown, revoked or expired. */
export async function useTemporaryLink(db: Db, id: string) {
  const [link] = await db
    .update(temporaryLinks)
    .set({ uses: sql`${temporaryLinks.uses} + 1` })
    .where(and(eq(temporaryLinks.id, id), isNull(temporaryLinks.revokedAt), gt(temporaryLinks.expiresAt, sql`now()`)))
    .returning();
  return link ?? null;
}

export async function createGuestUser(db: Db, name: string, roleCode: RoleCode, linkId: string) {
  const [user] = await db
    .insert(users)
    .values({ name, roles: [roleCode], isTmp: true, temporaryLinkId: linkId })
    .returning();
  if (!user) throw new Error('guest not created');
  return user;
}
