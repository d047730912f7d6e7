import { knowledgeRoutes } from '@jewel/contract/knowledge';
import type { Lang } from '@jewel/contract/values/i18n';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { translate } from '../../i18n/messages.ts';
import { AppError } from '../../lib/app-error.ts';
import { registerRoute } from '../../lib/route.ts';
import { requireAuth } from '../../plugins/app/auth.ts';
import * as repo from './knowledge.repository.ts';

/**
 * The knowledge base is for users whose `knowledge_show` is 1, guests included: articles are the
 * shop's reference, not anyone's data (docs/decisions.md "Knowledge base").
 */
async function requireKnowledge(app: FastifyInstance, request: FastifyRequest) {
  const auth = requireAuth(request);
  if (!(await repo.knowledgeShown(app.db, auth.userId))) throw new AppError('forbidden');
}

function presentSummary(row: repo.ArticleRow, lang: Lang) {
  return {
    id: row.id,
    title: row.title,
    category: { id: row.categoryId, code: row.categoryCode, name: translate(row.categoryName, lang) },
    cover: row.cover,
    summary: row.summary,
    tags: row.tags,
    language: row.lang,
    created_at: row.createdAt.toISOString(),
    // Whichever changed last: the article (category, cover) or the version shown.
    updated_at: (row.updatedAt > row.articleUpdatedAt ? row.updatedAt : row.articleUpdatedAt).toISOString(),
  };
}

async function routes(app: FastifyInstance) {
  registerRoute(app, knowledgeRoutes.knowledgeCategories, async (_input, request) => {
    await requireKnowledge(app, request);
    const rows = await repo.listCategories(app.db);
    return rows.map((row) => ({ id: row.id, code: row.code, name: translate(row.name, request.lang) }));
  });

  registerRoute(app, knowledgeRoutes.knowledgeArticles, async ({ query }, request) => {
    await requireKnowledge(app, request);
    const { items, total } = await repo.listArticles(app.db, request.lang, query);
    return {
      items: items.map((row) => presentSummary(row, request.lang)),
      total,
      page: query.page,
      page_size: query.page_size,
    };
  });

  registerRoute(app, knowledgeRoutes.knowledgeArticle, async ({ params }, request) => {
    await requireKnowledge(app, request);
    const row = await repo.findArticle(app.db, request.lang, params.id);
    if (!row) throw new AppError('notFound');
    return { ...presentSummary(row, request.lang), body_html: row.bodyHtml };
  });
}

export const knowledgeFeature = fp(routes, {
  name: 'knowledge-routes',
  dependencies: ['auth', 'database'],
  encapsulate: true,
});
