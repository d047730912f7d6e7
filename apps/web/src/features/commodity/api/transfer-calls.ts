import table from 'virtual:page-routes/transfers';
import type { transferRoutes as contractTransferRoutes } from '@jewel/contract/transfer';
import { queryOptions, useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { commodityChanged, refetchCommodity, refreshCommodityOverviews } from '../../../lib/commodity-cache.ts';

/**
 * The transfers' routes (issue 32 item 4, docs/adr/0105 "Transfers"), kept out of every page's
 * first table (route-table-plugin.ts `KEPT_APART`): they load with the item's detail page, itself
 * lazy. At run time each holds only its method and path.
 */
const transferRoutes = table as unknown as Pick<typeof contractTransferRoutes, 'commodityTransfer' | 'branchesOpen'>;

export const transferKeys = {
  openBranches: () => ['branches', 'open'] as const,
};

/**
 * Every open branch of the chain (GET /api/branches/open): where an item may go. Read only for a
 * staff recorder; kept five minutes (a branch opens rarely). A failure offers no transfer, quietly.
 */
export function openBranchesOptions() {
  return queryOptions({
    queryKey: transferKeys.openBranches(),
    queryFn: async ({ signal }) =>
      (await call(transferRoutes.branchesOpen, {}, { signal, hideErrorToast: true })).items,
    staleTime: 5 * 60_000,
  });
}

export interface TransferInput {
  id: number;
  version: number;
  branchId: number;
  reason: string;
}

/**
 * Moves the item to another branch. The answer is the item as the caller sees it now, or null
 * when it left the branches they see: then only the lists are refreshed. A
 * refusal is the sheet's to show (no toast); the detail is read again.
 */
export function useTransfer() {
  return useMutation({
    mutationFn: (input: TransferInput) =>
      call(
        transferRoutes.commodityTransfer,
        { params: { id: input.id }, body: { version: input.version, branch_id: input.branchId, reason: input.reason } },
        { hideErrorToast: true },
      ),
    // Gone from the caller's branches: the sheet leaves the page, whose detail is not read again.
    onSuccess: ({ commodity }) => (commodity ? commodityChanged(commodity) : refreshCommodityOverviews()),
    onError: (_error, input) => void refetchCommodity(input.id),
  });
}
