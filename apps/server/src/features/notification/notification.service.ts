import type { Lang } from '@jewel/contract/values/i18n';
import type { Db } from '../../db/client.ts';
import { publishUnreadChange } from '../../domain/live-events.ts';
import { AppError } from '../../lib/app-error.ts';
import { presentNotification } from './notification.presenter.ts';
import * as repo from './notification.repository.ts';

export async function list(
  db: Db,
  userId: number,
  query: { status: repo.ReadFilter; page: number; page_size: number },
  lang: Lang,
) {
  const page = await repo.listNotifications(db, userId, query.status, query.page, query.page_size);
  return {
    items: page.items.map((row) => presentNotification(row, lang)),
    total: page.total,
    unread: page.unread,
    page: query.page,
    page_size: query.page_size,
  };
}

export async function markAsRead(db: Db, userId: number, id: number, lang: Lang) {
  const row = await repo.markAsRead(db, userId, id);
  if (!row) throw new AppError('notFound');
  // The user's other devices (and this one's badge) get the new unread count.
  await publishUnreadChange(db, [userId]);
  return presentNotification(row, lang);
}
