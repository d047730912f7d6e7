import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { sessions, users } from '../db/schema.ts';
import { AppError } from '../lib/app-error.ts';
import { DUMMY_PASSWORD_HASH, verifyPassword } from '../lib/password.ts';
import type { ServiceDeps } from './service-deps.ts';
import { admitAttempt, clearThrottles, forgiveAttempt, type ThrottleRule } from './throttle.ts';

async function findUserByMobile(db: Db, mobile: string) {
  const [user] = await db.select().from(users).where(eq(users.mobile, mobile)).limit(1);
  return user ?? null;
}

/** Whether the user ever signed in from this address (a session of theirs names it). */
async function hasSignedInFrom(db: Db, userId: number, ip: string) {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.ip, ip)))
    .limit(1);
  return row !== undefined;
}

/**
 * The counts a sign-in attempt takes for the mobile from the address, whatever the method (a
 * password, a passkey): per account and address, per address, and, from an address the account
 * never signed in from, per account with a slowdown. `pair` is the one a success clears.
 */
export async function signInThrottleRules(
  { db, config }: Pick<ServiceDeps, 'db' | 'config'>,
  ip: string,
  mobile: string,
  userId: number | null,
) {
  const knownAddress = userId !== null ? await hasSignedInFrom(db, userId, ip) : false;
  const window = { windowSeconds: config.loginWindowSeconds };
  const pair = { key: `pair:${mobile}@${ip}`, limit: config.loginMaxFailuresPerAccountAddress, ...window };
  const address = addressThrottleRule(config, ip);
  const account = {
    key: `account:${mobile}`,
    limit: config.loginSlowdownAfterFailuresPerAccount,
    maxDelaySeconds: config.loginSlowdownMaxSeconds,
    ...window,
  };
  const rules: ThrottleRule[] = knownAddress ? [pair, address] : [pair, address, account];
  return { rules, pair };
}

/** The count per address alone, for an attempt that names no account (an unknown passkey). */
export function addressThrottleRule(config: ServiceDeps['config'], ip: string): ThrottleRule {
  return { key: `address:${ip}`, limit: config.loginMaxFailuresPerAddress, windowSeconds: config.loginWindowSeconds };
}

/**
 * A sign-in's password check, for the sign-in itself and for a second person confirming an
 * action with their own password (a watch-list acknowledgement). Attempts are counted before the
 * password is checked (docs/decisions.md, "Login limits"): per account and address, per address,
 * and, from addresses the account never signed in from, per account with a slowdown instead of
 * a lock, so a stranger cannot keep the owner out. Past a limit it answers 429 (`rateLimited`).
 * Answers the user when the password is right, null otherwise (an unknown mobile alike, after
 * the same work, so that timing does not tell).
 */
export async function checkSignInPassword(
  { db, config }: Pick<ServiceDeps, 'db' | 'config'>,
  ip: string,
  mobile: string,
  password: string,
) {
  const user = await findUserByMobile(db, mobile);
  const { rules, pair } = await signInThrottleRules({ db, config }, ip, mobile, user?.id ?? null);
  await admitAttempt(db, rules);
  // Verify even without a user, so that the answer takes as long either way.
  const valid = await verifyPassword(user?.passwordHash ?? DUMMY_PASSWORD_HASH, password);
  if (!user?.passwordHash || !valid) return null;
  // The right password is no failure: the pair starts again, the others take the attempt back.
  await forgiveAttempt(
    db,
    rules.filter((rule) => rule !== pair).map((rule) => rule.key),
  );
  await clearThrottles(db, [pair.key]);
  return user;
}

/**
 * The signed-in member confirms their own password (a password change, binding a sign-in
 * provider): wrong ones are limited per member, counted before checking (a stolen access token
 * cannot guess at Argon2's speed); past the limit 429. A wrong one answers `oldPasswordWrong`.
 */
export async function confirmOwnPassword(
  { db, config }: Pick<ServiceDeps, 'db' | 'config'>,
  userId: number,
  password: string,
  field: string,
) {
  const [user] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user?.passwordHash) throw new AppError('unauthorized');
  const key = `password:${userId}`;
  await admitAttempt(db, [{ key, limit: config.changePasswordMaxFailures, windowSeconds: config.loginWindowSeconds }]);
  if (!(await verifyPassword(user.passwordHash, password))) throw new AppError('oldPasswordWrong', { data: { field } });
  await clearThrottles(db, [key]);
}
