import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { RouteDef } from '@jewel/contract/route';
import { routes } from '@jewel/contract/routes';
import { createSigner, createVerifier } from 'fast-jwt';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { LiveHub } from '../../domain/live-hub.ts';
import { type AuthContext, findLiveSession, type LiveSession } from '../../domain/sessions.ts';
import { AppError } from '../../lib/app-error.ts';
import { SignalCache } from '../../lib/signal-cache.ts';

interface AccessClaims {
  sub: string;
  sid: string;
}

export interface TokenService {
  signAccess(userId: number, sessionId: string): string;
  verifyAccess(token: string): AccessClaims | null;
  /**
   * The refresh token that follows `previous` in its chain: derived, not random, so that a replay
   * of `previous` within the grace can be answered the same successor without storing it.
   * Unguessable without the secret.
   */
  nextRefreshToken(previous: string): string;
}

/** HS256 only: tokens signed with another key, another algorithm or `alg: none` fail. */
export function createTokenService(secret: string, ttlSeconds: number): TokenService {
  const signer = createSigner({ key: secret, algorithm: 'HS256', expiresIn: ttlSeconds * 1000 });
  // A token checked once is remembered (by its hash, until its expiry at most): most calls skip the HMAC.
  const verifier = createVerifier({
    key: secret,
    algorithms: ['HS256'],
    requiredClaims: ['sub', 'sid', 'exp'],
    cache: 10_000,
  });
  const successorKey = createHmac('sha256', secret).update('refresh-token-successor').digest();
  return {
    signAccess: (userId, sessionId) => signer({ sub: String(userId), sid: sessionId }),
    verifyAccess(token) {
      try {
        const claims = verifier(token) as Partial<AccessClaims>;
        return typeof claims.sub === 'string' && typeof claims.sid === 'string' ? (claims as AccessClaims) : null;
      } catch {
        return null;
      }
    },
    nextRefreshToken: (previous) => createHmac('sha256', successorKey).update(previous).digest('base64url'),
  };
}

export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** How long an instance trusts a session it checked, should a signal that ended it be lost. */
const SESSION_TRUST_MS = 30_000;

/**
 * The sessions this instance found live, so that a call costs no session query. Anything that
 * can end a session signals every instance at commit (migration 0007's triggers), which then
 * forgets them all; the instance that ended one forgets at once (`app.live.signalHere`). A
 * guest's session is never trusted past its link's end.
 */
function rememberLiveSessions(live: LiveHub) {
  const cache = new SignalCache<string, LiveSession | null>((session, now) =>
    session ? Math.min(now + SESSION_TRUST_MS, session.linkExpiresAt?.getTime() ?? Number.POSITIVE_INFINITY) : null,
  );
  live.onSignal((kind) => {
    if (kind === 'sessions' || kind === 'resync') cache.clear();
  });
  return cache;
}

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer ([A-Za-z0-9_.-]+)$/.exec(header.trim());
  return match?.[1] ?? null;
}

type LiveSessions = ReturnType<typeof rememberLiveSessions>;

/** Checks the token and that its session is still live: logout and disabling take effect at once. */
async function authenticate(
  app: FastifyInstance,
  sessions: LiveSessions,
  request: FastifyRequest,
): Promise<AuthContext> {
  const token = bearerToken(request);
  const claims = token ? app.tokens.verifyAccess(token) : null;
  const userId = claims ? Number(claims.sub) : Number.NaN;
  if (!claims || !Number.isInteger(userId) || !/^[0-9a-f-]{36}$/.test(claims.sid)) throw new AppError('unauthorized');
  const sessionId = claims.sid;
  const session = await sessions.get(`${userId}:${sessionId}`, () => findLiveSession(app.db, userId, sessionId));
  if (!session) throw new AppError('unauthorized');
  const { roleCode, isTmp, isManager, readOnly, branchId, branchIds } = session;
  return { userId: session.userId, sessionId, roleCode, isTmp, isManager, readOnly, branchId, branchIds };
}

/**
 * What a read-only session (a manager acting as a recorder without holding the role, ADR 0104)
 * may still write besides the back office: the person's own things, and what writes nothing
 * (a tag sheet is a PDF; a photo upload is kept only once something names it). Every other call
 * that is not a GET is refused, a route added later too, until it is named here.
 */
const READ_ONLY_WRITES: ReadonlySet<RouteDef> = new Set<RouteDef>([
  routes.authLogout,
  routes.userChange,
  routes.userChangePass,
  routes.userWorkingBranch,
  routes.userActingRole,
  routes.passkeyRegistrationOptions,
  routes.passkeyRegister,
  routes.passkeyRename,
  routes.passkeyRemove,
  routes.signInBindingStart,
  routes.signInBindingFinish,
  routes.signInBindingRemove,
  routes.uploadImage,
  routes.tagSheet,
  // The data base's saved subtotals are figures read, not the counter's records: a manager keeps them too.
  routes.subtotalCreate,
  routes.subtotalRecompute,
]);

function accessGuard(app: FastifyInstance, sessions: LiveSessions, route: Pick<RouteDef, 'access' | 'method'>) {
  const { access } = route;
  if (access === 'public') return undefined;
  const writesWhenReadOnly = route.method === 'GET' || access === 'manager' || READ_ONLY_WRITES.has(route as RouteDef);
  return async (request: FastifyRequest) => {
    request.auth = await authenticate(app, sessions, request);
    if (access !== 'user' && request.auth.isTmp) throw new AppError('temporaryUserNotAllowed');
    if (access === 'recorder' && request.auth.roleCode !== 'recorder') throw new AppError('recordersOnly');
    if (access === 'manager' && !request.auth.isManager) throw new AppError('managersOnly');
    if (request.auth.readOnly && !writesWhenReadOnly) throw new AppError('readOnlyRole');
  };
}

/** The signed-in caller, for handlers behind a guard. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('unauthorized');
  return request.auth;
}

/**
 * `app.tokens`, `request.auth`, and `app.accessGuard(access)`: the hook that settles who calls
 * a route of that access (lib/route.ts sets it on every contract route).
 */
export default fp(
  async (app) => {
    app.decorate('tokens', createTokenService(app.config.jwtSecret, app.config.accessTokenTtl));
    app.decorateRequest('auth', null);
    const sessions = rememberLiveSessions(app.live);
    app.decorate('accessGuard', (route: Pick<RouteDef, 'access' | 'method'>) => accessGuard(app, sessions, route));
  },
  { name: 'auth', dependencies: ['config', 'database', 'live'] },
);
