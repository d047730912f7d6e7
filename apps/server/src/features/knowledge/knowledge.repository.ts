import type { KnowledgeArticlesQuery } from '@jewel/contract/knowledge';
import { DEFAULT_LANG, FALLBACK_LANG, type Lang } from '@jewel/contract/values/i18n';
import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { knowledgeArticles, knowledgeArticleTranslations, knowledgeCategories, users } from '../../db/schema.ts';
import { containsPattern } from '../../lib/like.ts';

export async function knowledgeShown(db: Db, userId: number): Promise<boolean> {
  const [row] = await db.select({ shown: users.knowledgeShow }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.shown ?? false;
}

export function listCategories(db: Db) {
  return db.select().from(knowledgeCategories).orderBy(asc(knowledgeCategories.sort), asc(knowledgeCategories.id));
}

const t = knowledgeArticleTranslations;

/**
 * Each article's language version for a caller of `lang`: theirs, else zh-Hans, else en, else
 * the first that exists (by language code, so the choice is stable).
 */
function chosenVersions(db: Db, lang: Lang, articleId?: number) {
  const rank = sql<number>`case ${t.lang} when ${lang} then 0 when ${DEFAULT_LANG} then 1 when ${FALLBACK_LANG} then 2 else 3 end`;
  return db
    .selectDistinctOn([t.articleId], {
      articleId: t.articleId,
      lang: t.lang,
      title: t.title,
      summary: t.summary,
      tags: t.tags,
      bodyHtml: t.bodyHtml,
      bodyText: t.bodyText,
      updatedAt: t.updatedAt,
    })
    .from(t)
    .where(articleId === undefined ? undefined : eq(t.articleId, articleId))
    .orderBy(t.articleId, rank, t.lang)
    .as('chosen');
}

type Chosen = ReturnType<typeof chosenVersions>;

/** An article's columns with its chosen language version; `extra` adds columns of that version. */
function selectArticles<Extra extends SelectedFields = Record<never, never>>(db: Db, chosen: Chosen, extra?: Extra) {
  return db
    .select({
      id: knowledgeArticles.id,
      cover: knowledgeArticles.cover,
      createdAt: knowledgeArticles.createdAt,
      articleUpdatedAt: knowledgeArticles.updatedAt,
      categoryId: knowledgeCategories.id,
      categoryCode: knowledgeCategories.code,
      categoryName: knowledgeCategories.name,
      lang: chosen.lang,
      title: chosen.title,
      summary: chosen.summary,
      tags: chosen.tags,
      updatedAt: chosen.updatedAt,
      ...(extra as Extra),
    })
    .from(knowledgeArticles)
    .innerJoin(chosen, eq(chosen.articleId, knowledgeArticles.id))
    .innerJoin(knowledgeCategories, eq(knowledgeCategories.id, knowledgeArticles.categoryId));
}

export type ArticleRow = Awaited<ReturnType<ReturnType<typeof selectArticles>['execute']>>[number];

/** Newest first; the keyword matches the chosen version's title or body text. */
export async function listArticles(db: Db, lang: Lang, query: KnowledgeArticlesQuery) {
  const chosen = chosenVersions(db, lang);
  const keyword = query.keyword ? containsPattern(query.keyword) : null;
  const filters: (SQL | undefined)[] = [
    // Readers never see an unpublished article, listed or found (issue 28 item 6).
    eq(knowledgeArticles.published, true),
    query.category_id ? eq(knowledgeArticles.categoryId, query.category_id) : undefined,
    keyword ? or(ilike(chosen.title, keyword), ilike(chosen.bodyText, keyword)) : undefined,
  ];
  const where = and(...filters);
  const [items, [totals]] = await Promise.all([
    selectArticles(db, chosen)
      .where(where)
      .orderBy(desc(knowledgeArticles.createdAt), desc(knowledgeArticles.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    db
      .select({ total: count() })
      .from(knowledgeArticles)
      .innerJoin(chosen, eq(chosen.articleId, knowledgeArticles.id))
      .where(where),
  ]);
  return { items, total: totals?.total ?? 0 };
}

export async function findArticle(db: Db, lang: Lang, id: number) {
  const chosen = chosenVersions(db, lang, id);
  const [row] = await selectArticles(db, chosen, { bodyHtml: chosen.bodyHtml })
    .where(and(eq(knowledgeArticles.id, id), eq(knowledgeArticles.published, true)))
    .limit(1);
  return row ?? null;
}

// ——— the editor's reads, for managers (issue 28 item 6): unpublished articles too ———

/** Every article with its chosen version's title, whether it is published, and the languages it has. */
export function listManaged(db: Db, lang: Lang) {
  const chosen = chosenVersions(db, lang);
  return selectArticles(db, chosen, {
    published: knowledgeArticles.published,
    languages: sql<Lang[]>`(select jsonb_agg(${t.lang}) from ${t} where ${t.articleId} = ${knowledgeArticles.id})`,
  }).orderBy(desc(knowledgeArticles.updatedAt), desc(knowledgeArticles.id));
}

/** An article's own row and every language version of it, as written. */
export async function findManaged(db: Db, id: number) {
  const [article] = await db.select().from(knowledgeArticles).where(eq(knowledgeArticles.id, id)).limit(1);
  if (!article) return null;
  const versions = await db.select().from(t).where(eq(t.articleId, id));
  return { article, versions };
}

export async function categoryExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db
    .select({ id: knowledgeCategories.id })
    .from(knowledgeCategories)
    .where(eq(knowledgeCategories.id, id))
    .limit(1);
  return row !== undefined;
}
