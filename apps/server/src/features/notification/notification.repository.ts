import { and, desc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema.ts';

export type ReadFilter = 'all' | 'unread' | 'read';

const readCondition: Record<ReadFilter, SQL> = {
  all: sql`true`,
  unread: isNull(notifications.readAt),
  read: isNotNull(notifications.readAt),
};

export async function listNotifications(db: Db, userId: number, filter: ReadFilter, page: number, pageSize: number) {
  const mine = eq(notifications.userId, userId);
  const [items, [counts]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(and(mine, readCondition[filter]))
      .orderBy(desc(notifications.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({
        total: sql<number>`count(*) filter (where ${readCondition[filter]})`.mapWith(Number),
        unread: sql<number>`count(*) filter (where ${notifications.readAt} is null)`.mapWith(Number),
      })
      .from(notifications)
      .where(mine),
  ]);
  return { items, total: counts?.total ?? 0, unread: counts?.unread ?? 0 };
}

/** Marks the caller's own notification read (the first read time stays); null when it is not theirs. */
export async function markAsRead(db: Db, userId: number, id: number) {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  return row ?? null;
}
