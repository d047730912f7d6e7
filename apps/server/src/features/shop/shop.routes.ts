import { shopRoutes } from '@jewel/contract/shop';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerRoute } from '../../lib/route.ts';
import { requireAuth } from '../../plugins/app/auth.ts';
import { listBanners, saveBanner } from './banners.service.ts';
import {
  changeShopDetails,
  changeShopImages,
  changeShopPublicUrl,
  changeShopRules,
  shopDetails,
} from './shop.service.ts';

/** The shop's details, for its managers (issue 28 item 4). */
async function routes(app: FastifyInstance) {
  const defaults = app.config;
  registerRoute(app, shopRoutes.shopDetails, (_input, request) => shopDetails(app.db, defaults, request.hostname));

  registerRoute(app, shopRoutes.shopDetailsChange, async ({ body }, request) => {
    const by = requireAuth(request).userId;
    await changeShopDetails(app.db, by, body);
    request.log.info({ by }, "shop's details changed");
    return shopDetails(app.db, defaults, request.hostname);
  });

  registerRoute(app, shopRoutes.shopRulesChange, async ({ body }, request) => {
    const by = requireAuth(request).userId;
    await changeShopRules(app.db, by, body);
    request.log.info({ by }, "shop's rules changed");
    return shopDetails(app.db, defaults, request.hostname);
  });

  // The dashboard's banners (issue 28 item 6).
  registerRoute(app, shopRoutes.shopBanners, () => listBanners(app.db));
  registerRoute(app, shopRoutes.shopBannerCreate, ({ body }, request) =>
    saveBanner(app.db, requireAuth(request).userId, null, body),
  );
  registerRoute(app, shopRoutes.shopBannerChange, ({ params, body }, request) =>
    saveBanner(app.db, requireAuth(request).userId, params.id, body),
  );

  registerRoute(app, shopRoutes.shopImagesChange, async ({ body }, request) => {
    const by = requireAuth(request).userId;
    await changeShopImages(app.db, by, body);
    request.log.info({ by }, "shop's images changed");
    return shopDetails(app.db, defaults, request.hostname);
  });

  registerRoute(app, shopRoutes.shopPublicUrlChange, async ({ body }, request) => {
    const by = requireAuth(request).userId;
    await changeShopPublicUrl(app.db, by, body.public_url);
    request.log.info({ by }, "shop's public address changed");
    return shopDetails(app.db, defaults, request.hostname);
  });
}

export const shopFeature = fp(routes, { name: 'shop-routes', dependencies: ['auth'], encapsulate: true });
