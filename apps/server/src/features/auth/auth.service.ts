import { randomBytes } from 'node:crypto';
import type { SessionTokens } from '@jewel/contract/auth';
import type { Lang } from '@jewel/contract/values/i18n';
import { GUEST_LINK_MARKER, type RoleCode } from '@jewel/contract/values/roles';
import { paths } from '@jewel/contract/values/web-paths';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { notify } from '../../domain/notify.ts';
import { checkSignInPassword } from '../../domain/password-check.ts';
import type { ServiceDeps } from '../../domain/service-deps.ts';
import type { AuthContext } from '../../domain/sessions.ts';
import { readShop } from '../../domain/shop.ts';
import { userInfo } from '../../domain/user-info.ts';
import { TEXTS, translate } from '../../i18n/messages.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashToken, newOpaqueToken, type TokenService } from '../../plugins/app/auth.ts';
import * as repo from './auth.repository.ts';

export interface AuthDeps extends ServiceDeps {
  tokens: TokenService;
}

/** Opens a session for the user with its first refresh token. */
export async function openSession(db: Db, deps: AuthDeps, request: FastifyRequest, userId: number) {
  const sessionId = await repo.createSession(db, userId, request.headers['user-agent'] ?? '', request.ip);
  const refreshToken = newOpaqueToken();
  await repo.insertRefreshToken(db, sessionId, hashToken(refreshToken), deps.config.refreshTokenTtl);
  return answerTokens(db, deps, request.lang, userId, sessionId, refreshToken);
}

async function answerTokens(
  db: Db,
  { tokens, config }: AuthDeps,
  lang: Lang,
  userId: number,
  sessionId: string,
  refreshToken: string,
): Promise<SessionTokens> {
  const user = await userInfo(db, config, userId, sessionId, lang);
  return {
    token: tokens.signAccess(userId, sessionId),
    refresh_token: refreshToken,
    expires_in: config.accessTokenTtl,
    user,
  };
}

/**
 * Sign-in attempts are counted before the password is checked (`checkSignInPassword`,
 * docs/decisions.md "Login limits").
 */
export async function login(deps: AuthDeps, request: FastifyRequest, mobile: string, password: string) {
  // Nobody can sign in to a shop not set up yet: the answer says where to go (issue 28).
  const shop = await readShop(deps.db);
  if (!shop) throw new AppError('shopNotSetUp');
  const user = await checkSignInPassword(deps, request.ip, mobile, password);
  if (!user) throw new AppError('loginFailed');
  if (!user.isEnabled) throw new AppError('userDisabled');
  // Told only once the password is right: the refusal says the account manages the shop.
  if (user.manager && shop.managersStrongSignIn) throw new AppError('strongSignInRequired');
  return openSession(deps.db, deps, request, user.id);
}

/**
 * Rotates the refresh token. Presenting a used one means it was stolen or replayed, and the whole
 * session ends; except the immediately previous one within the grace (two tabs, or a retry after
 * a lost answer), which answers the same successor.
 */
export async function refresh(deps: AuthDeps, request: FastifyRequest, refreshToken: string | undefined) {
  if (!refreshToken) throw new AppError('refreshInvalid');
  const successor = deps.tokens.nextRefreshToken(refreshToken);
  const rotation = await repo.rotateRefreshToken(
    deps.db,
    hashToken(refreshToken),
    hashToken(successor),
    deps.config.refreshReuseGraceSeconds,
    deps.config.refreshTokenTtl,
  );
  if (rotation.outcome === 'reused') {
    deps.signalHere('sessions');
    request.log.warn({ sessionId: rotation.sessionId }, 'refresh token reused: session revoked');
  }
  if (rotation.outcome === 'reused' || rotation.outcome === 'invalid') throw new AppError('refreshInvalid');
  return answerTokens(deps.db, deps, request.lang, rotation.userId, rotation.sessionId, successor);
}

export async function logout({ db, signalHere }: AuthDeps, sessionId: string) {
  await repo.revokeSession(db, sessionId, 'logout');
  signalHere('sessions');
}

export async function createTemporaryLink(
  { db }: AuthDeps,
  { userId, branchId }: Pick<AuthContext, 'userId' | 'branchId'>,
  role: RoleCode,
  hours: number,
) {
  const link = await repo.createTemporaryLink(db, role, userId, branchId, hours);
  return {
    uuid: link.id,
    role: link.roleCode,
    path: `/t_${GUEST_LINK_MARKER[link.roleCode]}${link.id}`,
    expires_at: link.expiresAt.toISOString(),
  };
}

/**
 * A guest gets a user of the link's role that lives as long as the link does. All or nothing:
 * the use counted on the link, the guest, the notification and the session.
 */
export async function enterAsGuest(deps: AuthDeps, request: FastifyRequest, uuid: string, name?: string) {
  return deps.db.transaction(async (tx) => {
    const link = await repo.useTemporaryLink(tx, uuid);
    if (!link) throw new AppError('temporaryLinkInvalid');
    const guestName =
      name ?? `${translate(TEXTS.guestName, request.lang)}-${randomBytes(2).toString('hex').toUpperCase()}`;
    const guest = await repo.createGuestUser(tx, guestName, link.roleCode, link.id);
    await notify(tx, [
      {
        userId: link.createdBy,
        type: 'temporary_link_used',
        params: { name: guestName },
        link: paths.temporaryRecord,
      },
    ]);
    return openSession(tx, deps, request, guest.id);
  });
}
