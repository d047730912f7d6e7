import type { NotificationType } from '@jewel/contract/user';
import type { Db } from '../db/client.ts';
import { notifications } from '../db/schema.ts';

export interface NewNotification {
  userId: number;
  type: NotificationType;
  params?: Record<string, string | number>;
  /** The in-app path the notification opens. */
  link?: string | null;
}

/** Creates notifications; any feature whose events PRODUCT.md lists calls this. */
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
}
