import type { StaffChange, StaffInvite, StaffSignIn } from '@jewel/contract/staff';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { staffKeys, staffRoutes } from '../../../lib/staff-list.ts';

/** After any change the list is asked again: the server says what each member now is. */
function useRefreshedAfter<I, O>(send: (input: I) => Promise<O>, mutationKey?: readonly string[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey,
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKeys.all }),
  });
}

/** Adds a member: the answer holds their first password, to show once. Refusals are toasted by the API client. */
export function useInviteMember() {
  return useRefreshedAfter((body: StaffInvite) => call(staffRoutes.staffInvite, { body }), staffKeys.invite());
}

/** One change of a member: their counter role, managing, or their account on or off. */
export function useChangeMember() {
  return useRefreshedAfter(({ id, body }: { id: number; body: StaffChange }) =>
    call(staffRoutes.staffChange, { params: { id }, body }),
  );
}

/** A new generated password for a member, answered once; their sessions end. */
export function useResetPassword() {
  return useRefreshedAfter((id: number) => call(staffRoutes.staffResetPassword, { params: { id } }));
}

/** How a member signs in (e-mail, passkeys, providers); a failure is the sheet's error state. */
export function staffSignInOptions(id: number) {
  return queryOptions({
    queryKey: [...staffKeys.all, 'sign-in', id] as const,
    queryFn: ({ signal }) => call(staffRoutes.staffSignIn, { params: { id } }, { signal, hideErrorToast: true }),
    staleTime: 0,
  });
}

/** A change to how a member signs in: the answer is the member's methods as they now are. */
function useSignInChange<I>(id: number, send: (input: I) => Promise<StaffSignIn>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (answer) => queryClient.setQueryData(staffSignInOptions(id).queryKey, answer),
  });
}

/** Sets the member's work e-mail; null clears it. `emailTaken` is toasted by the API client. */
export function useSetEmail(id: number) {
  return useSignInChange(id, (email: string | null) =>
    call(staffRoutes.staffEmail, { params: { id }, body: { email } }),
  );
}

export function useRemovePasskey(id: number) {
  return useSignInChange(id, (passkeyId: number) =>
    call(staffRoutes.staffPasskeyRemove, { params: { id, passkeyId } }),
  );
}

export function useUnbindProvider(id: number) {
  return useSignInChange(id, (provider: string) => call(staffRoutes.staffBindingRemove, { params: { id, provider } }));
}
