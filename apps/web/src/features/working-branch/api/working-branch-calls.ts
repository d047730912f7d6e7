import table from 'virtual:page-routes/workingBranch';
import type { branchRoutes } from '@jewel/contract/branches';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';

/**
 * The working branch's route (issue 32), kept out of every page's first table (route-table-plugin.ts
 * `KEPT_APART`): it loads with the branch chooser and the personal center's branch row, which only
 * a person working at several branches sees.
 */
const workingBranchRoutes = table as unknown as Pick<typeof branchRoutes, 'userWorkingBranch'>;

/**
 * Works at another branch for this session (PUT /api/user/branch): the answer is the user info,
 * which the session keeps. What the screens read at the other branch is read again: the queries
 * on screen now, the others when next shown. Refusals (`branchClosed`) are toasted by the API client.
 */
export function useWorkAt() {
  return useMutation({
    mutationFn: (branchId: number) => call(workingBranchRoutes.userWorkingBranch, { body: { branch_id: branchId } }),
    onSuccess: (user) => {
      useAuthStore.getState().setUser(user);
      queryClient.removeQueries({ type: 'inactive' });
      void queryClient.invalidateQueries();
    },
  });
}
