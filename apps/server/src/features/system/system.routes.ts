import { metricsRoute, openApiRoute, systemRoutes } from '@jewel/contract/system';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { shopRules } from '../../domain/shop.ts';
import { AppError } from '../../lib/app-error.ts';
import { registerRoute } from '../../lib/route.ts';
import { SERVER_VERSION } from '../../lib/version.ts';
import { bearsToken } from '../../plugins/external/metrics.ts';

async function routes(app: FastifyInstance) {
  registerRoute(app, systemRoutes.health, async () => ({ status: 'ok' as const, version: SERVER_VERSION }));

  // The database down takes the instance out (503); the storage down leaves it in, degraded: every
  // instance shares the bucket, and only photos fail (docs/decisions.md "The object storage down is degraded, not unready").
  registerRoute(app, systemRoutes.ready, async (_input, request) => {
    // Stopping: answering its open connections still, but taking nothing new (plugins/external/connections.ts).
    if (app.stopping) throw new AppError('notReady');
    const { checks, failures } = await app.readiness();
    // The database down is an outage of this instance; the storage down, a degraded one.
    for (const [dependency, error] of Object.entries(failures))
      request.log[dependency === 'database' ? 'error' : 'warn']({ err: error, dependency }, `${dependency} not ready`);
    if (checks.database.state === 'down') throw new AppError('notReady', { data: checks });
    return { status: checks.storage.state === 'up' ? ('ready' as const) : ('degraded' as const), checks };
  });

  // The shop's own (issue 28: its setup, its managers' saves); the environment's where it has none.
  registerRoute(app, systemRoutes.settings, async () => {
    const rules = await shopRules(app.db, app.config);
    return {
      default_currency: rules.currency,
      identity_check: rules.identityCheck,
      retention_months: rules.retentionMonths,
      watch_ack_single_person: rules.watchAckSinglePerson,
      managers_strong_sign_in: rules.managersStrongSignIn,
    };
  });

  registerRoute(app, openApiRoute.openapi, async (_input, _request, reply) => reply.send(app.swagger()));

  // Off (an unknown call) without METRICS_TOKEN; for its bearer only otherwise.
  registerRoute(app, metricsRoute.metrics, async (_input, request, reply) => {
    const token = app.config.metricsToken;
    if (!token) throw new AppError('routeNotFound');
    if (!bearsToken(request, token)) throw new AppError('metricsTokenInvalid');
    return reply.type(app.metrics.contentType).send(await app.metrics.scrape());
  });
}

export const systemFeature = fp(routes, {
  name: 'system-routes',
  dependencies: ['auth', 'metrics', 'openapi', 'readiness'],
  encapsulate: true,
});
