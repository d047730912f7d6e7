import table from 'virtual:page-routes/branches';
import type { branchRoutes as contractBranchRoutes } from '@jewel/contract/branches';
import { queryOptions } from '@tanstack/react-query';
import { call } from './api-client.ts';

/**
 * The contract's branch routes (issue 32, docs/adr/0105), kept out of every page's first table
 * (route-table-plugin.ts `KEPT_APART`): they load with the back office's pages that ask for them
 * (the branches page, the staff page's branches of a member). At run time each holds only its
 * method and path; its schemas exist as types, which is all `call()` needs of them.
 */
export const branchRoutes = table as unknown as Pick<
  typeof contractBranchRoutes,
  'branches' | 'branchCreate' | 'branchChange' | 'branchState' | 'staffBranches'
>;

export const branchKeys = {
  all: ['branches'] as const,
  list: () => [...branchKeys.all, 'list'] as const,
};

/**
 * The branches the manager keeps, open ones first (GET /api/branches, managers only). A failure
 * is the page's error state (or its "for managers" notice), not a toast.
 */
export function branchListOptions() {
  return queryOptions({
    queryKey: branchKeys.list(),
    queryFn: async ({ signal }) => (await call(branchRoutes.branches, {}, { signal, hideErrorToast: true })).items,
    staleTime: 0,
  });
}
