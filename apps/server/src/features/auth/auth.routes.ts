import { authRoutes } from '@jewel/contract/auth';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { serviceDeps } from '../../domain/service-deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { registerRoute } from '../../lib/route.ts';
import { requireAuth } from '../../plugins/app/auth.ts';
import * as auth from './auth.service.ts';

async function routes(app: FastifyInstance) {
  const deps = { ...serviceDeps(app), tokens: app.tokens };

  registerRoute(app, authRoutes.authLogin, ({ body }, request) =>
    auth.login(deps, request, body.mobile, body.password),
  );

  registerRoute(app, authRoutes.authRefresh, ({ body }, request) => auth.refresh(deps, request, body?.refresh_token));

  registerRoute(app, authRoutes.authLogout, async (_input, request) => {
    await auth.logout(deps, requireAuth(request).sessionId);
    return null;
  });

  registerRoute(app, authRoutes.authTmp, ({ body }, request) =>
    auth.createTemporaryLink(deps, requireAuth(request).userId, body.role, body.hours),
  );

  registerRoute(app, authRoutes.authGuest, ({ body }, request) =>
    auth.enterAsGuest(deps, request, body.uuid, body.name),
  );

  registerRoute(app, authRoutes.wxLogin, async () => {
    throw new AppError('providerLoginNotConfigured');
  });
}

export const authFeature = fp(routes, {
  name: 'auth-routes',
  dependencies: ['auth', 'config', 'database', 'live'],
  encapsulate: true,
});
