import { authRoutes } from '@jewel/contract/auth';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { registerRoute } from '../../lib/route.ts';
import { rememberLiveSessions, requireAuth } from '../../plugins/app/auth.ts';
import * as auth from './auth.service.ts';

export async function authFeature(app: FastifyInstance) {
  rememberLiveSessions(app);

  registerRoute(app, authRoutes.authLogin, ({ body }, request) => auth.login(app, request, body.mobile, body.password));

  registerRoute(app, authRoutes.authRefresh, ({ body }, request) => auth.refresh(app, request, body?.refresh_token));

  registerRoute(app, authRoutes.authLogout, async (_input, request) => {
    await auth.logout(app, requireAuth(request).sessionId);
    return null;
  });

  registerRoute(app, authRoutes.authTmp, ({ body }, request) =>
    auth.createTemporaryLink(app, requireAuth(request).userId, body.role, body.hours),
  );

  registerRoute(app, authRoutes.authGuest, ({ body }, request) =>
    auth.enterAsGuest(app, request, body.uuid, body.name),
  );

  registerRoute(app, authRoutes.wxLogin, async () => {
    throw new AppError('providerLoginNotConfigured');
  });
}
