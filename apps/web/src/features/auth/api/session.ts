import type { SessionTokens } from '@jewel/contract/auth';
import { call } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { routes } from '../../../lib/routes.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';

/** What the phone keeps of its users (lib/shared-phone.ts), loaded when a session starts or ends. */
export const sharedPhone = () => import('../../../lib/shared-phone.ts');

/**
 * The phone records its new user before the session starts: the app leaves the sign-in page as
 * soon as there is a session, and a record still loading then was lost with the page, so that
 * the owner's own draft was erased at their next sign-in as if it were someone else's. Every way
 * of signing in starts the session here: the password, a guest link, a passkey (passkey-sign-in.ts).
 */
export async function startSession(tokens: SessionTokens) {
  await (await sharedPhone()).signedIn(tokens.user.id);
  queryClient.clear();
  useAuthStore.getState().signIn(tokens);
  // Where to work today, asked on the next signed-in page if there are several (issue 32).
  useAuthStore.setState({ askBranch: true });
}

/**
 * Signs in with the mobile and password. A plain call rather than a mutation hook: the sign-in
 * page's first load has no room for TanStack's mutation code (first-load.mjs).
 */
export async function signInWithPassword(credentials: { mobile: string; password: string }) {
  await startSession(await call(routes.authLogin, { body: credentials }));
}
