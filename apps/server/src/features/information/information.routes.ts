import { informationRoutes } from '@jewel/contract/information';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { shopTimeZone } from '../../domain/shop.ts';
import { registerRoute } from '../../lib/route.ts';
import { requireAuth } from '../../plugins/app/auth.ts';
import * as information from './information.service.ts';

/**
 * The data base and its subtotals (PRODUCT.md "Data base"): the results of the branches the
 * caller sees (issue 32); a subtotal adds up its maker's branches, seen and recomputed by anyone
 * who sees them all.
 */
async function routes(app: FastifyInstance) {
  const timeZone = () => shopTimeZone(app.db, app.config);

  registerRoute(app, informationRoutes.informationList, async ({ query }, request) =>
    information.list(app.db, await timeZone(), requireAuth(request), query, request.lang),
  );

  registerRoute(app, informationRoutes.informationDetail, ({ params }, request) =>
    information.detail(app.db, requireAuth(request), params.id, request.lang),
  );

  registerRoute(app, informationRoutes.subtotalCreate, async ({ body }, request) =>
    information.createSubtotal(app.db, await timeZone(), requireAuth(request), body),
  );

  registerRoute(app, informationRoutes.subtotalList, ({ query }, request) =>
    information.listSubtotals(app.db, requireAuth(request), query),
  );

  registerRoute(app, informationRoutes.subtotalDetail, ({ params }, request) =>
    information.subtotal(app.db, requireAuth(request), params.id),
  );

  registerRoute(app, informationRoutes.subtotalVersions, ({ params, query }, request) =>
    information.listVersions(app.db, requireAuth(request), params.id, query),
  );

  registerRoute(app, informationRoutes.subtotalRecompute, async ({ params }, request) =>
    information.recomputeSubtotal(app.db, await timeZone(), params.id, requireAuth(request)),
  );
}

export const informationFeature = fp(routes, {
  name: 'information-routes',
  dependencies: ['auth', 'config', 'database'],
  encapsulate: true,
});
