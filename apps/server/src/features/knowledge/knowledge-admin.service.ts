import { randomUUID } from 'node:crypto';
import type {
  KnowledgeArticleInput,
  KnowledgeManagedArticle,
  KnowledgeManagedSummary,
  KnowledgeVersionInput,
} from '@jewel/contract/knowledge';
import { LANGS, type Lang } from '@jewel/contract/values/i18n';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { knowledgeArticles } from '../../db/schema.ts';
import { requireOwnNewPicture } from '../../domain/photo-owners.ts';
import { AppError } from '../../lib/app-error.ts';
import { presentSummary } from './knowledge.presenter.ts';
import * as repo from './knowledge.repository.ts';
import { renderArticleHtml, summaryFrom } from './knowledge-render.ts';
import { type ArticleVersionInput, writeVersions } from './knowledge-write.ts';

/*
 * The knowledge editor, for managers (issue 28 item 6, ADR 0097): every article, unpublished ones
 * too; each language version written in Markdown and stored rendered by the reader's own renderer
 * and allow-list (knowledge-render.ts); published and taken back, never deleted.
 */

const byLangOrder = (a: Lang, b: Lang) => LANGS.indexOf(a) - LANGS.indexOf(b);

export async function managedArticles(db: Db, lang: Lang): Promise<KnowledgeManagedSummary[]> {
  const rows = await repo.listManaged(db, lang);
  return rows.map((row) => {
    const { id, title, language, category, cover, updated_at } = presentSummary(row, lang);
    return {
      id,
      title,
      language,
      languages: [...row.languages].sort(byLangOrder),
      category,
      cover,
      published: row.published,
      updated_at,
    };
  });
}

/**
 * The summary as the manager wrote it: one the writer made from the start of the text (none was
 * written) opens empty, so that a save after the text changed makes it afresh from the new text.
 */
function writtenSummary(summary: string, bodyText: string): string {
  return summary === summaryFrom(bodyText) ? '' : summary;
}

export async function managedArticle(db: Db, id: number): Promise<KnowledgeManagedArticle> {
  const found = await repo.findManaged(db, id);
  if (!found) throw new AppError('notFound');
  const { article, versions } = found;
  const written = new Map(versions.map((version) => [version.lang, version]));
  const last = Math.max(article.updatedAt.getTime(), ...versions.map((version) => version.updatedAt.getTime()));
  return {
    id: article.id,
    category_id: article.categoryId,
    cover: article.cover,
    published: article.published,
    versions: Object.fromEntries(
      LANGS.map((lang) => {
        const version = written.get(lang);
        return [
          lang,
          version
            ? {
                title: version.title,
                summary: writtenSummary(version.summary, version.bodyText),
                body_markdown: version.bodyMarkdown,
                tags: version.tags,
              }
            : null,
        ];
      }),
    ) as KnowledgeManagedArticle['versions'],
    updated_at: new Date(last).toISOString(),
  };
}

const refuse = (field: string) => new AppError('validation', { params: { field }, data: { field } });

/** The versions given, in the shape the writer (shared with the import) takes. */
function versionsOf(input: KnowledgeArticleInput): ArticleVersionInput[] {
  return LANGS.flatMap((lang) => {
    const version: KnowledgeVersionInput | undefined = input.versions[lang];
    return version
      ? [{ lang, title: version.title, summary: version.summary, tags: version.tags, markdown: version.body_markdown }]
      : [];
  });
}

/**
 * Writes an article (`id` null: a new one, unpublished) or changes one: its category, its cover
 * and the language versions given (those not given stay). Every check runs before anything is
 * written, and the writes share one transaction: a refusal changes nothing.
 */
export async function saveArticle(
  db: Db,
  managerId: number,
  id: number | null,
  input: KnowledgeArticleInput,
): Promise<KnowledgeManagedArticle> {
  const savedId = await db.transaction(async (tx) => {
    const [before] =
      id === null ? [] : await tx.select().from(knowledgeArticles).where(eq(knowledgeArticles.id, id)).limit(1);
    if (id !== null && !before) throw new AppError('notFound');
    if (!(await repo.categoryExists(tx, input.category_id))) throw refuse('category_id');
    await requireOwnNewPicture(tx, managerId, input.cover, before?.cover, 'cover');
    const columns = { categoryId: input.category_id, cover: input.cover };
    const [saved] =
      id === null
        ? await tx
            .insert(knowledgeArticles)
            .values({ ...columns, slug: `editor-${randomUUID()}`, published: false })
            .returning({ id: knowledgeArticles.id })
        : await tx
            .update(knowledgeArticles)
            .set({ ...columns, updatedAt: sql`now()` })
            .where(eq(knowledgeArticles.id, id))
            .returning({ id: knowledgeArticles.id });
    if (!saved) throw new AppError('notFound');
    await writeVersions(tx, saved.id, versionsOf(input));
    return saved.id;
  });
  return managedArticle(db, savedId);
}

/** Publishes an article or takes it back from the readers; it stays the managers' to edit. */
export async function publishArticle(db: Db, id: number, published: boolean): Promise<KnowledgeManagedArticle> {
  const [saved] = await db
    .update(knowledgeArticles)
    .set({ published, updatedAt: sql`now()` })
    .where(eq(knowledgeArticles.id, id))
    .returning({ id: knowledgeArticles.id });
  if (!saved) throw new AppError('notFound');
  return managedArticle(db, saved.id);
}

/** A body as readers will see it: the reader's renderer and allow-list, nothing saved. */
export function previewArticle(markdown: string): { body_html: string } {
  return { body_html: renderArticleHtml(markdown) };
}
