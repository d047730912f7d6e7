import { authRoutes } from '@jewel/contract/auth';
import { passkeyRoutes } from '@jewel/contract/passkey';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { serviceDeps } from '../../domain/service-deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { registerRoute } from '../../lib/route.ts';
import { requireAuth } from '../../plugins/app/auth.ts';
import * as auth from './auth.service.ts';
import * as passkeys from './passkey.service.ts';

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

  // Passkeys (docs/adr/0103): a member's own, then the sign-in with one.
  registerRoute(app, passkeyRoutes.passkeyRegistrationOptions, (_input, request) =>
    passkeys.registrationOptions(deps, request, requireAuth(request).userId),
  );

  registerRoute(app, passkeyRoutes.passkeyRegister, ({ body }, request) =>
    passkeys.register(deps, request, requireAuth(request).userId, body.name, body.response),
  );

  registerRoute(app, passkeyRoutes.passkeyList, (_input, request) => passkeys.list(deps, requireAuth(request).userId));

  registerRoute(app, passkeyRoutes.passkeyRename, ({ params, body }, request) =>
    passkeys.rename(deps, requireAuth(request).userId, params.id, body.name),
  );

  registerRoute(app, passkeyRoutes.passkeyRemove, async ({ params }, request) => {
    await passkeys.remove(deps, requireAuth(request).userId, params.id);
    return null;
  });

  registerRoute(app, passkeyRoutes.authPasskeyOptions, (_input, request) => passkeys.signInOptions(deps, request));

  registerRoute(app, passkeyRoutes.authPasskey, ({ body }, request) =>
    passkeys.signIn(deps, request, body.challenge_id, body.response),
  );
}

export const authFeature = fp(routes, {
  name: 'auth-routes',
  dependencies: ['auth', 'config', 'database', 'live'],
  encapsulate: true,
});
