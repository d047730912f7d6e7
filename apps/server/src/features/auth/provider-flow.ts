import type { Lang } from '@jewel/contract/values/i18n';
import { paths } from '@jewel/contract/values/web-paths';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { shopPublicUrl } from '../../domain/shop.ts';
import { TEXTS, translate } from '../../i18n/messages.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AuthDeps } from './auth.service.ts';
import { oidcFlow } from './oidc.ts';
import { wechatFlow } from './wechat.ts';

/** What a flow is given to send the browser to its provider, and to read what came back. */
export interface ProviderRequest {
  state: string;
  nonce: string;
  /** PKCE (S256): the provider is sent its challenge, and the verifier with the code. */
  codeVerifier: string;
  /** The return page, `/pages/login/provider` at the shop's address. */
  redirectUri: string;
  /** Whether the browser is WeChat's own (its user agent says `MicroMessenger`). */
  inWechat: boolean;
  /** The request's logger, for what an operator must know (a refused app secret): never a value. */
  log: FastifyBaseLogger;
}

/** The account a provider's verified answer names. */
export interface VerifiedAccount {
  /** The id token's issuer; empty for WeChat. */
  issuer: string;
  subject: string;
  /** `email` when the provider says `email_verified` (OpenID Connect); never WeChat's. */
  verifiedEmail?: string;
}

/**
 * One sign-in provider's protocol (docs/adr/0103). Its refusals are AppErrors: the provider's
 * answer does not check (`providerSignInFailed`), or it cannot be reached (`providerUnavailable`).
 * No code, token, secret or subject reaches a log.
 */
export interface ProviderFlow {
  key: string;
  /** Its name in the caller's language. */
  name: string;
  authorizationUrl(request: ProviderRequest): Promise<string>;
  /** The code exchanged and checked; `callbackUrl` is the whole address the browser came back to. */
  verify(request: ProviderRequest, code: string, callbackUrl: string): Promise<VerifiedAccount>;
}

/**
 * The configured provider's flow; `providerLoginNotConfigured` for a key that is not. `log` hears
 * why a provider refused or could not be reached (never a code, token, secret or subject).
 */
export function flowFor(
  { config }: Pick<AuthDeps, 'config'>,
  key: string,
  lang: Lang,
  log?: Pick<FastifyBaseLogger, 'warn'>,
): ProviderFlow {
  if (key === 'wechat' && config.wechat) return wechatFlow(config.wechat, translate(TEXTS.wechat, lang));
  const oidc = config.oidcProviders.find((provider) => provider.key === key);
  if (oidc) return oidcFlow(oidc, oidc.names[lang], log);
  throw new AppError('providerLoginNotConfigured');
}

/** The return page at the shop's address (else PUBLIC_URL, else the address the request came to). */
export async function returnPage({ db, config }: Pick<AuthDeps, 'db' | 'config'>, request: FastifyRequest) {
  const origin = (await shopPublicUrl(db, config.publicUrl)) ?? `${request.protocol}://${request.host}`;
  return new URL(paths.loginProvider, origin).href;
}
