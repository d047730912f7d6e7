import type { FastifyBaseLogger } from 'fastify';
import { compactVerify } from 'jose';
import * as client from 'openid-client';
import { AppError } from '../../lib/app-error.ts';
import { isLoopbackHost, type OidcProviderConfig } from '../../sign-in-config.ts';
import type { ProviderFlow, ProviderRequest } from './provider-flow.ts';

/*
 * An OpenID Connect provider (docs/adr/0103 "OpenID Connect"), by openid-client 6: discovery,
 * the authorization code with PKCE (S256), `state` and `nonce`, and the id token's issuer,
 * audience, expiry and nonce checked by the library. Its signature is checked too, though a token
 * from the token endpoint over TLS need not be (OpenID Connect Core 3.1.3.7): against the issuer's
 * keys (the library's non-repudiation check), or, for an HMAC (LINE's web login signs with the
 * channel secret, which the library does not check), against the client secret with jose.
 * Nothing here logs a code, a token, a secret or a subject.
 */

/** How long one request to a provider (discovery, token, keys) may take, in seconds. */
const PROVIDER_TIMEOUT_SECONDS = 10;

type Log = Pick<FastifyBaseLogger, 'warn'>;

/** Each provider's discovery while it answered; a failed one is asked again at the next use. */
const discoveries = new WeakMap<OidcProviderConfig, Promise<client.Configuration>>();

function signedWithSecret(provider: OidcProviderConfig) {
  return provider.idTokenAlg?.startsWith('HS') ?? false;
}

function discover(provider: OidcProviderConfig) {
  const known = discoveries.get(provider);
  if (known) return known;
  const issuer = new URL(provider.issuer);
  const execute: ((configuration: client.Configuration) => void)[] = [];
  // http only for an issuer on this machine (sign-in-config refuses it elsewhere).
  if (issuer.protocol === 'http:' && isLoopbackHost(issuer.hostname)) execute.push(client.allowInsecureRequests);
  if (!signedWithSecret(provider)) execute.push(client.enableNonRepudiationChecks);
  const found = client.discovery(
    issuer,
    provider.clientId,
    {
      ...(provider.clientSecret ? { client_secret: provider.clientSecret } : {}),
      ...(provider.idTokenAlg ? { id_token_signed_response_alg: provider.idTokenAlg } : {}),
    },
    undefined,
    { execute, timeout: PROVIDER_TIMEOUT_SECONDS },
  );
  discoveries.set(provider, found);
  found.catch(() => {
    if (discoveries.get(provider) === found) discoveries.delete(provider);
  });
  return found;
}

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_SOCKET',
  'ERR_JWKS_TIMEOUT',
]);

/**
 * Whether the provider could not be reached (refused, timed out, or a 5xx), rather than said no
 * (exported for its tests).
 */
export function unreachable(error: unknown) {
  let cause = error;
  for (let depth = 0; cause instanceof Object && depth < 6; depth++) {
    if (cause instanceof Response) return cause.status >= 500;
    if (cause instanceof client.ResponseBodyError) return cause.status >= 500;
    const { name, code, message } = cause as { name?: unknown; code?: unknown; message?: unknown };
    if (name === 'TimeoutError' || name === 'AbortError') return true;
    if (typeof code === 'string' && NETWORK_CODES.has(code)) return true;
    if (cause instanceof TypeError && message === 'fetch failed') return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * What a log may say of a failure: its kind and the library's messages, never a response's body
 * or a token's claims (the causes that are not errors are left out: they can hold tokens).
 */
function reasonOf(error: unknown) {
  if (!(error instanceof Error)) return { reason: 'unknown' };
  const code = (error as { code?: unknown }).code;
  const cause = error.cause instanceof Error ? error.cause.message : undefined;
  // The OAuth error the provider answered (`invalid_grant`...), never its description.
  const oauthError = error instanceof client.ResponseBodyError ? error.error : undefined;
  return {
    reason: typeof code === 'string' ? code : error.name,
    message: error.message,
    ...(cause ? { cause } : {}),
    ...(oauthError ? { oauthError } : {}),
  };
}

/**
 * The address to hand the library: the return page (the redirect URI the provider was sent) with
 * the query the browser came back with. Refused when it does not hold the code the page sent.
 */
function returnedTo(request: ProviderRequest, code: string, callbackUrl: string) {
  const callback = URL.canParse(callbackUrl) ? new URL(callbackUrl) : undefined;
  if (callback?.searchParams.get('code') !== code) throw new AppError('providerSignInFailed');
  const current = new URL(request.redirectUri);
  current.search = callback.search;
  return current;
}

/** An id token signed with HMAC: signed with the client secret (OpenID Connect Core 10.1). */
async function checkSecretSignature(provider: OidcProviderConfig, idToken: string) {
  const secret = new TextEncoder().encode(provider.clientSecret);
  await compactVerify(idToken, secret, { algorithms: [provider.idTokenAlg ?? 'HS256'] });
}

export function oidcFlow(provider: OidcProviderConfig, name: string, log?: Log): ProviderFlow {
  /** Refusals: unreachable is the provider's (503), anything else a failed sign-in. */
  function refusal(error: unknown, step: string) {
    if (error instanceof AppError) return error;
    if (unreachable(error)) {
      log?.warn({ provider: provider.key, step, ...reasonOf(error) }, 'sign-in provider unreachable');
      return new AppError('providerUnavailable', { params: { provider: name } });
    }
    log?.warn({ provider: provider.key, step, ...reasonOf(error) }, 'sign-in at provider refused');
    return new AppError('providerSignInFailed');
  }

  async function configuration() {
    try {
      return await discover(provider);
    } catch (error) {
      // A discovery that does not answer, or answers what cannot be used, leaves the provider unusable.
      log?.warn({ provider: provider.key, step: 'discovery', ...reasonOf(error) }, 'sign-in provider unreachable');
      throw new AppError('providerUnavailable', { params: { provider: name } });
    }
  }

  return {
    key: provider.key,
    name,
    async authorizationUrl(request) {
      const found = await configuration();
      return client.buildAuthorizationUrl(found, {
        redirect_uri: request.redirectUri,
        scope: provider.scopes.join(' '),
        state: request.state,
        nonce: request.nonce,
        code_challenge: await client.calculatePKCECodeChallenge(request.codeVerifier),
        code_challenge_method: 'S256',
      }).href;
    },
    async verify(request, code, callbackUrl) {
      const current = returnedTo(request, code, callbackUrl);
      const found = await configuration();
      try {
        const tokens = await client.authorizationCodeGrant(found, current, {
          pkceCodeVerifier: request.codeVerifier,
          expectedState: request.state,
          expectedNonce: request.nonce,
          idTokenExpected: true,
        });
        const claims = tokens.claims();
        if (!claims || !tokens.id_token) throw new AppError('providerSignInFailed');
        if (signedWithSecret(provider)) await checkSecretSignature(provider, tokens.id_token);
        const email = claims.email_verified === true && typeof claims.email === 'string' ? claims.email : undefined;
        return { issuer: claims.iss, subject: claims.sub, ...(email ? { verifiedEmail: email } : {}) };
      } catch (error) {
        throw refusal(error, 'token');
      }
    },
  };
}
