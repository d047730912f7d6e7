import type { CommodityDetail } from '@jewel/contract/commodity';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { commodityChanged, refetchCommodity, refreshCommodityOverviews } from '../../../lib/commodity-cache.ts';
import { routes } from '../../../lib/routes.ts';

function settled(detail: CommodityDetail) {
  void commodityChanged(detail);
}

/**
 * A refusal (a stale version, a status that moved on) was toasted by the client with the
 * server's message; the page shows the commodity as it is now.
 */
function refetchDetail(id: number) {
  void refetchCommodity(id);
}

export interface DistributeInput {
  items: { id: number; version: number }[];
  valuerId: number;
  workflowId: number | null;
}

/** Assigns the commodities to a valuer (10 or 20 → 20) with the workflow they will go through. */
export function useDistribute() {
  return useMutation({
    mutationFn: (input: DistributeInput) =>
      call(routes.commodityDistribute, {
        body: { items: input.items, valuer_id: input.valuerId, workflow_id: input.workflowId },
      }),
    onSettled: (_data, _error, input) => {
      for (const item of input.items) refetchDetail(item.id);
      void refreshCommodityOverviews();
    },
  });
}

export interface ReassessInput {
  id: number;
  version: number;
  revisitType: number;
  reason: string;
}

/** A new appraisal round (60 or 70 → 20); the earlier rounds stay in the history. */
export function useReassess() {
  return useMutation({
    mutationFn: (input: ReassessInput) =>
      call(routes.commodityReassess, {
        params: { id: input.id },
        body: { version: input.version, revisit_type: input.revisitType, reason: input.reason },
      }),
    onSuccess: settled,
    onError: (_error, input) => refetchDetail(input.id),
  });
}

export interface ConfirmNameInput {
  id: number;
  version: number;
  productId: number;
}

/** Links the commodity to a catalog product and takes its name. */
export function useConfirmName() {
  return useMutation({
    mutationFn: (input: ConfirmNameInput) =>
      call(routes.commodityConfirmName, {
        params: { id: input.id },
        body: { version: input.version, product_id: input.productId },
      }),
    onSuccess: settled,
    onError: (_error, input) => refetchDetail(input.id),
  });
}
