import { openApiRoute, systemRoutes } from '@jewel/contract/system';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { registerRoute } from '../../lib/route.ts';

export async function systemFeature(app: FastifyInstance) {
  registerRoute(app, systemRoutes.health, async () => ({ status: 'ok' as const, version: '1.0.0' }));

  registerRoute(app, systemRoutes.ready, async (_input, request) => {
    try {
      await app.db.execute(sql`select 1`);
    } catch (error) {
      request.log.error({ err: error }, 'database not ready');
      throw new AppError('notReady');
    }
    return { status: 'ready' as const, database: app.database.kind };
  });

  registerRoute(app, openApiRoute.openapi, async (_input, _request, reply) => reply.send(app.swagger()));
}
