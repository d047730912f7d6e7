import type { Notification, NotificationType } from '@jewel/contract/user';
import type { Lang } from '@jewel/contract/values/i18n';
import type { notifications } from '../../db/schema.ts';
import { NOTIFICATION_TEXTS, translate } from '../../i18n/messages.ts';

/** Renders a stored notification in the reader's language. */
export function presentNotification(row: typeof notifications.$inferSelect, lang: Lang): Notification {
  const texts = NOTIFICATION_TEXTS[row.type as NotificationType];
  return {
    id: row.id,
    type: row.type as NotificationType,
    title: translate(texts.title, lang, row.params),
    content: translate(texts.content, lang, row.params),
    link: row.link,
    is_read: row.readAt ? 1 : 0,
    read_at: row.readAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}
