import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { decodeClientDataJSON } from '@simplewebauthn/server/helpers';
import type { FastifyRequest } from 'fastify';
import { addressThrottleRule, signInThrottleRules } from '../../domain/password-check.ts';
import { readShop, shopPublicUrl } from '../../domain/shop.ts';
import { deletePasskey, listPasskeys, presentPasskey } from '../../domain/sign-in-methods.ts';
import { admitAttempt, clearThrottles, forgiveAttempt, type ThrottleRule } from '../../domain/throttle.ts';
import { AppError } from '../../lib/app-error.ts';
import { type AuthDeps, openSession } from './auth.service.ts';
import * as repo from './passkey.repository.ts';

/*
 * Passkeys (WebAuthn, docs/adr/0103) with SimpleWebAuthn. Nothing here logs a credential, a
 * challenge or a token: a refusal is an AppError, whose envelope names no detail.
 */

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1']);
const RP_NAME = 'Jewel Appraisal';

export interface RelyingParty {
  id: string;
  origin: string;
}

/**
 * The relying party: the shop's public address (a manager's, on its details page), else
 * PUBLIC_URL, the host and origin QR codes open (ADR 0089); with neither, `localhost` and the
 * request's own origin, only when the request came to localhost (the embedded default). Anywhere
 * else passkeys are unavailable, and the answer says so. Read afresh at each call, as the shop's
 * details are: a manager's change applies on every instance from its next request.
 */
export async function relyingParty(
  { db, config }: Pick<AuthDeps, 'db' | 'config'>,
  request: FastifyRequest,
): Promise<RelyingParty> {
  return relyingPartyAt(await shopPublicUrl(db, config.publicUrl), request);
}

/** The relying party for a public address (the shop's or PUBLIC_URL), or none. */
export function relyingPartyAt(publicUrl: string | undefined, request: FastifyRequest): RelyingParty {
  if (publicUrl) {
    const url = new URL(publicUrl);
    return { id: url.hostname, origin: url.origin };
  }
  const own = requestOrigin(request);
  if (own && LOCAL_HOSTS.has(own.hostname)) return { id: 'localhost', origin: own.origin };
  throw new AppError('passkeysUnavailable');
}

/** The page's origin (the Origin header, as a browser sends it), else the address the request came to. */
function requestOrigin(request: FastifyRequest): URL | null {
  const header = request.headers.origin;
  try {
    return new URL(header && header !== 'null' ? header : `${request.protocol}://${request.host}`);
  } catch {
    return null;
  }
}

/** The user handle a passkey keeps: the member's id, as text (no mobile, no name). */
function userHandle(userId: number) {
  return new TextEncoder().encode(String(userId));
}

/** The challenge a client data names, or null when it cannot be read. */
function challengeOf(clientDataJSON: string): string | null {
  try {
    const challenge = decodeClientDataJSON(clientDataJSON).challenge;
    return typeof challenge === 'string' && challenge.length > 0 && challenge.length <= 512 ? challenge : null;
  } catch {
    return null;
  }
}

export async function registrationOptions(deps: AuthDeps, request: FastifyRequest, userId: number) {
  const rp = await relyingParty(deps, request);
  const user = await repo.findMember(deps.db, userId);
  if (!user) throw new AppError('unauthorized');
  const existing = await repo.listCredentials(deps.db, userId);
  const shop = await readShop(deps.db);
  const options = await generateRegistrationOptions({
    rpName: shop?.name || RP_NAME,
    rpID: rp.id,
    // The name, never the mobile: a phone lists its passkeys by this to whoever holds it.
    userName: user.name,
    userDisplayName: user.name,
    userID: userHandle(userId),
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({ id: row.credentialId, transports: row.transports })),
    authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
  });
  await repo.createChallenge(deps.db, options.challenge, 'register', userId);
  return options;
}

