import type { KnowledgeArticlesQuery } from '@jewel/contract/knowledge';
import type { Lang } from '@jewel/contract/values/i18n';
import type { Db } from '../../db/client.ts';
import { translate } from '../../i18n/messages.ts';
import { AppError } from '../../lib/app-error.ts';
import { presentSummary } from './knowledge.presenter.ts';
import * as repo from './knowledge.repository.ts';

/**
 * The knowledge base is for users whose `knowledge_show` is 1, guests included: articles are the
 * shop's reference, not anyone's data (docs/decisions.md "Knowledge base").
 */
async function requireKnowledge(db: Db, userId: number) {
  if (!(await repo.knowledgeShown(db, userId))) throw new AppError('forbidden');
}

export async function categories(db: Db, userId: number, lang: Lang) {
  await requireKnowledge(db, userId);
  const rows = await repo.listCategories(db);
  return rows.map((row) => ({ id: row.id, code: row.code, name: translate(row.name, lang) }));
}

export async function articles(db: Db, userId: number, lang: Lang, query: KnowledgeArticlesQuery) {
  await requireKnowledge(db, userId);
  const { items, total } = await repo.listArticles(db, lang, query);
  return {
    items: items.map((row) => presentSummary(row, lang)),
    total,
    page: query.page,
    page_size: query.page_size,
  };
}

export async function article(db: Db, userId: number, lang: Lang, id: number) {
  await requireKnowledge(db, userId);
  const row = await repo.findArticle(db, lang, id);
  if (!row) throw new AppError('notFound');
  return { ...presentSummary(row, lang), body_html: row.bodyHtml };
}
