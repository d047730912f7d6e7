import { userRoutes } from '@jewel/contract/user';
import type { FastifyInstance } from 'fastify';
import { translate } from '../../i18n/messages.ts';
import { AppError } from '../../lib/app-error.ts';
import { registerRoute } from '../../lib/route.ts';
import { presentUser } from '../../lib/user-info.ts';
import { requireAuth } from '../../plugins/app/auth.ts';
import { findUserWithLink } from '../auth/auth.repository.ts';
import { createStatistics } from './statistics.service.ts';
import * as repo from './user.repository.ts';
import * as users from './user.service.ts';

export async function userFeature(app: FastifyInstance) {
  registerRoute(app, userRoutes.userInfo, async (_input, request) => {
    const row = await findUserWithLink(app.db, requireAuth(request).userId);
    if (!row) throw new AppError('unauthorized');
    return presentUser(row.user, request.lang, row.linkExpiresAt);
  });

  registerRoute(app, userRoutes.userChange, ({ body }, request) =>
    repo.changeUserField(app.db, requireAuth(request).userId, body),
  );

  registerRoute(app, userRoutes.userChangePass, async ({ body }, request) => {
    await users.changePassword(app, requireAuth(request).userId, body);
    return null;
  });

  registerRoute(app, userRoutes.userValuers, () => repo.listValuers(app.db));

  registerRoute(app, userRoutes.userBanners, async (_input, request) => {
    const rows = await repo.listBanners(app.db);
    return rows.map((row) => ({
      id: row.id,
      title: translate(row.title, request.lang),
      image: row.image,
      link: row.link,
    }));
  });

  const statistics = createStatistics(app);
  registerRoute(app, userRoutes.userStatistics, async (_input, request) => {
    const { userId, roleCode } = requireAuth(request);
    return statistics.forUser(userId, roleCode);
  });
}
