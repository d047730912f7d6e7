import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { knowledgeCategories } from './knowledge-categories.ts';

/** A knowledge article; its texts live in one row per language (`knowledge_article_translations`). */
export const knowledgeArticles = pgTable(
  'knowledge_articles',
  {
    id: serial('id').primaryKey(),
    /** Groups an import's language versions; a re-import of the same slug updates the article. */
    slug: text('slug').notNull().unique(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => knowledgeCategories.id),
    /** An image path (`/api/files/…`, or one of the web app's own), or empty. */
    cover: text('cover').notNull().default(''),
    /**
     * Whether readers see it (issue 28 item 6): a manager's new article waits unpublished; those
     * imported, and every article from before, are published. Never deleted, only taken back.
     */
    published: boolean('published').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [index('knowledge_articles_category_idx').on(t.categoryId, t.createdAt)],
);
