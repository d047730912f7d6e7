import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions, temporaryLinks, users } from '../../db/schema.ts';

export type TemporaryLinkRow = typeof temporaryLinks.$inferSelect;
export interface GuestRow {
  id: number;
  name: string;
  linkId: string;
  createdAt: Date;
}

export async function listLinks(db: Db, userId: number, page: number, pageSize: number) {
  const mine = eq(temporaryLinks.createdBy, userId);
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(temporaryLinks)
      .where(mine)
      .orderBy(desc(temporaryLinks.createdAt), desc(temporaryLinks.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(temporaryLinks)
      .where(mine),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

export async function guestsOf(db: Db, linkIds: string[]): Promise<GuestRow[]> {
  if (linkIds.length === 0) return [];
  return db
    .select({
      id: users.id,
      name: users.name,
      linkId: sql<string>`${users.temporaryLinkId}`,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(inArray(users.temporaryLinkId, linkIds))
    .orderBy(desc(users.id));
}

/** Revokes the caller's own link (the first revocation time stays) and ends its guests' sessions. */
export async function revokeLink(db: Db, userId: number, id: string) {
  return db.transaction(async (tx) => {
    const [link] = await tx
      .update(temporaryLinks)
      .set({ revokedAt: sql`coalesce(${temporaryLinks.revokedAt}, now())` })
      .where(and(eq(temporaryLinks.id, id), eq(temporaryLinks.createdBy, userId)))
      .returning();
    if (!link) return null;
    const guests = tx.select({ id: users.id }).from(users).where(eq(users.temporaryLinkId, id));
    await tx
      .update(sessions)
      .set({ revokedAt: sql`now()`, revokedReason: 'link_revoked' })
      .where(and(inArray(sessions.userId, guests), isNull(sessions.revokedAt)));
    return link;
  });
}
