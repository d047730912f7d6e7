import { LANGS } from '@jewel/contract/values/i18n';
import { integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { knowledgeArticles } from './knowledge-articles.ts';

/**
 * One language version of an article. The Markdown is what the operator wrote; `body_html` is
 * rendered and sanitized from it when it is written, and `body_text` (the same without markup)
 * is what the keyword search reads.
 */
export const knowledgeArticleTranslations = pgTable(
  'knowledge_article_translations',
  {
    id: serial('id').primaryKey(),
    articleId: integer('article_id')
      .notNull()
      .references(() => knowledgeArticles.id, { onDelete: 'cascade' }),
    lang: text('lang', { enum: LANGS }).notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    bodyMarkdown: text('body_markdown').notNull(),
    bodyHtml: text('body_html').notNull(),
    bodyText: text('body_text').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [uniqueIndex('knowledge_article_translations_article_lang_idx').on(t.articleId, t.lang)],
);
