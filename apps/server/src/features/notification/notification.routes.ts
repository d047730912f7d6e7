import { userRoutes } from '@jewel/contract/user';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerRoute } from '../../lib/route.ts';
import { requireAuth } from '../../plugins/app/auth.ts';
import * as notifications from './notification.service.ts';

async function routes(app: FastifyInstance) {
  registerRoute(app, userRoutes.userNotifications, ({ query }, request) =>
    notifications.list(app.db, requireAuth(request).userId, query, request.lang),
  );

  registerRoute(app, userRoutes.userNotificationMarkAsRead, ({ params }, request) =>
    notifications.markAsRead(app.db, requireAuth(request).userId, params.id, request.lang),
  );
}

export const notificationFeature = fp(routes, {
  name: 'notification-routes',
  dependencies: ['auth', 'database'],
  encapsulate: true,
});
