import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { type I18nText, LANGS, type Lang } from '@jewel/contract/values/i18n';
import { KNOWLEDGE_COVER } from '@jewel/contract/values/patterns';
import { sql } from 'drizzle-orm';
import { isMap, isScalar, isSeq, LineCounter, type Node, parseDocument } from 'yaml';
import type { Db } from '../../db/client.ts';
import { knowledgeCategories } from '../../db/schema.ts';
import { type ImportProblem, ImportRefusedError } from '../../lib/import-refused.ts';
import { type ArticleInput, type ArticleVersionInput, upsertArticle } from './knowledge-write.ts';

/**
 * Operator import of knowledge articles (PRODUCT.md "Operations"): a directory of Markdown
 * files, one per language version, each opening with YAML front matter:
 *
 *   ---
 *   slug: gold-purity-marks        # groups the language versions of one article
 *   language: en                   # zh-Hans, zh-Hant, en or ja
 *   title: How to read gold purity marks
 *   category: precious-metals      # a knowledge category's code
 *   tags: [gold, hallmarks]        # optional
 *   cover: /api/files/…            # optional; the same for every version of a slug
 *   summary: …                     # optional; the start of the body otherwise
 *   ---
 *   Markdown body…
 *
 * Categories the articles name must exist, or be defined in an optional `categories.yml` at the
 * directory's top (created or renamed by the import, in display order):
 *
 *   - code: precious-metals
 *     name: { zh-Hans: 贵金属, zh-Hant: 貴金屬, en: Precious metals, ja: 貴金属 }
 *
 * Every file is checked before anything is written; one bad file refuses the whole import.
 * Then everything is written in one transaction: an existing slug is updated (the versions
 * given replace those languages; others stay).
 */

export const CATEGORIES_FILE = 'categories.yml';

interface CategoryInput {
  code: string;
  name: I18nText;
}

export interface ImportResult {
  files: number;
  categories: number;
  articles: number;
  created: number;
  updated: number;
}

const FIELDS = ['slug', 'language', 'title', 'category', 'tags', 'cover', 'summary'] as const;
type Field = (typeof FIELDS)[number];
const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,98}[a-z0-9])?$/;
const TITLE_MAX = 200;
const SUMMARY_MAX = 500;
const TAGS_MAX = 20;

interface ParsedFile {
  file: string;
  slug: string;
  language: Lang;
  category: string;
  cover: string;
  version: ArticleVersionInput;
  /** The line of each front-matter key, for problems found across files. */
  lines: Partial<Record<Field, number>>;
}

async function markdownFiles(dir: string, prefix = ''): Promise<string[]> {
  const entries = await readdir(path.join(dir, prefix), { withFileTypes: true });
  const found: string[] = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const relative = path.join(prefix, entry.name);
    if (entry.isDirectory()) found.push(...(await markdownFiles(dir, relative)));
    else if (entry.isFile() && entry.name.toLowerCase().endsWith('.md')) found.push(relative);
  }
  return found;
}

