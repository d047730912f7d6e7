import { z } from 'zod';
import { idParamsSchema, pageOf, pageQuerySchema, timestampSchema } from './common.ts';
import { queryIdSchema, text } from './input.ts';
import { defineRoute } from './route.ts';
import { LANGS } from './values/i18n.ts';
import { TEXT_MAX } from './values/limits.ts';

export const knowledgeCategorySchema = z.object({
  id: z.number().int(),
  /** Stable name for import files (`category: precious-metals`). */
  code: z.string(),
  /** In the caller's language. */
  name: z.string(),
});
export type KnowledgeCategory = z.infer<typeof knowledgeCategorySchema>;

/**
 * An article as a list shows it, in the language version chosen for the caller: their
 * language, else zh-Hans, else en, else whichever version exists (`language` says which).
 */
export const knowledgeArticleSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  category: knowledgeCategorySchema,
  /** An image path (`/api/files/…` or one of the app's own), or empty. */
  cover: z.string(),
  summary: z.string(),
  tags: z.array(z.string()),
  language: z.enum(LANGS),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type KnowledgeArticleSummary = z.infer<typeof knowledgeArticleSummarySchema>;

export const knowledgeArticleSchema = knowledgeArticleSummarySchema.extend({
  /**
   * The Markdown body rendered by the server and sanitized by an allow-list: no script, event
   * handler, style attribute, frame, `javascript:` or `data:` URL can be in it.
   */
  body_html: z.string(),
});
export type KnowledgeArticle = z.infer<typeof knowledgeArticleSchema>;

export const knowledgeArticlesQuerySchema = pageQuerySchema.extend({
  category_id: queryIdSchema.optional(),
  /** Matches the title and the body text (case-insensitive, contained; `%` and `_` match themselves). */
  keyword: text().trim().max(TEXT_MAX.longKeyword).optional(),
});
export type KnowledgeArticlesQuery = z.infer<typeof knowledgeArticlesQuerySchema>;

export const knowledgeRoutes = {
  knowledgeCategories: defineRoute({
    method: 'GET',
    path: '/api/knowledge/categories',
    summary: 'Knowledge base categories (users whose knowledge_show is 1)',
    tag: 'knowledge',
    access: 'user',
    data: z.array(knowledgeCategorySchema),
  }),
  knowledgeArticles: defineRoute({
    method: 'GET',
    path: '/api/knowledge/articles',
    summary: 'Knowledge articles, newest first, by category and keyword, paged',
    tag: 'knowledge',
    access: 'user',
    query: knowledgeArticlesQuerySchema,
    data: pageOf(knowledgeArticleSummarySchema),
  }),
  knowledgeArticle: defineRoute({
    method: 'GET',
    path: '/api/knowledge/articles/:id',
    summary: 'One knowledge article with its rendered, sanitized body',
    tag: 'knowledge',
    access: 'user',
    params: idParamsSchema,
    data: knowledgeArticleSchema,
  }),
};
