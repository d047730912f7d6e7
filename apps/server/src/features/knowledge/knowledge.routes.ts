import { knowledgeAdminRoutes, knowledgeRoutes } from '@jewel/contract/knowledge';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerRoute } from '../../lib/route.ts';
import { requireAuth } from '../../plugins/app/auth.ts';
import * as knowledge from './knowledge.service.ts';
import * as editor from './knowledge-admin.service.ts';

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

  // The editor, for managers (issue 28 item 6): unpublished articles too.
  registerRoute(app, knowledgeAdminRoutes.knowledgeManaged, (_input, request) =>
    editor.managedArticles(app.db, request.lang),
  );
  registerRoute(app, knowledgeAdminRoutes.knowledgeManagedArticle, ({ params }) =>
    editor.managedArticle(app.db, params.id),
  );
  registerRoute(app, knowledgeAdminRoutes.knowledgeArticleCreate, ({ body }, request) =>
    editor.saveArticle(app.db, requireAuth(request).userId, null, body),
  );
  registerRoute(app, knowledgeAdminRoutes.knowledgeArticleChange, ({ params, body }, request) =>
    editor.saveArticle(app.db, requireAuth(request).userId, params.id, body),
  );
  registerRoute(app, knowledgeAdminRoutes.knowledgeArticlePublish, ({ params, body }) =>
    editor.publishArticle(app.db, params.id, body.published),
  );
  registerRoute(app, knowledgeAdminRoutes.knowledgePreview, async ({ body }) =>
    editor.previewArticle(body.body_markdown),
  );
}

export const knowledgeFeature = fp(routes, {
  name: 'knowledge-routes',
  dependencies: ['auth', 'database'],
  encapsulate: true,
});
