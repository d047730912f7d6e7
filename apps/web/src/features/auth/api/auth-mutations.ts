import type { SessionTokens } from '@jewel/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { routes } from '../../../lib/routes.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';

/** What the phone keeps of its users (lib/shared-phone.ts), loaded when a session starts or ends. */
const sharedPhone = () => import('../../../lib/shared-phone.ts');

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
}

export function useLogin() {
  return useMutation({
    mutationFn: (credentials: { mobile: string; password: string }) => call(routes.authLogin, { body: credentials }),
    onSuccess: startSession,
  });
}

/**
 * Ends this device's session; the local session is cleared even when the network fails, and
 * nothing of the user stays on the phone but their unsent outbox (lib/shared-phone.ts).
 */
export function useLogout() {
  return useMutation({
    mutationFn: () => call(routes.authLogout, {}, { hideErrorToast: true }).catch(() => null),
    onSettled: async () => {
      useAuthStore.getState().clear();
      queryClient.clear();
      await (await sharedPhone()).signedOut();
    },
  });
}

export function useEnterAsGuest() {
  return useMutation({
    mutationFn: (input: { uuid: string; name?: string }) =>
      call(routes.authGuest, { body: input }, { hideErrorToast: true }),
    onSuccess: startSession,
  });
}
