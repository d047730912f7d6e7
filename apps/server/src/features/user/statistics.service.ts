import type { Statistics } from '@jewel/contract/user';
import type { RoleCode } from '@jewel/contract/values/roles';
import type { LiveHub } from '../../domain/live-hub.ts';
import type { ServiceDeps } from '../../domain/service-deps.ts';
import { shopTimeZone } from '../../domain/shop.ts';
import { SignalCache } from '../../lib/signal-cache.ts';
import { readStatistics } from './statistics.repository.ts';

/** An answer is reused this long at most; any commodity change on any instance drops it sooner. */
const TTL_MS = 15_000;

/**
 * Dashboard counts with a short per-user cache. Every commodity action sends a signal through
 * PostgreSQL's LISTEN/NOTIFY that reaches every instance (features/live), and each instance
 * empties its cache on it, so a cached answer never outlives a change by more than that
 * signal's travel. Per user and role: a session acts as one of the roles its person holds (ADR 0104).
 */
export function createStatistics({ db, config }: ServiceDeps, live: Pick<LiveHub, 'onSignal'>) {
  const cache = new SignalCache<string, Statistics>((_value, now) => now + TTL_MS);
  live.onSignal((kind) => {
    if (kind === 'commodity' || kind === 'resync') cache.clear();
  });

  return {
    forUser(userId: number, role: RoleCode, isTmp: boolean): Promise<Statistics> {
      return cache.get(`${userId}:${role}`, async () =>
        readStatistics(db, { userId, role, isTmp }, await shopTimeZone(db, config)),
      );
    },
  };
}
