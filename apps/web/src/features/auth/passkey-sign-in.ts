import table from 'virtual:page-routes/passkeySignIn';
import type { passkeyRoutes, passkeySignInSchema } from '@jewel/contract/passkey';
import {
  type AuthenticationResponseJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
  WebAuthnAbortService,
} from '@simplewebauthn/browser';
import type { z } from 'zod';
import { call } from '../../lib/api-client.ts';
import { startSession } from './api/session.ts';

/*
 * Signing in with a passkey (ADR 0103): the WebAuthn code, loaded when the sign-in page's button
 * is tapped or the browser offers passkeys in the mobile field's autofill (conditional UI), never
 * with the page's first load. The session starts as the password's does (`startSession`).
 */

/**
 * The sign-in's two routes, kept out of every page's first table (route-table-plugin.ts
 * `KEPT_APART`): they load with this code.
 */
const signInRoutes = table as unknown as Pick<typeof passkeyRoutes, 'authPasskeyOptions' | 'authPasskey'>;

type Options = Awaited<ReturnType<typeof askOptions>>;

function askOptions(options: { signal?: AbortSignal; hideErrorToast?: boolean } = {}) {
  return call(signInRoutes.authPasskeyOptions, {}, options);
}

/** The browser's answer, or null when the person closed its prompt or the ceremony was cancelled. */
async function authenticate(options: Options, autofill: boolean): Promise<AuthenticationResponseJSON | null> {
  try {
    return await startAuthentication({
      optionsJSON: options.options as PublicKeyCredentialRequestOptionsJSON,
      useBrowserAutofill: autofill,
    });
  } catch (error) {
    // Closed, timed out (NotAllowedError) or cancelled for another ceremony (AbortError): nothing to say.
    const name = (error as { cause?: Error }).cause?.name ?? (error as Error).name;
    if (name === 'NotAllowedError' || name === 'AbortError') return null;
    throw error;
  }
}

/** Sends the browser's answer; the session starts. A refusal is the server's, toasted by the client. */
async function finish(options: Options, response: AuthenticationResponseJSON) {
  const tokens = await call(signInRoutes.authPasskey, {
    // The browser's JSON in the contract's shape; its extension results' type has no index signature.
    body: { challenge_id: options.challenge_id, response: response as z.input<typeof passkeySignInSchema>['response'] },
  });
  await startSession(tokens);
}

/**
 * The button: the person picks a passkey in the browser's own prompt. Answers true when signed
 * in, false when they closed the prompt. Throws the server's refusal (already toasted) or the
 * browser's failure (the caller says it could not be used here).
 */
export async function signInWithPasskey(): Promise<boolean> {
  const options = await askOptions();
  const response = await authenticate(options, false);
  if (!response) return false;
  await finish(options, response);
  return true;
}

/** How an offer in autofill ended: signed in, a passkey picked before the agreement was ticked, or otherwise. */
export type AutofillEnd = 'signed-in' | 'agreement' | 'ended';

/**
 * Conditional UI: the mobile field's autofill offers the phone's passkeys until one is picked or
 * `signal` ends the offer (the page left, the button tapped). A passkey picked before the
 * agreement is ticked sends nothing (`agreement`: the caller says so and offers again once it is
 * ticked). A refusal is toasted by the client; it and any other failure (no options here, the
 * browser's) end the offer: the button stays. One round only, so that nothing repeats on its own.
 */
export async function offerInAutofill(signal: AbortSignal, agreed: () => boolean): Promise<AutofillEnd> {
  signal.addEventListener('abort', () => WebAuthnAbortService.cancelCeremony(), { once: true });
  let options: Options;
  let response: AuthenticationResponseJSON | null;
  try {
    options = await askOptions({ signal, hideErrorToast: true });
    if (signal.aborted) return 'ended';
    response = await authenticate(options, true);
  } catch {
    return 'ended';
  }
  if (!response || signal.aborted) return 'ended';
  if (!agreed()) return 'agreement';
  try {
    await finish(options, response);
  } catch {
    return 'ended';
  }
  return 'signed-in';
}