/** Reads one file's front matter and body; problems go to `problems`, and null when it is unusable. */
export function parseArticleFile(
  file: string,
  text: string,
  categoryCodes: ReadonlySet<string>,
  problems: ImportProblem[],
): ParsedFile | null {
  const before = problems.length;
  const report = (line: number, message: string) => problems.push({ file, line, message });
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (lines[0]?.trim() !== '---') {
    report(1, 'the file must begin with front matter: a line "---"');
    return null;
  }
  const end = lines.findIndex((line, index) => index > 0 && line.trim() === '---');
  if (end < 0) {
    report(1, 'the front matter is not closed by a line "---"');
    return null;
  }
  // Front matter line n (1-based) is file line n + 1.
  const counter = new LineCounter();
  const doc = parseDocument(lines.slice(1, end).join('\n'), { lineCounter: counter, prettyErrors: false });
  for (const error of doc.errors) {
    report(counter.linePos(error.pos[0]).line + 1, `front matter: ${error.message.split('\n')[0]}`);
  }
  if (doc.errors.length > 0) return null;
  const lineOf = (node: Node | null | undefined) => (node?.range ? counter.linePos(node.range[0]).line + 1 : 1);

  if (!isMap(doc.contents)) {
    report(2, 'the front matter must be "key: value" lines');
    return null;
  }
  const values: Partial<Record<Field, { value: unknown; line: number; node: Node | null }>> = {};
  for (const pair of doc.contents.items) {
    const key = isScalar(pair.key) ? String(pair.key.value) : '';
    const line = lineOf(pair.key as Node);
    if (!(FIELDS as readonly string[]).includes(key)) {
      report(line, `unknown field "${key}" (the fields are ${FIELDS.join(', ')})`);
      continue;
    }
    const node = (pair.value ?? null) as Node | null;
    values[key as Field] = { value: isSeq(node) ? node.toJSON() : isScalar(node) ? node.value : node, line, node };
  }

  const textField = (field: Field, required: boolean, max: number): string => {
    const entry = values[field];
    if (!entry || entry.value === null || entry.value === undefined || entry.value === '') {
      if (required) report(entry?.line ?? 1, `"${field}" is required`);
      return '';
    }
    if (typeof entry.value !== 'string' && typeof entry.value !== 'number') {
      report(entry.line, `"${field}" must be text`);
      return '';
    }
    const value = String(entry.value).trim();
    if (value.length > max) report(entry.line, `"${field}" is longer than ${max} characters`);
    return value;
  };

  const slug = textField('slug', true, 100);
  if (slug && !SLUG.test(slug))
    report(values.slug?.line ?? 1, `"slug" must be lower-case letters, digits and hyphens: "${slug}"`);
  const language = textField('language', true, 10);
  if (language && !(LANGS as readonly string[]).includes(language))
    report(values.language?.line ?? 1, `"language" must be one of ${LANGS.join(', ')}: "${language}"`);
  const title = textField('title', true, TITLE_MAX);
  const category = textField('category', true, 100);
  if (category && !categoryCodes.has(category))
    report(
      values.category?.line ?? 1,
      `unknown category "${category}" (the categories are ${[...categoryCodes].join(', ')})`,
    );
  const cover = textField('cover', false, 500);
  // The editor's rule (KNOWLEDGE_COVER): the CSP keeps an http(s) picture from ever showing, and
  // the editor could not save such an article until its cover changed (ADR 0099).
  if (cover && !KNOWLEDGE_COVER.test(cover))
    report(
      values.cover?.line ?? 1,
      `"cover" must be a stored photo (/api/files/…) or one of the app's pictures (/knowledge/…): "${cover}"`,
    );
  const summary = textField('summary', false, SUMMARY_MAX);

  let tags: string[] = [];
  const tagEntry = values.tags;
  if (tagEntry && tagEntry.value !== null && tagEntry.value !== '') {
    const raw = Array.isArray(tagEntry.value)
      ? tagEntry.value
      : typeof tagEntry.value === 'string'
        ? tagEntry.value.split(',')
        : null;
    if (!raw || raw.some((tag) => typeof tag !== 'string' && typeof tag !== 'number')) {
      report(tagEntry.line, '"tags" must be a list of words: [gold, hallmarks]');
    } else {
      tags = raw.map((tag) => String(tag).trim()).filter(Boolean);
      if (tags.length > TAGS_MAX) report(tagEntry.line, `at most ${TAGS_MAX} tags`);
      if (tags.some((tag) => tag.length > 40)) report(tagEntry.line, 'a tag is longer than 40 characters');
    }
  }

  const markdown = lines
    .slice(end + 1)
    .join('\n')
    .trim();
  if (!markdown) report(end + 2, 'the article has no body after the front matter');

  if (problems.length > before) return null;
  const lineNumbers: Partial<Record<Field, number>> = {};
  for (const field of FIELDS) if (values[field]) lineNumbers[field] = values[field]?.line;
  return {
    file,
    slug,
    language: language as Lang,
    category,
    cover,
    version: { lang: language as Lang, title, summary, tags, markdown },
    lines: lineNumbers,
  };
}

/** Groups the files by slug; two files for one language, or versions that disagree on category or cover, are problems. */
function groupArticles(files: ParsedFile[], problems: ImportProblem[]) {
  const bySlug = new Map<string, ParsedFile[]>();
  for (const parsed of files) {
    const group = bySlug.get(parsed.slug) ?? [];
    const first = group[0];
    const twin = group.find((other) => other.language === parsed.language);
    if (twin) {
      problems.push({
        file: parsed.file,
        line: parsed.lines.language ?? 1,
        message: `"${parsed.slug}" already has a ${parsed.language} version in ${twin.file}`,
      });
    } else if (first && first.category !== parsed.category) {
      problems.push({
        file: parsed.file,
        line: parsed.lines.category ?? 1,
        message: `category "${parsed.category}" differs from "${first.category}" in ${first.file} (same slug)`,
      });
    } else if (first && first.cover !== parsed.cover) {
      problems.push({
        file: parsed.file,
        line: parsed.lines.cover ?? 1,
        message: `cover differs from the one in ${first.file} (same slug)`,
      });
    }
    group.push(parsed);
    bySlug.set(parsed.slug, group);
  }
  return bySlug;
}

