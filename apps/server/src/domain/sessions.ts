import type { RoleCode } from '@jewel/contract/values/roles';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { branches, sessions, shop, staffBranches, temporaryLinks, users } from '../db/schema.ts';

/**
 * Sessions as every part of the server checks them: the auth plugin (each call), the live hub
 * (each heartbeat), the auth feature (refresh) and whoever ends a user's sessions (the user
 * feature, the operator CLI). Shared, so it lives here rather than in one feature.
 */

/** The signed-in caller. */
export interface AuthContext {
  userId: number;
  sessionId: string;
  /** The counter role the session acts as (ADR 0104): every role check of the counter reads it. */
  roleCode: RoleCode;
  isTmp: boolean;
  /**
   * Acting as a recorder without holding the role (a manager, ADR 0104): reads as a recorder
   * does, writes nothing of the counter (the access guard).
   */
  readOnly: boolean;
  /** Manages the shop (issue 28); a change of it ends the person's sessions. */
  isManager: boolean;
  /** The branch the session works at (issue 32): a recorder registers there. */
  branchId: number;
  /**
   * The branches whose records the session sees (issue 32, docs/adr/0105 "Who sees what"): a
   * recorder's and a guest's, the one they work at; a valuer's, every one they work at; a
   * manager's, those they keep. Null: every branch (the owner, or someone who works at all).
   */
  branchIds: readonly number[] | null;
}

/** A session is live while not revoked, its user enabled, and a guest's link neither revoked nor expired. */
export function liveSessionCondition() {
  return and(
    isNull(sessions.revokedAt),
    eq(users.isEnabled, true),
    or(eq(users.isTmp, false), and(isNull(temporaryLinks.revokedAt), gt(temporaryLinks.expiresAt, sql`now()`))),
  );
}

/** A live session as checked in the database, with when a guest's link runs out. */
export interface LiveSession extends AuthContext {
  linkExpiresAt: Date | null;
}

/** A session reads only when it acts as a role the person does not hold: a manager as a recorder (ADR 0104). */
export function readsOnly(roles: readonly RoleCode[], acting: RoleCode): boolean {
  return !roles.includes(acting);
}

/** What decides which branches a session sees. */
interface BranchScope {
  isTmp: boolean;
  isManager: boolean;
  roleCode: RoleCode;
  branchId: number;
  /** The person is the shop's owner, who keeps every branch. */
  isOwner: boolean;
  /** The branches the person works at, each once. */
  worksAt: number[];
  /** How many branches the shop has, closed ones too. */
  branchCount: number;
}

/**
 * docs/adr/0105 "Who sees what": the branches whose records a session sees; null when that is
 * every branch (the owner; anyone in a one-branch shop), so that its queries need no condition.
 */
export function seenBranches(scope: BranchScope): readonly number[] | null {
  const works = scope.isTmp || (!scope.isManager && scope.roleCode === 'recorder');
  const seen = works ? [scope.branchId] : scope.isOwner ? null : scope.worksAt;
  return seen === null || seen.length >= scope.branchCount ? null : seen;
}

export async function findLiveSession(db: Db, userId: number, sessionId: string): Promise<LiveSession | null> {
  const [row] = await db
    .select({
      userId: users.id,
      roleCode: sessions.actingRole,
      branchId: sessions.branchId,
      worksAt: sql<
        number[]
      >`array(select ${staffBranches.branchId} from ${staffBranches} where ${staffBranches.userId} = ${users.id} order by 1)`,
      isOwner: sql<boolean>`exists (select 1 from ${shop} where ${shop.ownerId} = ${users.id})`,
      branchCount: sql<number>`(select count(*)::int from ${branches})`,
      roles: users.roles,
      isTmp: users.isTmp,
      isManager: users.manager,
      linkExpiresAt: temporaryLinks.expiresAt,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(temporaryLinks, eq(temporaryLinks.id, users.temporaryLinkId))
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), liveSessionCondition()))
    .limit(1);
  if (!row) return null;
  const { roles, worksAt, isOwner, branchCount, ...session } = row;
  return {
    ...session,
    sessionId,
    readOnly: readsOnly(roles, session.roleCode),
    branchIds: seenBranches({ ...session, isOwner, worksAt, branchCount }),
  };
}

export async function revokeUserSessions(db: Db, userId: number, reason: string) {
  await db
    .update(sessions)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}
