import { commodityRoutes } from '@jewel/contract/commodity';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/route.ts';
import { SignalCache } from '../../lib/signal-cache.ts';
import { requireAuth } from '../../plugins/app/auth.ts';
import * as commodities from './commodity.service.ts';
import * as actions from './commodity-actions.service.ts';

/** A page lives this long at most; any commodity change on any instance drops it sooner. */
const PAGE_TTL_MS = 15_000;

export async function commodityFeature(app: FastifyInstance) {
  registerRoute(app, commodityRoutes.commodityEnroll, ({ body }, request) =>
    commodities.enroll(app, requireAuth(request), body),
  );

  // Every device refetches its list on every commodity change: the pages are read far more often
  // than they change, and shared until the next change (or for TTL at most, for the names in them).
  const pages = new SignalCache<string, commodities.Page>((_page, now) => now + PAGE_TTL_MS);
  app.live.onSignal((kind) => {
    if (kind === 'commodity' || kind === 'resync') pages.clear();
  });

  registerRoute(app, commodityRoutes.commodityList, ({ query }, request) => {
    const viewer = requireAuth(request);
    return pages.get(commodities.pageKey('list', viewer, query), () => commodities.list(app.db, viewer, query));
  });

  registerRoute(app, commodityRoutes.commodityReconsiderations, ({ query }, request) => {
    const viewer = requireAuth(request);
    return pages.get(commodities.pageKey('reconsiderations', viewer, query), () =>
      commodities.reconsiderations(app.db, viewer, query),
    );
  });

  registerRoute(app, commodityRoutes.commodityDetail, ({ params }, request) =>
    commodities.detail(app.db, params.id, requireAuth(request), request.lang),
  );

  registerRoute(app, commodityRoutes.commodityDistribute, ({ body }, request) =>
    actions.distribute(app, requireAuth(request), request.lang, body),
  );

  registerRoute(app, commodityRoutes.commodityUpdate, ({ params, body }, request) =>
    actions.update(app, requireAuth(request), request.lang, params.id, body),
  );

  registerRoute(app, commodityRoutes.commodityStartAppraisal, ({ params, body }, request) =>
    actions.startAppraisal(app, requireAuth(request), request.lang, params.id, body),
  );

  registerRoute(app, commodityRoutes.commodityReturn, ({ params, body }, request) =>
    actions.returnForModification(app, requireAuth(request), request.lang, params.id, body),
  );

  registerRoute(app, commodityRoutes.commodityAppraise, ({ params, body }, request) =>
    actions.appraise(app, requireAuth(request), request.lang, params.id, body),
  );

  registerRoute(app, commodityRoutes.commodityStartReconsideration, ({ params, body }, request) =>
    actions.startReconsideration(app, requireAuth(request), request.lang, params.id, body),
  );

  registerRoute(app, commodityRoutes.commodityReconsider, ({ params, body }, request) =>
    actions.reconsider(app, requireAuth(request), request.lang, params.id, body),
  );

  registerRoute(app, commodityRoutes.commodityComprehensive, ({ params, body }, request) =>
    actions.comprehensive(app, requireAuth(request), request.lang, params.id, body),
  );

  registerRoute(app, commodityRoutes.commodityReassess, ({ params, body }, request) =>
    actions.reassess(app, requireAuth(request), request.lang, params.id, body),
  );

  registerRoute(app, commodityRoutes.commodityRecycle, ({ params, body }, request) =>
    actions.recycle(app, requireAuth(request), request.lang, params.id, body),
  );

  registerRoute(app, commodityRoutes.commodityConfirmName, ({ params, body }, request) =>
    actions.confirmName(app, requireAuth(request), request.lang, params.id, body),
  );
}
