import type { StaffChange, StaffInvite } from '@jewel/contract/staff';
import { useMutation, useQueryClient } from '@tanstack/react-query';
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
