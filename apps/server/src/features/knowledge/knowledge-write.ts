import type { Lang } from '@jewel/contract/values/i18n';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { knowledgeArticles, knowledgeArticleTranslations } from '../../db/schema.ts';
import { articlePlainText, renderArticleHtml, summaryFrom } from './knowledge-render.ts';

export interface ArticleVersionInput {
  lang: Lang;
  title: string;
  /** Empty: the start of the body text. */
  summary: string;
  tags: string[];
  markdown: string;
}

export interface ArticleInput {
  slug: string;
  categoryId: number;
  cover: string;
  versions: ArticleVersionInput[];
}

/** One language version as stored: the Markdown, and the sanitized HTML and plain text rendered from it. */
export function renderVersion(version: ArticleVersionInput) {
  const bodyHtml = renderArticleHtml(version.markdown);
  const bodyText = articlePlainText(bodyHtml);
  return {
    lang: version.lang,
    title: version.title.trim(),
    summary: version.summary.trim() || summaryFrom(bodyText),
    tags: version.tags,
    bodyMarkdown: version.markdown,
    bodyHtml,
    bodyText,
  };
}

/**
 * Creates the article of `slug`, or updates it: its category and cover, and each given language
 * version (versions not given stay). Answers whether it was new. Run it inside a transaction.
 */
export async function upsertArticle(db: Db, input: ArticleInput): Promise<{ id: number; created: boolean }> {
  const [article] = await db
    .insert(knowledgeArticles)
    .values({ slug: input.slug, categoryId: input.categoryId, cover: input.cover })
    .onConflictDoUpdate({
      target: knowledgeArticles.slug,
      set: { categoryId: input.categoryId, cover: input.cover, updatedAt: sql`now()` },
    })
    // xmax is 0 for a row this statement inserted, not for one it updated.
    .returning({ id: knowledgeArticles.id, created: sql<boolean>`(xmax = 0)` });
  if (!article) throw new Error(`article ${input.slug} was not written`);
  await writeVersions(db, article.id, input.versions);
  return { id: article.id, created: Boolean(article.created) };
}

/** Writes each given language version of an article, rendered; versions not given stay. */
export async function writeVersions(db: Db, articleId: number, versions: ArticleVersionInput[]): Promise<void> {
  for (const version of versions) {
    const row = renderVersion(version);
    await db
      .insert(knowledgeArticleTranslations)
      .values({ articleId, ...row })
      .onConflictDoUpdate({
        target: [knowledgeArticleTranslations.articleId, knowledgeArticleTranslations.lang],
        set: {
          title: row.title,
          summary: row.summary,
          tags: row.tags,
          bodyMarkdown: row.bodyMarkdown,
          bodyHtml: row.bodyHtml,
          bodyText: row.bodyText,
          updatedAt: sql`now()`,
        },
      });
  }
}

/** The article of a slug, if any. */
export async function articleIdBySlug(db: Db, slug: string): Promise<number | null> {
  const [row] = await db
    .select({ id: knowledgeArticles.id })
    .from(knowledgeArticles)
    .where(eq(knowledgeArticles.slug, slug))
    .limit(1);
  return row?.id ?? null;
}