export async function register(
  deps: AuthDeps,
  request: FastifyRequest,
  userId: number,
  name: string,
  response: RegistrationResponseJSON,
) {
  const rp = await relyingParty(deps, request);
  const challenge = challengeOf(response.response.clientDataJSON);
  if (!challenge) throw new AppError('passkeyRegistrationFailed');
  const expected = await repo.consumeChallenge(deps.db, { userId, challenge }, 'register');
  if (!expected) throw new AppError('passkeyChallengeExpired');
  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verification = await verifyRegistrationResponse({
      response,
      expectedChallenge: expected,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
  } catch {
    throw new AppError('passkeyRegistrationFailed');
  }
  if (!verification.verified) throw new AppError('passkeyRegistrationFailed');
  const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo;
  return deps.db.transaction(async (tx) => {
    const row = await repo.insertPasskey(tx, {
      userId,
      credentialId: credential.id,
      publicKey: credential.publicKey,
      counter: credential.counter,
      transports: credential.transports ?? response.response.transports ?? [],
      deviceType: credentialDeviceType,
      backedUp: credentialBackedUp,
      name,
    });
    // The same authenticator registered twice (the options exclude it; a replay would not).
    if (!row) throw new AppError('conflict');
    await repo.recordChange(tx, userId, 'passkey_added', null, name);
    return presentPasskey(row);
  });
}

export async function list(deps: AuthDeps, userId: number) {
  return (await listPasskeys(deps.db, userId)).map(presentPasskey);
}

/** Another member's passkey is not found, as any record that is not the caller's. */
export async function rename(deps: AuthDeps, userId: number, id: number, name: string) {
  const row = await repo.renamePasskey(deps.db, userId, id, name);
  if (!row) throw new AppError('notFound');
  return presentPasskey(row);
}

export async function remove(deps: AuthDeps, userId: number, id: number) {
  if (!(await deletePasskey(deps.db, userId, id, userId))) throw new AppError('notFound');
}

/** How long the count of an address's sign-in options runs (config `passkeyOptionsPerAddress` in it). */
export const OPTIONS_WINDOW_SECONDS = 300;

/**
 * The count of sign-in options an address asks for: each writes a challenge, and anyone may ask.
 * Its own key, so that asking is never a failed sign-in (the `address:` count stays the password's).
 */
export function optionsThrottleRule(config: AuthDeps['config'], ip: string): ThrottleRule {
  return { key: `passkeyOptions:${ip}`, limit: config.passkeyOptionsPerAddress, windowSeconds: OPTIONS_WINDOW_SECONDS };
}

export async function signInOptions(deps: AuthDeps, request: FastifyRequest) {
  const rp = await relyingParty(deps, request);
  // Past the limit, 429 with Retry-After, before a challenge is written.
  await admitAttempt(deps.db, [optionsThrottleRule(deps.config, request.ip)]);
  // Discoverable credentials: no allowCredentials, the authenticator offers the member's own.
  const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: 'required' });
  const challengeId = await repo.createChallenge(deps.db, options.challenge, 'authenticate', null);
  return { challenge_id: challengeId, options };
}

/**
 * A sign-in with a passkey, through the same door as the password's (`login`): the shop is set
 * up, the attempt counted per address (and per account once the passkey names one) before it is
 * verified, a failure left counted as a wrong password is, the account enabled.
 */
export async function signIn(
  deps: AuthDeps,
  request: FastifyRequest,
  challengeId: string,
  response: AuthenticationResponseJSON,
) {
  const { db, config } = deps;
  if (!(await readShop(db))) throw new AppError('shopNotSetUp');
  const rp = await relyingParty(deps, request);
  const found = await repo.findByCredentialId(db, response.id);
  let rules: ThrottleRule[] = [addressThrottleRule(config, request.ip)];
  let pairKey: string | null = null;
  if (found?.mobile) {
    const counts = await signInThrottleRules(deps, request.ip, found.mobile, found.passkey.userId);
    rules = counts.rules;
    pairKey = counts.pair.key;
  }
  await admitAttempt(db, rules);
  const expected = await repo.consumeChallenge(db, { id: challengeId }, 'authenticate');
  if (!expected) throw new AppError('passkeyChallengeExpired');
  if (!found) throw new AppError('passkeyNotRecognized');
  const { passkey } = found;
  const handle = response.response.userHandle;
  if (handle !== undefined && handle !== Buffer.from(userHandle(passkey.userId)).toString('base64url')) {
    throw new AppError('passkeyNotRecognized');
  }
  let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: expected,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      // The counter is checked below, once the signature is known to be the passkey's own.
      credential: { id: passkey.credentialId, publicKey: passkey.publicKey, counter: 0, transports: [] },
      requireUserVerification: true,
    });
  } catch {
    throw new AppError('passkeyNotRecognized');
  }
  if (!verification.verified) throw new AppError('passkeyNotRecognized');
  const { newCounter, credentialBackedUp, credentialDeviceType } = verification.authenticationInfo;
  // A counter that does not grow: a cloned authenticator signed this (docs/adr/0103).
  if ((newCounter > 0 || passkey.counter > 0) && newCounter <= passkey.counter) {
    await repo.recordChange(db, passkey.userId, 'passkey_cloned', null, passkey.name);
    request.log.warn({ passkeyId: passkey.id, userId: passkey.userId }, 'passkey counter did not grow: refused');
    throw new AppError('passkeyNotRecognized');
  }
  if (!found.isEnabled) throw new AppError('userDisabled');
  // A verified passkey is no failure: as a right password, the pair starts again, the others take it back.
  await forgiveAttempt(
    db,
    rules.map((rule) => rule.key).filter((key) => key !== pairKey),
  );
  if (pairKey) await clearThrottles(db, [pairKey]);
  return db.transaction(async (tx) => {
    await repo.recordUse(tx, passkey.id, {
      counter: newCounter,
      backedUp: credentialBackedUp,
      deviceType: credentialDeviceType,
    });
    await repo.recordChange(tx, passkey.userId, 'passkey_sign_in', null, passkey.name);
    return openSession(tx, deps, request, passkey.userId);
  });
}
