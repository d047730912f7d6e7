import { type Notification, type NotificationType, userRoutes } from '@jewel/contract/user';
import type { Lang } from '@jewel/contract/values/i18n';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { notifications } from '../../db/schema.ts';
import { NOTIFICATION_TEXTS, translate } from '../../i18n/messages.ts';
import { AppError } from '../../lib/app-error.ts';
import { publishUnreadChange } from '../../lib/live-events.ts';
import { registerRoute } from '../../lib/route.ts';
import { requireAuth } from '../../plugins/app/auth.ts';
import * as repo from './notification.repository.ts';

/** Renders a stored notification in the reader's language. */
function present(row: typeof notifications.$inferSelect, lang: Lang): Notification {
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

async function routes(app: FastifyInstance) {
  registerRoute(app, userRoutes.userNotifications, async ({ query }, request) => {
    const { userId } = requireAuth(request);
    const page = await repo.listNotifications(app.db, userId, query.status, query.page, query.page_size);
    return {
      items: page.items.map((row) => present(row, request.lang)),
      total: page.total,
      unread: page.unread,
      page: query.page,
      page_size: query.page_size,
    };
  });

  registerRoute(app, userRoutes.userNotificationMarkAsRead, async ({ params }, request) => {
    const { userId } = requireAuth(request);
    const row = await repo.markAsRead(app.db, userId, params.id);
    if (!row) throw new AppError('notFound');
    // The user's other devices (and this one's badge) get the new unread count.
    await publishUnreadChange(app.db, [userId]);
    return present(row, request.lang);
  });
}

export const notificationFeature = fp(routes, {
  name: 'notification-routes',
  dependencies: ['auth', 'database'],
  encapsulate: true,
});
