import type { UserChange } from '@jewel/contract/user';
import type { RoleCode } from '@jewel/contract/values/roles';
import { and, arrayContains, asc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { banners, sessions, temporaryLinks, users } from '../../db/schema.ts';
import { worksAtBranch } from '../../domain/branches.ts';

export async function findUser(db: Db, id: number) {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user ?? null;
}

const columnOf = { name: 'name', avatar: 'avatar', gender: 'gender', country: 'country' } as const;

export async function changeUserField(db: Db, id: number, change: UserChange) {
  const [field, value] = Object.entries(change)[0] as [keyof typeof columnOf, string | number];
  await db
    .update(users)
    .set({ [columnOf[field]]: value, updatedAt: sql`now()` })
    .where(eq(users.id, id));
  return { [field]: value };
}

export async function setPasswordHash(db: Db, id: number, passwordHash: string) {
  await db.update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.id, id));
}

/** Enabled valuers, guests among them while their link lives. */
/** The valuers who work at the branch (issue 32): those an item registered there may be handed to. */
export async function listValuers(db: Db, branchId: number) {
  const rows = await db
    .select({ id: users.id, name: users.name, isTmp: users.isTmp })
    .from(users)
    .leftJoin(temporaryLinks, eq(temporaryLinks.id, users.temporaryLinkId))
    .where(
      and(
        arrayContains(users.roles, ['valuers']),
        eq(users.isEnabled, true),
        or(eq(users.isTmp, false), and(isNull(temporaryLinks.revokedAt), gt(temporaryLinks.expiresAt, sql`now()`))),
        worksAtBranch(branchId),
      ),
    )
    .orderBy(asc(users.isTmp), asc(users.id));
  return rows.map((row) => ({ id: row.id, name: row.name, is_tmp: row.isTmp ? 1 : 0 }));
}

export async function listBanners(db: Db) {
  return db.select().from(banners).where(eq(banners.isActive, true)).orderBy(asc(banners.sort), asc(banners.id));
}

export async function setActingRole(db: Db, userId: number, sessionId: string, role: RoleCode) {
  await db
    .update(sessions)
    .set({ actingRole: role })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)));
}
