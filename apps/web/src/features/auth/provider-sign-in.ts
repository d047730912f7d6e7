import { call } from '../../lib/api-client.ts';
import { goToProvider, type ProviderResult, providerResultBody, signInRoutes } from '../../lib/sign-in-providers.ts';
import { startSession } from './api/session.ts';

/** The sign-in page's provider button (ADR 0103): the browser goes to the provider. */
export async function startSignIn(provider: string, redirect: string | undefined) {
  const answer = await call(signInRoutes.authProviderStart, { params: { provider } });
  goToProvider(answer, { provider, purpose: 'sign-in', redirect });
}

/** Signs in with the provider's result; the session starts as the password's does. */
export async function finishSignIn(provider: string, result: ProviderResult) {
  const tokens =
    provider === 'wechat'
      ? await call(signInRoutes.wxLogin, { body: { code: result.code, state: result.state } }, { hideErrorToast: true })
      : await call(signInRoutes.authProviderFinish, { body: providerResultBody(result) }, { hideErrorToast: true });
  await startSession(tokens);
}
