import { shopRoutes } from '@jewel/contract/shop';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerRoute } from '../../lib/route.ts';
import { requireAuth } from '../../plugins/app/auth.ts';
import { changeShopDetails, shopDetails } from './shop.service.ts';

/** The shop's details, for its managers (issue 28 item 4). */
async function routes(app: FastifyInstance) {
  const defaults = { currency: app.config.shopCurrency, timeZone: app.config.shopTimezone };
  registerRoute(app, shopRoutes.shopDetails, () => shopDetails(app.db, defaults));

  registerRoute(app, shopRoutes.shopDetailsChange, async ({ body }, request) => {
    const by = requireAuth(request).userId;
    const answer = await changeShopDetails(app.db, defaults, by, body);
    request.log.info({ by }, "shop's details changed");
    return answer;
  });
}

export const shopFeature = fp(routes, { name: 'shop-routes', dependencies: ['auth'], encapsulate: true });
