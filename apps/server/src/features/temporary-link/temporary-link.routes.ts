import { temporaryLinkRoutes } from '@jewel/contract/temporary';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { serviceDeps } from '../../domain/service-deps.ts';
import { registerRoute } from '../../lib/route.ts';
import { requireAuth } from '../../plugins/app/auth.ts';
import * as links from './temporary-link.service.ts';

/** The record of a user's guest links (PRODUCT.md "Temporary links"); creating one is `/api/auth/tmp`. */
async function routes(app: FastifyInstance) {
  const deps = serviceDeps(app);

  registerRoute(app, temporaryLinkRoutes.temporaryLinks, ({ query }, request) =>
    links.list(app.db, requireAuth(request).userId, query),
  );

  registerRoute(app, temporaryLinkRoutes.temporaryLinkRevoke, ({ params }, request) =>
    links.revoke(deps, requireAuth(request).userId, params.uuid),
  );
}

export const temporaryLinkFeature = fp(routes, {
  name: 'temporary-link-routes',
  dependencies: ['auth', 'config', 'database', 'live'],
  encapsulate: true,
});
