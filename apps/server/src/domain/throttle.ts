import { inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { loginThrottles as t } from '../db/schema.ts';
import { AppError } from '../lib/app-error.ts';

/**
 * The counts' kinds, the part of a key before its `:` (domain/password-check.ts, the user service):
 * per account and address, per address, per account, per user changing their password, and the
 * passkey sign-in options an address asks for (features/auth/passkey.service.ts), and the provider
 * sign-ins it starts (features/auth/provider-sign-in.ts). The
 * metrics count refusals by kind, never by key (a key holds a mobile or an address).
 */
export const THROTTLE_KINDS = ['pair', 'address', 'account', 'password', 'passkeyOptions', 'providerStart'] as const;
export type ThrottleKind = (typeof THROTTLE_KINDS)[number] | 'other';

export function throttleKind(key: string): ThrottleKind {
  const prefix = key.slice(0, key.indexOf(':'));
  return THROTTLE_KINDS.find((kind) => kind === prefix) ?? 'other';
}

/** One count of failed password checks (docs/decisions.md, "Login limits"). */
export interface ThrottleRule {
  key: string;
  /** Failures allowed before the key refuses. */
  limit: number;
  /** The count starts again after this long without a counted attempt. */
  windowSeconds: number;
  /**
   * Unset: past the limit the key refuses until its window ends. Set: it slows down instead,
   * letting one attempt through after 1 s, then 2 s, 4 s… up to this many seconds.
   */
  maxDelaySeconds?: number;
}

/**
 * Counts an attempt on the key before its password is checked, in one statement: the row's lock
 * makes simultaneous attempts count one after another, so no more than the limit get through.
 * A refused attempt is not counted.
 */
async function countAttempt(db: Db, rule: ThrottleRule) {
  const { key, limit, windowSeconds, maxDelaySeconds } = rule;
  const expired = sql`${t.windowEndsAt} <= now()`;
  const slotOpen = maxDelaySeconds === undefined ? sql`false` : sql`coalesce(${t.nextAt} <= now(), false)`;
  const allowed = sql`(${expired} or ${t.failures} < ${limit}::int or ${slotOpen})`;
  const windowEnd = sql`now() + make_interval(secs => ${windowSeconds}::int)`;
  const nextAt = (failures: SQL) =>
    maxDelaySeconds === undefined
      ? sql`null::timestamptz`
      : sql`case when ${failures} >= ${limit}::int
          then now() + make_interval(secs => least(power(2, ${failures} - ${limit}::int), ${maxDelaySeconds}::int))
        end`;
  const counted = sql`case when ${expired} then 1 else ${t.failures} + 1 end`;
  const [row] = await db
    .insert(t)
    .values({ key, failures: 1, windowEndsAt: windowEnd, nextAt: nextAt(sql`1`), refused: false })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        failures: sql`case when ${allowed} then ${counted} else ${t.failures} end`,
        windowEndsAt: sql`case when ${allowed} then ${windowEnd} else ${t.windowEndsAt} end`,
        nextAt: sql`case when ${allowed} then ${nextAt(counted)} else ${t.nextAt} end`,
        refused: sql`not ${allowed}`,
      },
    })
    .returning({
      refused: t.refused,
      retryAfterSeconds: sql<number>`greatest(1, ceil(extract(epoch from least(${t.nextAt}, ${t.windowEndsAt}) - now())))::int`,
    });
  if (!row) throw new Error('throttle not counted');
  return row;
}

/**
 * Counts the attempt on every rule's key, in order; the first that refuses answers 429 with
 * Retry-After, and the attempt is then taken back from the keys that had counted it.
 */
export async function admitAttempt(db: Db, rules: ThrottleRule[]) {
  const counted: string[] = [];
  for (const rule of rules) {
    const { refused, retryAfterSeconds } = await countAttempt(db, rule);
    if (refused) {
      await forgiveAttempt(db, counted);
      throw new AppError('rateLimited', {
        params: { seconds: retryAfterSeconds },
        headers: { 'retry-after': String(retryAfterSeconds) },
        throttled: throttleKind(rule.key),
      });
    }
    counted.push(rule.key);
  }
}

/**
 * Counts one miss on the key (a count that never refuses: the caller decides what a count means,
 * e.g. how long to hold an answer) and answers the misses in the window, this one included.
 */
export async function countMiss(db: Db, key: string, windowSeconds: number): Promise<number> {
  const windowEnd = sql`now() + make_interval(secs => ${windowSeconds}::int)`;
  const [row] = await db
    .insert(t)
    .values({ key, failures: 1, windowEndsAt: windowEnd, nextAt: null, refused: false })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        failures: sql`case when ${t.windowEndsAt} <= now() then 1 else least(${t.failures}, 1000000) + 1 end`,
        windowEndsAt: windowEnd,
      },
    })
    .returning({ failures: t.failures });
  return row?.failures ?? 1;
}

/** Takes back one counted attempt (it was not a failure). */
export async function forgiveAttempt(db: Db, keys: string[]) {
  if (keys.length === 0) return;
  await db
    .update(t)
    .set({ failures: sql`greatest(${t.failures} - 1, 0)` })
    .where(inArray(t.key, keys));
}

/** Forgets the keys' failures, and every count whose window has passed (it would start again anyway). */
export async function clearThrottles(db: Db, keys: string[]) {
  await db.delete(t).where(or(inArray(t.key, keys), lt(t.windowEndsAt, sql`now()`)));
}
