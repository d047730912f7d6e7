import { openApiRoute, systemRoutes } from '@jewel/contract/system';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../lib/app-error.ts';
import { registerRoute } from '../../lib/route.ts';
import { ping } from './system.repository.ts';

async function routes(app: FastifyInstance) {
  registerRoute(app, systemRoutes.health, async () => ({ status: 'ok' as const, version: '1.0.0' }));

  registerRoute(app, systemRoutes.ready, async (_input, request) => {
    try {
      await ping(app.db);
    } catch (error) {
      request.log.error({ err: error }, 'database not ready');
      throw new AppError('notReady');
    }
    return { status: 'ready' as const, database: app.database.kind };
  });

  registerRoute(app, systemRoutes.settings, async () => ({
    default_currency: app.config.shopCurrency,
    identity_check: app.config.identityCheck,
    retention_months: app.config.retentionMonths,
    watch_ack_single_person: app.config.watchAckSinglePerson,
  }));

  registerRoute(app, openApiRoute.openapi, async (_input, _request, reply) => reply.send(app.swagger()));
}

export const systemFeature = fp(routes, {
  name: 'system-routes',
  dependencies: ['auth', 'database', 'openapi'],
  encapsulate: true,
});
