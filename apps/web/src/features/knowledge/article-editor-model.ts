import type { KnowledgeArticleInput, KnowledgeManagedArticle } from '@jewel/contract/knowledge';
import { LANGS, type Lang } from '@jewel/contract/values/i18n';
import type { FieldErrors } from '../../components/form/use-form.ts';

/** One language version as the editor holds it: the tags as typed, separated by commas. */
export interface VersionValues {
  title: string;
  summary: string;
  body_markdown: string;
  tags: string;
}

export interface EditorValues {
  category_id: number | null;
  cover: string;
  versions: Record<Lang, VersionValues>;
}

const emptyVersion = (): VersionValues => ({ title: '', summary: '', body_markdown: '', tags: '' });

/** Commas of any script (`,` `，` `、`) separate tags; blanks and repeats go. */
export function splitTags(typed: string): string[] {
  return [
    ...new Set(
      typed
        .split(/[,，、]/)
        .map((tag) => tag.trim())
        .filter(Boolean),
    ),
  ];
}

/** The editor's values of a saved article, or of a new one (`null`). */
export function editorValues(article: KnowledgeManagedArticle | null): EditorValues {
  const versions = Object.fromEntries(
    LANGS.map((lang) => {
      const version = article?.versions[lang];
      return [lang, version ? { ...version, tags: version.tags.join(', ') } : emptyVersion()];
    }),
  ) as Record<Lang, VersionValues>;
  return { category_id: article?.category_id ?? null, cover: article?.cover ?? '', versions };
}

const isBlank = (version: VersionValues) =>
  !version.title.trim() && !version.summary.trim() && !version.body_markdown.trim() && !version.tags.trim();

/**
 * The languages the save sends: those the article has (none is ever deleted, so they stay
 * required) and those with anything typed in.
 */
export function sentLanguages(values: EditorValues, saved: KnowledgeManagedArticle | null): Lang[] {
  return LANGS.filter((lang) => saved?.versions[lang] || !isBlank(values.versions[lang]));
}

/** The editor's own checks, in the order of the page; `t` words them. */
export function editorErrors(
  values: EditorValues,
  saved: KnowledgeManagedArticle | null,
  words: { required: string; oneLanguage: string },
): FieldErrors {
  const languages = sentLanguages(values, saved);
  return {
    category_id: values.category_id === null ? words.required : undefined,
    versions: languages.length === 0 ? words.oneLanguage : undefined,
    ...Object.fromEntries(
      languages.flatMap((lang) => [
        [`versions.${lang}.title`, values.versions[lang].title.trim() ? undefined : words.required],
        [`versions.${lang}.body_markdown`, values.versions[lang].body_markdown.trim() ? undefined : words.required],
      ]),
    ),
  };
}

/** The call's body: the category, the cover and the languages sent. */
export function articleInput(values: EditorValues, saved: KnowledgeManagedArticle | null): KnowledgeArticleInput {
  return {
    category_id: values.category_id ?? 0,
    cover: values.cover,
    versions: Object.fromEntries(
      sentLanguages(values, saved).map((lang) => {
        const version = values.versions[lang];
        return [
          lang,
          {
            title: version.title,
            summary: version.summary,
            body_markdown: version.body_markdown,
            tags: splitTags(version.tags),
          },
        ];
      }),
    ),
  };
}

/**
 * Where the server's refusal goes: under the field it names, a tag's (`versions.en.tags.2`)
 * under the language's tags.
 */
export function editorFieldOf(field: string): string {
  return field.replace(/^(versions\.[\w-]+\.tags)\.\d+$/, '$1');
}

/** The language a field belongs to (`versions.ja.title` → `ja`), to show its tab. */
export function languageOfField(field: string): Lang | null {
  const lang = field.split('.')[1];
  return field.startsWith('versions.') && LANGS.includes(lang as Lang) ? (lang as Lang) : null;
}
