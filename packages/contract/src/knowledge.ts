import { z } from 'zod';
import { idParamsSchema, pageOf, pageQuerySchema, timestampSchema } from './common.ts';
import { idSchema, queryIdSchema, text } from './input.ts';
import { defineRoute } from './route.ts';
import { LANGS, type Lang } from './values/i18n.ts';
import { KNOWLEDGE_MAX, TEXT_MAX } from './values/limits.ts';
import { KNOWLEDGE_COVER } from './values/patterns.ts';

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

// ——— the editor, for managers (issue 28 item 6) ———

/** One language version as a manager writes it: the body in Markdown, rendered by the server. */
export const knowledgeVersionInputSchema = z.object({
  title: text().trim().min(1).max(KNOWLEDGE_MAX.title),
  /** Empty: the start of the body text. */
  summary: text().trim().max(KNOWLEDGE_MAX.summary),
  body_markdown: text().trim().min(1).max(KNOWLEDGE_MAX.body),
  tags: z.array(text().trim().min(1).max(KNOWLEDGE_MAX.tag)).max(KNOWLEDGE_MAX.tags),
});
export type KnowledgeVersionInput = z.infer<typeof knowledgeVersionInputSchema>;

const versionsSchema = z.object(
  Object.fromEntries(LANGS.map((lang) => [lang, knowledgeVersionInputSchema.optional()])) as {
    [K in Lang]: z.ZodOptional<typeof knowledgeVersionInputSchema>;
  },
);

/**
 * An article as a manager writes it: its category, its cover (none, the manager's upload or one
 * the app ships) and its language versions. A language left out keeps the version it has (none
 * is ever deleted); an article has at least one.
 */
export const knowledgeArticleInputSchema = z.object({
  category_id: idSchema,
  cover: text().regex(KNOWLEDGE_COVER),
  versions: versionsSchema.refine((versions) => LANGS.some((lang) => versions[lang]), {
    error: 'At least one language',
  }),
});
export type KnowledgeArticleInput = z.infer<typeof knowledgeArticleInputSchema>;

/** An article in the managers' list: unpublished ones too, with the languages it is written in. */
export const knowledgeManagedSummarySchema = z.object({
  id: z.number().int(),
  /** In the caller's language, else as the reader's list chooses (`language` says which). */
  title: z.string(),
  language: z.enum(LANGS),
  languages: z.array(z.enum(LANGS)),
  category: knowledgeCategorySchema,
  cover: z.string(),
  published: z.boolean(),
  updated_at: timestampSchema,
});
export type KnowledgeManagedSummary = z.infer<typeof knowledgeManagedSummarySchema>;

/** An article as the editor opens it: the Markdown of each language it has, as written. */
export const knowledgeManagedArticleSchema = z.object({
  id: z.number().int(),
  category_id: z.number().int(),
  cover: z.string(),
  published: z.boolean(),
  versions: z.object(
    Object.fromEntries(LANGS.map((lang) => [lang, knowledgeVersionInputSchema.nullable()])) as {
      [K in Lang]: z.ZodNullable<typeof knowledgeVersionInputSchema>;
    },
  ),
  updated_at: timestampSchema,
});
export type KnowledgeManagedArticle = z.infer<typeof knowledgeManagedArticleSchema>;

export const knowledgePreviewInputSchema = z.object({
  body_markdown: text().max(KNOWLEDGE_MAX.body),
});

export const knowledgeAdminRoutes = {
  knowledgeManaged: defineRoute({
    method: 'GET',
    path: '/api/knowledge/manage/articles',
    summary: 'Every knowledge article, unpublished ones too, with its languages, last changed first (managers)',
    tag: 'knowledgeAdmin',
    access: 'manager',
    data: z.array(knowledgeManagedSummarySchema),
  }),
  knowledgeManagedArticle: defineRoute({
    method: 'GET',
    path: '/api/knowledge/manage/articles/:id',
    summary: "A knowledge article's Markdown in each language, for its editor (managers)",
    tag: 'knowledgeAdmin',
    access: 'manager',
    params: idParamsSchema,
    data: knowledgeManagedArticleSchema,
  }),
  knowledgeArticleCreate: defineRoute({
    method: 'POST',
    path: '/api/knowledge/manage/articles',
    summary: 'Write a knowledge article, unpublished until published (managers)',
    tag: 'knowledgeAdmin',
    access: 'manager',
    body: knowledgeArticleInputSchema,
    data: knowledgeManagedArticleSchema,
  }),
  knowledgeArticleChange: defineRoute({
    method: 'PUT',
    path: '/api/knowledge/manage/articles/:id',
    summary: "Change a knowledge article's category, cover and language versions (managers)",
    tag: 'knowledgeAdmin',
    access: 'manager',
    params: idParamsSchema,
    body: knowledgeArticleInputSchema,
    data: knowledgeManagedArticleSchema,
  }),
  knowledgeArticlePublish: defineRoute({
    method: 'PUT',
    path: '/api/knowledge/manage/articles/:id/published',
    summary: 'Publish a knowledge article, or take it back from the readers (managers); never deleted',
    tag: 'knowledgeAdmin',
    access: 'manager',
    params: idParamsSchema,
    body: z.object({ published: z.boolean() }),
    data: knowledgeManagedArticleSchema,
  }),
  knowledgePreview: defineRoute({
    method: 'POST',
    path: '/api/knowledge/manage/preview',
    summary: 'A Markdown body rendered and sanitized as readers will see it, saving nothing (managers)',
    tag: 'knowledgeAdmin',
    access: 'manager',
    body: knowledgePreviewInputSchema,
    data: z.object({ body_html: z.string() }),
  }),
};
