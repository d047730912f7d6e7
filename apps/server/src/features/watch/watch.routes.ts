import { watchRoutes } from '@jewel/contract/watch';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { serviceDeps } from '../../domain/service-deps.ts';
import { registerRoute } from '../../lib/route.ts';
import { requireAuth } from '../../plugins/app/auth.ts';
import * as watch from './watch.service.ts';

/**
 * The stolen-goods watch list (PRODUCT.md "Stolen-goods watch list"): staff add, import and read
 * notices and alerts; recorders withdraw notices and acknowledge alerts.
 */
async function routes(app: FastifyInstance) {
  const deps = serviceDeps(app);

  registerRoute(app, watchRoutes.watchNoticeList, ({ query }) => watch.listNotices(app.db, query));

  registerRoute(app, watchRoutes.watchNoticeCreate, ({ body }, request) =>
    watch.createNotice(deps, requireAuth(request), body),
  );

  registerRoute(app, watchRoutes.watchNoticeImport, ({ body }, request) =>
    watch.importNotices(deps, requireAuth(request), body.csv),
  );

  registerRoute(app, watchRoutes.watchNoticeWithdraw, ({ params, body }, request) =>
    watch.withdrawNotice(app.db, requireAuth(request), params.id, body.reason),
  );

  registerRoute(app, watchRoutes.watchMatchList, ({ query }, request) =>
    watch.listMatches(app.db, requireAuth(request), query),
  );

  registerRoute(app, watchRoutes.watchMatchAcknowledge, ({ params, body }, request) =>
    watch.acknowledge(deps, requireAuth(request), request.ip, params.id, body),
  );
}

export const watchFeature = fp(routes, {
  name: 'watch-routes',
  dependencies: ['auth', 'database', 'config', 'live'],
  encapsulate: true,
});
