import type { RoleCode } from '@jewel/contract/roles';
import type { Statistics } from '@jewel/contract/user';
import type { FastifyInstance } from 'fastify';
import { readStatistics } from './statistics.repository.ts';

/** An answer is reused this long at most; any commodity change on any instance drops it sooner. */
const TTL_MS = 15_000;
const MAX_ENTRIES = 10_000;

/**
 * Dashboard counts with a short per-user cache. Every commodity action sends a signal through
 * PostgreSQL's LISTEN/NOTIFY that reaches every instance (features/live), and each instance
 * empties its cache on it, so a cached answer never outlives a change by more than that
 * signal's travel. The generation guards the race of a count read before a change and stored
 * after the signal emptied the cache.
 */
export function createStatistics(app: FastifyInstance) {
  const cache = new Map<number, { value: Statistics; expires: number }>();
  let generation = 0;
  const invalidate = () => {
    generation += 1;
    cache.clear();
  };
  app.live.onSignal((signal) => {
    if (signal.kind !== 'notification') invalidate();
  });

  return {
    invalidate,
    async forUser(userId: number, role: RoleCode): Promise<Statistics> {
      const hit = cache.get(userId);
      const now = Date.now();
      if (hit && hit.expires > now) return hit.value;
      const started = generation;
      const value = await readStatistics(
        app.db,
        userId,
        role === 'valuers' ? 'valuer' : 'recorder',
        app.config.shopTimezone,
      );
      if (started === generation) {
        if (cache.size >= MAX_ENTRIES) cache.clear();
        cache.set(userId, { value, expires: now + TTL_MS });
      }
      return value;
    },
  };
}