/** Reads `categories.yml` when there is one; problems go to `problems`. */
export function parseCategoriesFile(
  text: string,
  problems: ImportProblem[],
): { categories: CategoryInput[]; codes: string[] } {
  const report = (line: number, message: string) => problems.push({ file: CATEGORIES_FILE, line, message });
  const counter = new LineCounter();
  const doc = parseDocument(text, { lineCounter: counter, prettyErrors: false });
  for (const error of doc.errors) report(counter.linePos(error.pos[0]).line, error.message.split('\n')[0] ?? '');
  if (doc.errors.length > 0) return { categories: [], codes: [] };
  const lineOf = (node: unknown) => {
    const range = (node as Node | null)?.range;
    return range ? counter.linePos(range[0]).line : 1;
  };
  if (!isSeq(doc.contents)) {
    report(1, 'the file must be a list of "- code: …" entries');
    return { categories: [], codes: [] };
  }
  const found: CategoryInput[] = [];
  const seen = new Set<string>();
  for (const item of doc.contents.items) {
    const line = lineOf(item);
    if (!isMap(item)) {
      report(line, 'each entry needs "code" and "name"');
      continue;
    }
    const entry = item.toJSON() as Record<string, unknown>;
    let valid = true;
    for (const key of Object.keys(entry)) {
      if (key !== 'code' && key !== 'name') {
        report(line, `unknown field "${key}" (the fields are code, name)`);
        valid = false;
      }
    }
    const code = typeof entry.code === 'string' ? entry.code.trim() : '';
    if (!SLUG.test(code)) {
      report(line, `"code" must be lower-case letters, digits and hyphens: "${code}"`);
      valid = false;
    } else if (seen.has(code)) {
      report(line, `category "${code}" is defined twice`);
      valid = false;
    }
    seen.add(code);
    const name = entry.name as Record<string, unknown> | null;
    const missing = LANGS.filter((lang) => typeof name?.[lang] !== 'string' || !String(name[lang]).trim());
    if (!name || typeof name !== 'object' || missing.length > 0) {
      report(
        line,
        `"name" needs a text for each of ${LANGS.join(', ')}${name ? ` (missing ${missing.join(', ')})` : ''}`,
      );
      valid = false;
    }
    if (valid && name) {
      found.push({
        code,
        name: Object.fromEntries(LANGS.map((lang) => [lang, String(name[lang]).trim()])) as I18nText,
      });
    }
  }
  // Every code the file names counts as known, so that an article using a badly defined one is not blamed too.
  return { categories: found, codes: [...seen].filter((code) => SLUG.test(code)) };
}

async function readOptional(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** Imports every `.md` file under `dir` (see above), all or nothing. */
export async function importKnowledge(db: Db, dir: string): Promise<ImportResult> {
  const names = await markdownFiles(dir);
  if (names.length === 0) throw new ImportRefusedError([{ file: dir, line: 0, message: 'no .md files found' }]);
  const existing = await db
    .select({ id: knowledgeCategories.id, code: knowledgeCategories.code })
    .from(knowledgeCategories);
  const problems: ImportProblem[] = [];
  const categoriesText = await readOptional(path.join(dir, CATEGORIES_FILE));
  const fromFile =
    categoriesText === null ? { categories: [], codes: [] } : parseCategoriesFile(categoriesText, problems);
  const newCategories = fromFile.categories;
  const knownCodes = new Set([...existing.map((row) => row.code), ...fromFile.codes]);

  const parsed: ParsedFile[] = [];
  for (const name of names) {
    const text = await readFile(path.join(dir, name), 'utf8');
    const file = parseArticleFile(name, text, knownCodes, problems);
    if (file) parsed.push(file);
  }
  const bySlug = groupArticles(parsed, problems);
  if (problems.length > 0) throw new ImportRefusedError(problems);

  let created = 0;
  const groups = [...bySlug.values()];
  await db.transaction(async (tx) => {
    const categoryIds = new Map(existing.map((row) => [row.code, row.id]));
    const lastSort = await tx
      .select({ sort: sql<number>`coalesce(max(${knowledgeCategories.sort}), 0)` })
      .from(knowledgeCategories);
    for (const [index, category] of newCategories.entries()) {
      const [row] = await tx
        .insert(knowledgeCategories)
        .values({ ...category, sort: (lastSort[0]?.sort ?? 0) + index + 1 })
        .onConflictDoUpdate({ target: knowledgeCategories.code, set: { name: category.name } })
        .returning({ id: knowledgeCategories.id });
      if (row) categoryIds.set(category.code, row.id);
    }
    for (const group of groups) {
      const first = group[0] as ParsedFile;
      const article: ArticleInput = {
        slug: first.slug,
        categoryId: categoryIds.get(first.category) as number,
        cover: first.cover,
        versions: group.map((file) => file.version),
      };
      if ((await upsertArticle(tx, article)).created) created += 1;
    }
  });
  return {
    files: names.length,
    categories: newCategories.length,
    articles: groups.length,
    created,
    updated: groups.length - created,
  };
}
