import type { Lang } from '@jewel/contract/values/i18n';
import { translate } from '../../i18n/messages.ts';
import type * as repo from './knowledge.repository.ts';

export function presentSummary(row: repo.ArticleRow, lang: Lang) {
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
