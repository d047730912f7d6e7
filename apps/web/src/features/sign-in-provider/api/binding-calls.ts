import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api-client.ts';
import { bindingRoutes, goToProvider, providerKeys } from '../../../lib/sign-in-providers.ts';

/** The member's bindings (ADR 0103), read afresh each time the page opens. */
export function bindingListOptions() {
  return queryOptions({
    queryKey: providerKeys.bindings,
    queryFn: ({ signal }) => call(bindingRoutes.signInBindingList, {}, { signal, hideErrorToast: true }),
    staleTime: 0,
  });
}

/** The member's password first (a wrong one is the server's refusal, toasted by the client). */
export async function startBinding(provider: string, password: string) {
  const answer = await call(bindingRoutes.signInBindingStart, { params: { provider }, body: { password } });
  goToProvider(answer, { provider, purpose: 'bind' });
}

export function useUnbind() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (provider: string) => call(bindingRoutes.signInBindingRemove, { params: { provider } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: providerKeys.bindings }),
  });
}
