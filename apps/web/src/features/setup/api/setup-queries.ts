import type { ShopSetup, ShopState } from '@jewel/contract/setup';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { setupRoutes } from './setup-routes.ts';

export const setupKeys = {
  state: () => ['setup', 'state'] as const,
  setUp: () => ['setup', 'set-up'] as const,
  demo: () => ['setup', 'demo'] as const,
};

/** Whether the shop is set up (or runs the demo), asked afresh each time the setup page opens. */
export function shopStateOptions() {
  return queryOptions({
    queryKey: setupKeys.state(),
    queryFn: ({ signal }) => call(setupRoutes.shopState, {}, { signal, hideErrorToast: true }),
    staleTime: 0,
  });
}

/**
 * The shop's answer becomes the page's state: set up, the page leaves for login. Any refusal
 * (the API client has toasted it) asks the state again: a shop set up meanwhile elsewhere
 * (`shopAlreadySetUp`) leaves too.
 */
function useShopStateMutation<I>(mutationKey: readonly string[], send: (input: I) => Promise<ShopState>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey,
    mutationFn: send,
    onSuccess: (state) => queryClient.setQueryData(setupKeys.state(), state),
    onError: () => queryClient.invalidateQueries({ queryKey: setupKeys.state() }),
  });
}

/** Sets the shop up with its owner, once. */
export function useSetUpShop() {
  return useShopStateMutation(setupKeys.setUp(), (body: ShopSetup) => call(setupRoutes.setUpShop, { body }));
}

/** Fills the empty shop with the demo data and its public demo accounts, once. */
export function useExploreDemo() {
  return useShopStateMutation(setupKeys.demo(), () => call(setupRoutes.exploreDemo, {}));
}
