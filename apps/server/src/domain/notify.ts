import type { NotificationType } from '@jewel/contract/user';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { notifications } from '../db/schema.ts';
import { publishUnreadChange } from './live-events.ts';

export interface NewNotification {
  userId: number;
  type: NotificationType;
  params?: Record<string, string | number>;
  /** The in-app path the notification opens. */
  link?: string | null;
}

/**
 * Creates notifications; any feature whose events PRODUCT.md lists calls this, inside its
 * action's transaction. The recipients' devices learn their new unread count when it commits.
 */
export async function notify(db: Db, items: NewNotification[]) {
  if (items.length === 0) return;
  await db.insert(notifications).values(
    items.map((item) => ({
      userId: item.userId,
      type: item.type,
      params: item.params ?? {},
      link: item.link ?? null,
    })),
  );
  await publishUnreadChange(
    db,
    items.map((item) => item.userId),
  );
}

/** The user's unread notifications (the live hub sends it on every change). */
export async function countUnread(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ unread: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.unread ?? 0;
}
