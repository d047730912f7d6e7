import { authRoutes } from '@jewel/contract/auth';
import { passkeyRoutes } from '@jewel/contract/passkey';
import { signInRoutes } from '@jewel/contract/sign-in';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { serviceDeps } from '../../domain/service-deps.ts';
import { configuredProviders } from '../../domain/sign-in-methods.ts';
import { registerRoute } from '../../lib/route.ts';
import { requireAuth } from '../../plugins/app/auth.ts';
import * as auth from './auth.service.ts';
import * as passkeys from './passkey.service.ts';
import * as providers from './provider-sign-in.ts';
import * as methods from './sign-in-methods.service.ts';

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
    auth.createTemporaryLink(deps, requireAuth(request), body.role, body.hours),
  );

  registerRoute(app, authRoutes.authGuest, ({ body }, request) =>
    auth.enterAsGuest(deps, request, body.uuid, body.name),
  );

  // WeChat (SPEC's provider login, docs/adr/0103): the code and state WeChat brought back.
  registerRoute(app, authRoutes.wxLogin, ({ body }, request) =>
    providers.wechatSignIn(deps, request, body.code, body.state),
  );

  // Sign-in providers (docs/adr/0103): which are offered, and the member's bindings.
  registerRoute(app, signInRoutes.authMethods, async (_input, request) => ({
    providers: configuredProviders(deps, request.lang),
  }));

  registerRoute(app, signInRoutes.authProviderStart, ({ params }, request) =>
    providers.startSignIn(deps, request, params.provider),
  );

  registerRoute(app, signInRoutes.authProviderFinish, ({ body }, request) =>
    providers.finishSignIn(deps, request, { state: body.state, code: body.code, callbackUrl: body.callback_url }),
  );

  registerRoute(app, signInRoutes.signInBindingStart, ({ params, body }, request) =>
    providers.startBinding(deps, request, requireAuth(request).userId, params.provider, body.password),
  );

  registerRoute(app, signInRoutes.signInBindingFinish, ({ body }, request) =>
    providers.finishBinding(deps, request, requireAuth(request).userId, {
      state: body.state,
      code: body.code,
      callbackUrl: body.callback_url,
    }),
  );

  registerRoute(app, signInRoutes.signInBindingList, (_input, request) =>
    methods.listBindings(deps, request.lang, requireAuth(request).userId),
  );

  registerRoute(app, signInRoutes.signInBindingRemove, async ({ params }, request) => {
    const { userId } = requireAuth(request);
    await methods.unbind(deps, userId, params.provider, userId);
    return null;
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
