import { buybackRoutes } from '@jewel/contract/buyback';
import { commodityRoutes } from '@jewel/contract/commodity';
import { transferRoutes } from '@jewel/contract/transfer';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { serviceDeps } from '../../domain/service-deps.ts';
import { registerRoute } from '../../lib/route.ts';
import { SignalCache } from '../../lib/signal-cache.ts';
import { requireAuth } from '../../plugins/app/auth.ts';
import * as appraisal from './appraisal-actions.service.ts';
import { prepare as prepareBuyback } from './buyback.service.ts';
import * as commodities from './commodity.service.ts';
import * as handoffs from './handoff-actions.service.ts';
import * as records from './record-actions.service.ts';
import { transfer } from './transfer.service.ts';

/** A page lives this long at most; any commodity change on any instance drops it sooner. */
const PAGE_TTL_MS = 15_000;

async function routes(app: FastifyInstance) {
  const deps = serviceDeps(app);

  registerRoute(app, commodityRoutes.commodityEnroll, ({ body }, request) =>
    commodities.enroll(deps, requireAuth(request), body),
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
    handoffs.distribute(deps, requireAuth(request), request.lang, body),
  );

  registerRoute(app, commodityRoutes.commodityUpdate, ({ params, body }, request) =>
    records.update(deps, requireAuth(request), request.lang, params.id, body),
  );

  registerRoute(app, commodityRoutes.commodityStartAppraisal, ({ params, body }, request) =>
    appraisal.startAppraisal(deps, requireAuth(request), request.lang, params.id, body),
  );

  registerRoute(app, commodityRoutes.commodityReturn, ({ params, body }, request) =>
    appraisal.returnForModification(deps, requireAuth(request), request.lang, params.id, body),
  );

  registerRoute(app, commodityRoutes.commodityAppraise, ({ params, body }, request) =>
    appraisal.appraise(deps, requireAuth(request), request.lang, params.id, body),
  );

  registerRoute(app, commodityRoutes.commodityStartReconsideration, ({ params, body }, request) =>
    appraisal.startReconsideration(deps, requireAuth(request), request.lang, params.id, body),
  );

  registerRoute(app, commodityRoutes.commodityReconsider, ({ params, body }, request) =>
    appraisal.reconsider(deps, requireAuth(request), request.lang, params.id, body),
  );

  registerRoute(app, commodityRoutes.commodityComprehensive, ({ params, body }, request) =>
    appraisal.comprehensive(deps, requireAuth(request), request.lang, params.id, body),
  );

  registerRoute(app, commodityRoutes.commodityReassess, ({ params, body }, request) =>
    handoffs.reassess(deps, requireAuth(request), request.lang, params.id, body),
  );

  registerRoute(app, commodityRoutes.commodityRecycle, ({ params, body }, request) =>
    records.recycle(deps, requireAuth(request), request.lang, params.id, body),
  );

  // Access 'recorder': staff recorders only; valuers and guests read no identity data here.
  registerRoute(app, buybackRoutes.commodityBuyback, ({ params }, request) =>
    prepareBuyback(app.db, app.config, requireAuth(request).userId, params.id),
  );

  registerRoute(app, commodityRoutes.commodityConfirmName, ({ params, body }, request) =>
    records.confirmName(deps, requireAuth(request), request.lang, params.id, body),
  );

  // Access 'regular': staff only; a read-only manager is refused by the access guard (ADR 0104).
  registerRoute(app, transferRoutes.commodityTransfer, ({ params, body }, request) =>
    transfer(deps, requireAuth(request), request.lang, params.id, body),
  );
}

export const commodityFeature = fp(routes, {
  name: 'commodity-routes',
  dependencies: ['auth', 'config', 'database', 'live'],
  encapsulate: true,
});
