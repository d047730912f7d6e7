import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { addressThrottleRule, confirmOwnPassword } from '../../domain/password-check.ts';
import { readShop } from '../../domain/shop.ts';
import { listBindings, presentBinding } from '../../domain/sign-in-methods.ts';
import { admitAttempt, forgiveAttempt, type ThrottleRule } from '../../domain/throttle.ts';
import { AppError } from '../../lib/app-error.ts';
import { type AuthDeps, openSession } from './auth.service.ts';
import * as repo from './binding.repository.ts';
import { flowFor, type ProviderFlow, type ProviderRequest, returnPage } from './provider-flow.ts';

/*
 * The door every sign-in provider (WeChat, OpenID Connect) goes through, after the password's and
 * the passkey's rules (docs/adr/0103 "One door for every method"): the shop is set up, the
 * attempt is counted per address before the provider is asked, the account is bound (or, for
 * OpenID Connect, matched by a verified e-mail a manager set), the member is enabled. Nothing
 * here logs a code, a token or a subject.
 */

/** What a provider's verified answer says about who signs in. */
export interface ProviderIdentity extends repo.ProviderAccount {
  /** The provider's name in the caller's language, for the refusals. */
  name: string;
  /** An e-mail the provider verified (OpenID Connect `email` with `email_verified`); never WeChat. */
  verifiedEmail?: string;
}

/**
 * Called before the provider is asked (the code exchanged, the id token checked): the shop is set
 * up, and the attempt counted on the address's sign-in count, which a failure leaves counted.
 */
export async function admitProviderAttempt(deps: AuthDeps, request: FastifyRequest) {
  if (!(await readShop(deps.db))) throw new AppError('shopNotSetUp');
  await admitAttempt(deps.db, [addressThrottleRule(deps.config, request.ip)]);
}

/** The member the identity signs in, binding it by its verified e-mail on first use; refused otherwise. */
async function boundMember(deps: AuthDeps, identity: ProviderIdentity) {
  const bound = await repo.findBoundMember(deps.db, identity);
  if (bound) return bound;
  if (identity.verifiedEmail) {
    const member = await repo.findMemberByEmail(deps.db, identity.verifiedEmail);
    // A disabled member is refused before anything is bound to them.
    if (member && !member.isEnabled) throw new AppError('userDisabled');
    // Bound by the member's own sign-in: the e-mail was set by a manager (its change is on the trail).
    const binding = member && (await repo.insertBinding(deps.db, member.userId, identity, member.userId));
    if (member && binding) return { ...member, bindingId: binding.id };
  }
  throw new AppError('providerAccountNotBound', { params: { provider: identity.name } });
}

/** Signs in the member the provider's verified identity is bound to; `admitProviderAttempt` came first. */
export async function signInWithProvider(deps: AuthDeps, request: FastifyRequest, identity: ProviderIdentity) {
  const member = await boundMember(deps, identity);
  if (!member.isEnabled) throw new AppError('userDisabled');
  // A verified provider's answer is no failure: the address's count takes it back.
  await forgiveAttempt(deps.db, [addressThrottleRule(deps.config, request.ip).key]);
  return deps.db.transaction(async (tx) => {
    await repo.recordBindingUse(tx, member.bindingId, member.userId, identity.provider);
    return openSession(tx, deps, request, member.userId);
  });
}

