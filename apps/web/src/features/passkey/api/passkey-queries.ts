import table from 'virtual:page-routes/passkey';
import type { passkeyRoutes as contractPasskeyRoutes, Passkey, registerPasskeySchema } from '@jewel/contract/passkey';
import {
  type PublicKeyCredentialCreationOptionsJSON,
  type RegistrationResponseJSON,
  startRegistration,
} from '@simplewebauthn/browser';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../../../lib/api-client.ts';
import { isApiError } from '../../../lib/is-api-error.ts';

/**
 * The member's passkey routes, kept out of every page's first table (route-table-plugin.ts
 * `KEPT_APART`): they load with the passkeys page.
 */
const passkeyRoutes = table as unknown as Pick<
  typeof contractPasskeyRoutes,
  'passkeyRegistrationOptions' | 'passkeyRegister' | 'passkeyList' | 'passkeyRename' | 'passkeyRemove'
>;

export const passkeyKeys = {
  all: ['passkeys'] as const,
  list: () => [...passkeyKeys.all, 'list'] as const,
};

/** The member's passkeys, oldest first, read afresh each time the page opens. A failure is the page's error state. */
export function passkeyListOptions() {
  return queryOptions({
    queryKey: passkeyKeys.list(),
    queryFn: ({ signal }) => call(passkeyRoutes.passkeyList, {}, { signal, hideErrorToast: true }),
    staleTime: 0,
  });
}

/**
 * The server's options for a new passkey. `passkeysUnavailable` (not at the shop's address) is
 * the page's to show, not a toast; any other refusal is toasted by the client.
 */
export function registrationOptions(): Promise<PublicKeyCredentialCreationOptionsJSON> {
  return call(
    passkeyRoutes.passkeyRegistrationOptions,
    {},
    { hideErrorToastWhen: (error) => isApiError(error, 'passkeysUnavailable') },
  ) as Promise<PublicKeyCredentialCreationOptionsJSON>;
}

/** What the browser did with the options. */
export type Creation =
  | { outcome: 'created'; response: RegistrationResponseJSON }
  /** The person closed the prompt, or it timed out: nothing to say. */
  | { outcome: 'closed' }
  /** The authenticator holds a passkey of theirs already (the options exclude it). */
  | { outcome: 'exists' }
  /** The page is not at the relying party's address (or at an IP address). */
  | { outcome: 'address' }
  | { outcome: 'failed' };

/**
 * The browser's prompt to create a passkey from the options. Called first thing in a tap's
 * handler: some browsers (Safari) create one only within a tap.
 */
export async function createPasskey(options: PublicKeyCredentialCreationOptionsJSON): Promise<Creation> {
  try {
    return { outcome: 'created', response: await startRegistration({ optionsJSON: options }) };
  } catch (error) {
    const { name, code } = error as { name?: string; code?: string };
    if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || name === 'InvalidStateError')
      return { outcome: 'exists' };
    if (code === 'ERROR_INVALID_DOMAIN' || code === 'ERROR_INVALID_RP_ID' || name === 'SecurityError')
      return { outcome: 'address' };
    const cause = (error as { cause?: { name?: string } }).cause?.name ?? name;
    if (cause === 'NotAllowedError' || cause === 'AbortError') return { outcome: 'closed' };
    return { outcome: 'failed' };
  }
}

type RegisterBody = z.input<typeof registerPasskeySchema>;

/** Registers the passkey the browser made, under the member's name for it. Refusals are toasted by the client. */
export function useRegisterPasskey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ name, response }: { name: string; response: RegistrationResponseJSON }) =>
      // The browser's JSON in the contract's shape; its extension results' type has no index signature.
      call(passkeyRoutes.passkeyRegister, { body: { name, response: response as RegisterBody['response'] } }),
    onSettled: () => client.invalidateQueries({ queryKey: passkeyKeys.list() }),
  });
}

export function useRenamePasskey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ passkey, name }: { passkey: Passkey; name: string }) =>
      call(passkeyRoutes.passkeyRename, { params: { id: passkey.id }, body: { name } }),
    onSettled: () => client.invalidateQueries({ queryKey: passkeyKeys.list() }),
  });
}

export function useRemovePasskey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (passkey: Passkey) => call(passkeyRoutes.passkeyRemove, { params: { id: passkey.id } }),
    onSettled: () => client.invalidateQueries({ queryKey: passkeyKeys.list() }),
  });
}
