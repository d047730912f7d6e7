import type { CommodityDetail } from '@jewel/contract/commodity';
import { useMutation } from '@tanstack/react-query';
import { type CallInput, call } from '../../../lib/api-client.ts';
import { commodityChanged, refetchCommodity } from '../../../lib/commodity-cache.ts';
import { isApiError } from '../../../lib/is-api-error.ts';
import { routes } from '../../../lib/routes.ts';

/** The actions of the appraisal pages; each answers the commodity's fresh detail. */
export type AppraisalAction =
  | 'commodityStartAppraisal'
  | 'commodityReturn'
  | 'commodityAppraise'
  | 'commodityStartReconsideration'
  | 'commodityReconsider'
  | 'commodityComprehensive'
  | 'commodityRecycle';

export type ActionBody<A extends AppraisalAction> = CallInput<(typeof routes)[A]> extends { body: infer B } ? B : never;

/** A refusal that says the detail on screen is out of date (status, person or version). */
function staleRefusal(error: unknown): boolean {
  return isApiError(
    error,
    'commodityStatusInvalid',
    'commodityRoleNotAllowed',
    'commodityNotAssigned',
    'commodityOwnAppraisal',
    'commodityTaken',
    'commodityStale',
  );
}

/**
 * One action on commodity `id`. On success its answer replaces the cached detail, so the page
 * shows the new status at once; on a refusal about the status or the version the detail is
 * fetched again, so that the page shows what is true now. The api client toasts refusals.
 */
export function useAppraisalAction<A extends AppraisalAction>(action: A, id: number) {
  return useMutation({
    mutationKey: ['appraisal', action, id],
    mutationFn: async (body: ActionBody<A>): Promise<CommodityDetail> => {
      const route = routes[action];
      const input = { params: { id }, body } as unknown as CallInput<typeof route>;
      return (await call(route, input)) as CommodityDetail;
    },
    onSuccess: (detail) => {
      void commodityChanged(detail);
    },
    onError: (error) => {
      if (staleRefusal(error)) void refetchCommodity(id);
    },
  });
}
