import { setupRoutes } from '@jewel/contract/setup';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { presentShopState, readShop } from '../../domain/shop.ts';
import { registerRoute } from '../../lib/route.ts';
import { exploreDemo, setUpShop } from './setup.service.ts';

/** The first start of a shop (issue 28): its state, its setup, or the demo instead. */
async function routes(app: FastifyInstance) {
  registerRoute(app, setupRoutes.shopState, async () => presentShopState(await readShop(app.db)));

  registerRoute(app, setupRoutes.setUpShop, async ({ body }, request) => {
    const state = await setUpShop(app.db, body);
    request.log.info('shop set up');
    return state;
  });

  registerRoute(app, setupRoutes.exploreDemo, async (_input, request) => {
    const state = await exploreDemo(app.db);
    request.log.warn('demo data seeded: its accounts share a public password');
    return state;
  });
}

export const setupFeature = fp(routes, { name: 'setup-routes', dependencies: ['auth'], encapsulate: true });
