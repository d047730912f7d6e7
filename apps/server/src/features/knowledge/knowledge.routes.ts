import { knowledgeRoutes } from '@jewel/contract/knowledge';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerRoute } from '../../lib/route.ts';
import { requireAuth } from '../../plugins/app/auth.ts';
import * as knowledge from './knowledge.service.ts';

async function routes(app: FastifyInstance) {
  registerRoute(app, knowledgeRoutes.knowledgeCategories, (_input, request) =>
    knowledge.categories(app.db, requireAuth(request).userId, request.lang),
  );

  registerRoute(app, knowledgeRoutes.knowledgeArticles, ({ query }, request) =>
    knowledge.articles(app.db, requireAuth(request).userId, request.lang, query),
  );

  registerRoute(app, knowledgeRoutes.knowledgeArticle, ({ params }, request) =>
    knowledge.article(app.db, requireAuth(request).userId, request.lang, params.id),
  );
}

export const knowledgeFeature = fp(routes, {
  name: 'knowledge-routes',
  dependencies: ['auth', 'database'],
  encapsulate: true,
});
