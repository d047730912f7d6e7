import { userRoutes } from '@jewel/contract/user';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { serviceDeps } from '../../domain/service-deps.ts';
import { userInfo } from '../../domain/user-info.ts';
import { localize } from '../../i18n/localize.ts';
import { translate } from '../../i18n/messages.ts';
import { registerRoute } from '../../lib/route.ts';
import { requireAuth } from '../../plugins/app/auth.ts';
import { createStatistics } from './statistics.service.ts';
import * as repo from './user.repository.ts';
import * as users from './user.service.ts';

async function routes(app: FastifyInstance) {
  const deps = serviceDeps(app);

  registerRoute(app, userRoutes.userInfo, async (_input, request) => {
    const { userId, sessionId } = requireAuth(request);
    return userInfo(app.db, app.config, userId, sessionId, request.lang);
  });

  registerRoute(app, userRoutes.userChange, ({ body }, request) =>
    repo.changeUserField(app.db, requireAuth(request).userId, body),
  );

  registerRoute(app, userRoutes.userActingRole, async ({ body }, request) => {
    const { userId, sessionId } = requireAuth(request);
    await users.actAs(deps, userId, sessionId, body.role);
    return userInfo(app.db, app.config, userId, sessionId, request.lang);
  });

  registerRoute(app, userRoutes.userChangePass, async ({ body }, request) => {
    await users.changePassword(deps, requireAuth(request).userId, body);
    return null;
  });

  registerRoute(app, userRoutes.userValuers, (_input, request) =>
    repo.listValuers(app.db, requireAuth(request).branchId),
  );

  registerRoute(app, userRoutes.userBanners, async (_input, request) => {
    const rows = await repo.listBanners(app.db);
    return rows.map((row) => ({
      id: row.id,
      title: translate(row.title, request.lang),
      text: localize(row.text, request.lang, ''),
      image: row.image,
      link: row.link,
    }));
  });

  const statistics = createStatistics(deps, app.live);
  registerRoute(app, userRoutes.userStatistics, async (_input, request) => {
    const { userId, roleCode, isTmp } = requireAuth(request);
    return statistics.forUser(userId, roleCode, isTmp);
  });
}

export const userFeature = fp(routes, {
  name: 'user-routes',
  dependencies: ['auth', 'config', 'database', 'live'],
  encapsulate: true,
});