function randomToken() {
  return randomBytes(32).toString('base64url');
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A `state` of 43 letters and digits (256 bits): WeChat takes a-z, A-Z and 0-9 only, where
 * base64url's `-` and `_` may be refused. Bytes of 248 and up are skipped, so each is as likely.
 */
export function randomState() {
  let state = '';
  while (state.length < 43) {
    for (const byte of randomBytes(64)) if (byte < 248 && state.length < 43) state += ALPHANUMERIC[byte % 62];
  }
  return state;
}

/** PKCE's S256 challenge of a verifier (RFC 7636 §4.2). */
export function codeChallengeOf(verifier: string) {
  return createHash('sha256').update(verifier).digest('base64url');
}

async function providerRequest(
  deps: AuthDeps,
  request: FastifyRequest,
  fields: { state: string; nonce: string; codeVerifier: string },
): Promise<ProviderRequest> {
  return {
    ...fields,
    redirectUri: await returnPage(deps, request),
    inWechat: /MicroMessenger/i.test(request.headers['user-agent'] ?? ''),
    log: request.log,
  };
}

/** Writes the request under way and answers where to send the browser, with the state it keeps. */
async function start(deps: AuthDeps, request: FastifyRequest, flow: ProviderFlow, userId: number | null) {
  const fields = { state: randomState(), nonce: randomToken(), codeVerifier: randomToken() };
  const url = await flow.authorizationUrl(await providerRequest(deps, request, fields));
  await repo.createSignInRequest(deps.db, {
    ...fields,
    provider: flow.key,
    purpose: userId === null ? 'sign-in' : 'bind',
    userId,
  });
  return { url, state: fields.state };
}

/**
 * WeChat's `/user/wxLogin` (SPEC): the code and state WeChat brought back to the return page, a
 * WeChat sign-in only.
 */
export async function wechatSignIn(deps: AuthDeps, request: FastifyRequest, code: string, state: string) {
  flowFor(deps, 'wechat', request.lang);
  const callback = new URL(await returnPage(deps, request));
  callback.search = new URLSearchParams({ code, state }).toString();
  return finishSignIn(deps, request, { code, state, callbackUrl: callback.href }, 'wechat');
}

/** How long the count of an address's provider sign-ins started runs. */
const START_WINDOW_SECONDS = 300;

/**
 * The count of provider sign-ins an address starts: each writes a request under way, and anyone
 * may start one (as passkey options, its own key: starting is never a failed sign-in).
 */
export function startThrottleRule(config: AuthDeps['config'], ip: string): ThrottleRule {
  return { key: `providerStart:${ip}`, limit: config.providerStartsPerAddress, windowSeconds: START_WINDOW_SECONDS };
}

/** The sign-in page's button: where to send the browser. */
export async function startSignIn(deps: AuthDeps, request: FastifyRequest, provider: string) {
  if (!(await readShop(deps.db))) throw new AppError('shopNotSetUp');
  const flow = flowFor(deps, provider, request.lang, request.log);
  // Past the limit, 429 with Retry-After, before a request is written.
  await admitAttempt(deps.db, [startThrottleRule(deps.config, request.ip)]);
  return start(deps, request, flow, null);
}

/** The personal center's "Bind": the member confirms their password first. */
export async function startBinding(
  deps: AuthDeps,
  request: FastifyRequest,
  userId: number,
  provider: string,
  password: string,
) {
  const flow = flowFor(deps, provider, request.lang, request.log);
  await confirmOwnPassword(deps, userId, password, 'password');
  return start(deps, request, flow, userId);
}

interface ProviderResult {
  state: string;
  code: string;
  callbackUrl: string;
}

/**
 * The request `state` names, for this purpose (and member, and provider when one is expected), taken
 * once; refused when unknown, used, expired or another's.
 */
async function takeRequest(
  deps: AuthDeps,
  result: ProviderResult,
  expected: { purpose: 'sign-in' | 'bind'; userId: number | null; provider?: string },
) {
  const taken = await repo.consumeSignInRequest(deps.db, result.state);
  const matches =
    taken?.purpose === expected.purpose &&
    taken.userId === expected.userId &&
    (expected.provider === undefined || taken.provider === expected.provider);
  if (!taken || !matches) throw new AppError('providerSignInFailed');
  return taken;
}

async function verifiedIdentity(
  deps: AuthDeps,
  request: FastifyRequest,
  taken: Awaited<ReturnType<typeof takeRequest>>,
  result: ProviderResult,
) {
  const flow = flowFor(deps, taken.provider, request.lang, request.log);
  const fields = { state: result.state, nonce: taken.nonce, codeVerifier: taken.codeVerifier };
  const account = await flow.verify(await providerRequest(deps, request, fields), result.code, result.callbackUrl);
  return { ...account, provider: flow.key, name: flow.name };
}

/** The return page's sign-in (and WeChat's `/user/wxLogin`): counted, verified, then through the door. */
export async function finishSignIn(deps: AuthDeps, request: FastifyRequest, result: ProviderResult, provider?: string) {
  await admitProviderAttempt(deps, request);
  const taken = await takeRequest(deps, result, { purpose: 'sign-in', userId: null, provider });
  const identity = await verifiedIdentity(deps, request, taken, result).catch(async (error: unknown) => {
    // A provider that cannot be reached checked nothing: the shop's staff, often one address,
    // keep their password sign-ins while it is down.
    if (error instanceof AppError && error.errorName === 'providerUnavailable')
      await forgiveAttempt(deps.db, [addressThrottleRule(deps.config, request.ip).key]);
    throw error;
  });
  return signInWithProvider(deps, request, identity);
}

/** The return page's binding, for the member who started it. */
export async function finishBinding(deps: AuthDeps, request: FastifyRequest, userId: number, result: ProviderResult) {
  const taken = await takeRequest(deps, result, { purpose: 'bind', userId });
  const identity = await verifiedIdentity(deps, request, taken, result);
  const inserted = await repo.insertBinding(deps.db, userId, identity, userId);
  // The member's own account again (a second tap, a second tab) is bound already: no one else's.
  if (!inserted && (await repo.findBoundMember(deps.db, identity))?.userId !== userId)
    throw new AppError('providerAccountTaken', { params: { provider: identity.name } });
  const binding = (await listBindings(deps.db, userId)).find((row) => row.provider === identity.provider);
  if (!binding) throw new AppError('notFound');
  return presentBinding(deps, request.lang, binding);
}
