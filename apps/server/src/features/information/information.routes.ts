import { informationRoutes } from '@jewel/contract/information';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { shopTimeZone } from '../../domain/shop.ts';
import { registerRoute } from '../../lib/route.ts';
import { requireAuth } from '../../plugins/app/auth.ts';
import * as information from './information.service.ts';

/**
 * The data base and its subtotals (PRODUCT.md "Data base"): staff only, the whole shop's
 * results; subtotals are the shop's too, seen and recomputed by any staff member.
 */
async function routes(app: FastifyInstance) {
  const timeZone = () => shopTimeZone(app.db, app.config);

  registerRoute(app, informationRoutes.informationList, async ({ query }, request) => {
    requireAuth(request);
    return information.list(app.db, await timeZone(), query, request.lang);
  });

  registerRoute(app, informationRoutes.informationDetail, ({ params }, request) => {
    requireAuth(request);
    return information.detail(app.db, params.id, request.lang);
  });

  registerRoute(app, informationRoutes.subtotalCreate, async ({ body }, request) =>
    information.createSubtotal(app.db, await timeZone(), requireAuth(request).userId, body),
  );

  registerRoute(app, informationRoutes.subtotalList, ({ query }, request) => {
    requireAuth(request);
    return information.listSubtotals(app.db, query);
  });

  registerRoute(app, informationRoutes.subtotalDetail, ({ params }, request) => {
    requireAuth(request);
    return information.subtotal(app.db, params.id);
  });

  registerRoute(app, informationRoutes.subtotalVersions, ({ params, query }, request) => {
    requireAuth(request);
    return information.listVersions(app.db, params.id, query);
  });

  registerRoute(app, informationRoutes.subtotalRecompute, async ({ params }, request) =>
    information.recomputeSubtotal(app.db, await timeZone(), params.id, requireAuth(request).userId),
  );
}

export const informationFeature = fp(routes, {
  name: 'information-routes',
  dependencies: ['auth', 'config', 'database'],
  encapsulate: true,
});
