import type { BranchInput } from '@jewel/contract/branches';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { branchKeys, branchRoutes } from '../../../lib/branch-list.ts';

/**
 * After any change the list is asked again (the server orders it, counts its staff and fills in
 * the shop's details). Refusals (`branchNameTaken`, `lastBranch`, `branchStaffed`,
 * `branchHasItemsUnderWay`) are toasted by the API client in the server's words.
 */
function useRefreshedAfter<I, O>(send: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: branchKeys.all }),
  });
}

/** Opens a branch (POST /api/branches); its manager works there from now on. */
export function useOpenBranch() {
  return useRefreshedAfter((body: BranchInput) => call(branchRoutes.branchCreate, { body }));
}

/** Replaces a branch's details (PUT /api/branches/:id). */
export function useChangeBranch() {
  return useRefreshedAfter(({ id, body }: { id: number; body: BranchInput }) =>
    call(branchRoutes.branchChange, { params: { id }, body }),
  );
}

/** Closes a branch, which keeps its records, or opens it again (PUT /api/branches/:id/state). */
export function useBranchState() {
  return useRefreshedAfter(({ id, open }: { id: number; open: boolean }) =>
    call(branchRoutes.branchState, { params: { id }, body: { open } }),
  );
}
