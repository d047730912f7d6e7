import { LANGS } from '@jewel/contract/values/i18n';
import { upsertArticle } from '../../features/knowledge/knowledge-write.ts';
import type { Db } from '../client.ts';
import { knowledgeCategories } from '../schema.ts';
import { KNOWLEDGE_ARTICLES, KNOWLEDGE_CATEGORIES } from './knowledge-data.ts';

/** The knowledge base's categories and demo articles, each in the four languages. */
export async function seedKnowledge(db: Db): Promise<void> {
  const rows = await db
    .insert(knowledgeCategories)
    .values(KNOWLEDGE_CATEGORIES.map((category, index) => ({ ...category, sort: index + 1 })))
    .returning({ id: knowledgeCategories.id, code: knowledgeCategories.code });
  const categoryIds = new Map(rows.map((row) => [row.code, row.id]));
  // Newest first in the list: the first article is written last.
  for (const article of [...KNOWLEDGE_ARTICLES].reverse()) {
    const categoryId = categoryIds.get(article.category);
    if (categoryId === undefined) throw new Error(`Seed data refers to an unknown category: ${article.category}`);
    await upsertArticle(db, {
      slug: article.slug,
      categoryId,
      cover: article.cover,
      versions: LANGS.map((lang) => {
        const version = article.versions[lang];
        return { lang, title: version.title, summary: version.summary, tags: version.tags, markdown: version.body };
      }),
    });
  }
}
