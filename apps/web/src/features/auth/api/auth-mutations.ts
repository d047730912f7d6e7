import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { routes } from '../../../lib/routes.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { sharedPhone, startSession } from './session.ts';

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
