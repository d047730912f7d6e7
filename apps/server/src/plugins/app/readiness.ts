import type { ReadinessChecks } from '@jewel/contract/system';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Gauge } from 'prom-client';
import { checkStorage } from '../external/storage.ts';

/** How long one dependency may take to answer before it counts as down: a probe never hangs. */
export const READY_CHECK_TIMEOUT_MS = 1_500;

export type Dependency = keyof ReadinessChecks;

export interface Readiness {
  checks: ReadinessChecks;
  /** Why each dependency that is down is down, for the log only (never in an answer or a label). */
  failures: Partial<Record<Dependency, unknown>>;
}

class CheckTimeout extends Error {
  readonly dependency: Dependency;

  constructor(dependency: Dependency) {
    super(`${dependency} did not answer within ${READY_CHECK_TIMEOUT_MS} ms`);
    this.dependency = dependency;
    this.name = 'CheckTimeout';
  }
}

/** Resolves when `check` does; rejects when it fails or takes longer than the timeout. */
async function within(dependency: Dependency, check: () => Promise<unknown>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new CheckTimeout(dependency)), READY_CHECK_TIMEOUT_MS);
  });
  try {
    // The race also settles the check's own rejection, should it come after the timeout.
    await Promise.race([check(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Each dependency of this instance, checked at once and side by side: the database answers
 * `select 1`, the storage its own check (a writable uploads directory, or a read of the bucket's
 * probe name). Kinds and states only: no address, bucket, user or key.
 */
async function checkReadiness(app: FastifyInstance): Promise<Readiness> {
  const failures: Readiness['failures'] = {};
  const state = (dependency: Dependency) => async (check: () => Promise<unknown>) => {
    try {
      await within(dependency, check);
      return 'up' as const;
    } catch (error) {
      failures[dependency] = error;
      return 'down' as const;
    }
  };
  const [database, storage] = await Promise.all([
    state('database')(() => app.db.execute(sql`select 1`)),
    state('storage')(() => checkStorage(app.storage)),
  ]);
  return {
    checks: {
      database: { kind: app.database.kind, state: database },
      storage: { kind: app.config.storage.kind, state: storage },
    },
    failures,
  };
}

/**
 * `app.readiness()`: what `/api/ready` answers, and the metric `jewel_ready` per dependency,
 * checked again at each scrape so that an alert needs nothing else to poll.
 */
export default fp(
  async (app) => {
    app.decorate('readiness', () => checkReadiness(app));
    new Gauge({
      name: 'jewel_ready',
      help: 'Whether a dependency answers, checked at each scrape as /api/ready does: 1 up, 0 down',
      labelNames: ['dependency', 'kind'],
      registers: [app.metrics.registry],
      async collect() {
        const { checks } = await checkReadiness(app);
        this.reset();
        for (const [dependency, { kind, state }] of Object.entries(checks))
          this.set({ dependency, kind }, state === 'up' ? 1 : 0);
      },
    });
  },
  { name: 'readiness', dependencies: ['config', 'database', 'metrics', 'storage'] },
);
