import type { KnowledgeArticle } from '@jewel/contract/knowledge';
import { Tag } from '../../../lib/antd-mobile.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

/**
 * One article in full: title, category, date, tags, cover and the server-rendered body. A version
 * in another language than the reader's says so, except in the editor's preview (`preview`),
 * which shows the version being written.
 */
export function ArticleView({ article, preview = false }: { article: KnowledgeArticle; preview?: boolean }) {
  const { t, lang } = useTranslation('knowledge');
  const otherLanguage = article.language !== lang && !preview;
  return (
    <article className="card knowledge-article" lang={article.language}>
      <h2 className="knowledge-article__title">{article.title}</h2>
      <p className="knowledge-article__meta muted">
        <Tag color="primary" fill="outline">
          {article.category.name}
        </Tag>
        <time dateTime={article.updated_at}>{t('detail.updated', { date: formatDateTime(article.updated_at) })}</time>
      </p>
      {otherLanguage ? (
        <p className="knowledge-article__notice" lang={lang}>
          {t('detail.otherLanguage', { language: t(`common:language.${article.language}`) })}
        </p>
      ) : null}
      {article.cover ? <img className="knowledge-article__cover" src={article.cover} alt="" decoding="async" /> : null}
      <div
        className="knowledge-body"
        // The server renders the Markdown and sanitizes the HTML with an allow-list (no script,
        // event handlers, styles, frames, javascript: or data: URLs); the CSP forbids inline script too.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: body_html is the server's sanitized rendering
        dangerouslySetInnerHTML={{ __html: article.body_html }}
      />
      {article.tags.length > 0 ? (
        <ul className="knowledge-article__tags" aria-label={t('detail.tags')}>
          {article.tags.map((tag) => (
            <li key={tag}>
              <Tag fill="outline">{`#${tag}`}</Tag>
            </li>
          ))}
        </ul>
      ) : null}
    </article>
  );
}
