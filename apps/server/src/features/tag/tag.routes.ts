import { tagRoutes } from '@jewel/contract/tag';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerRoute, sendDownload } from '../../lib/route.ts';
import { requireAuth } from '../../plugins/app/auth.ts';
import * as tags from './tag.service.ts';

/**
 * Item tags and the scan (docs/decisions.md "Item tags and the scan"): staff print label sheets
 * (access 'regular'); anyone signed in asks which item a scanned code is (their visibility applies).
 */
async function routes(app: FastifyInstance) {
  const deps = (): tags.TagDeps => ({ db: app.db, publicUrl: app.config.publicUrl });

  registerRoute(app, tagRoutes.tagSheet, async ({ body }, request, reply) => {
    const file = await tags.sheet(deps(), requireAuth(request), body, request, request.lang);
    return sendDownload(reply, file, 'application/pdf');
  });

  registerRoute(app, tagRoutes.scanResolve, ({ params }, request) =>
    tags.resolve(deps(), requireAuth(request), params.id),
  );
}

export const tagFeature = fp(routes, {
  name: 'tag-routes',
  dependencies: ['auth', 'config', 'database'],
  encapsulate: true,
});
