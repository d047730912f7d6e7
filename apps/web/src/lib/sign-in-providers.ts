import bindingTable from 'virtual:page-routes/signInBinding';
import methodsTable from 'virtual:page-routes/signInMethods';
import type { authRoutes } from '@jewel/contract/auth';
import type { signInRoutes as contractSignInRoutes, SignInBinding } from '@jewel/contract/sign-in';
import { queryOptions } from '@tanstack/react-query';
import { call } from './api-client.ts';

/*
 * What the sign-in page, the providers' return page and the personal center's page share about
 * sign-in providers (ADR 0103). Their calls are kept out of every page's first table
 * (route-table-plugin.ts `KEPT_APART`) and load with these pages; WeChat's sign-in finishes
 * through SPEC's `/user/wxLogin`.
 */
export const signInRoutes = methodsTable as unknown as Pick<
  typeof contractSignInRoutes,
  'authMethods' | 'authProviderStart' | 'authProviderFinish'
> &
  Pick<typeof authRoutes, 'wxLogin'>;
export const bindingRoutes = bindingTable as unknown as Pick<
  typeof contractSignInRoutes,
  'signInBindingList' | 'signInBindingStart' | 'signInBindingFinish' | 'signInBindingRemove'
>;

export const providerKeys = {
  methods: ['sign-in-providers'] as const,
  bindings: ['sign-in-bindings'] as const,
};

/** The providers this shop offers; a failure offers none (the password and passkeys stay). */
export function providerMethodsOptions() {
  return queryOptions({
    queryKey: providerKeys.methods,
    queryFn: ({ signal }) => call(signInRoutes.authMethods, {}, { signal, hideErrorToast: true }),
    staleTime: 5 * 60_000,
  });
}

/*
 * A sign-in or binding at a provider under way: what the phone keeps while the browser is at the
 * provider, to check on its return that the answer belongs to a request started here.
 * sessionStorage: this tab only, gone when it closes, and cleared at every sign-out
 * (lib/shared-phone.ts clears the app's `jewel-` keys).
 */

const KEY = 'jewel-provider-request';

export interface PendingRequest {
  state: string;
  provider: string;
  purpose: 'sign-in' | 'bind';
  /** Where to go once signed in (the sign-in page's `redirect`). */
  redirect?: string;
}

/** Sends the browser to the provider, keeping the request to check on its return. */
export function goToProvider(answer: { url: string; state: string }, request: Omit<PendingRequest, 'state'>) {
  sessionStorage.setItem(KEY, JSON.stringify({ ...request, state: answer.state }));
  window.location.assign(answer.url);
}

/** The request kept, taken once (a reload of the return page does not send its code again). */
export function takeRequest(): PendingRequest | null {
  const kept = sessionStorage.getItem(KEY);
  sessionStorage.removeItem(KEY);
  if (!kept) return null;
  try {
    const request = JSON.parse(kept) as PendingRequest;
    return typeof request.state === 'string' && typeof request.provider === 'string' ? request : null;
  } catch {
    return null;
  }
}

/** What the provider sent the browser back with. */
export interface ProviderResult {
  state: string;
  code: string;
  callbackUrl: string;
}

export function providerResultBody(result: ProviderResult) {
  return { state: result.state, code: result.code, callback_url: result.callbackUrl };
}

/** Binds the account the provider sent back to the signed-in member. */
export function finishBinding(result: ProviderResult): Promise<SignInBinding> {
  return call(bindingRoutes.signInBindingFinish, { body: providerResultBody(result) }, { hideErrorToast: true });
}
