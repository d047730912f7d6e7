import type { KnowledgeArticleSummary } from '@jewel/contract/knowledge';
import { paths, withQuery } from '@jewel/contract/values/web-paths';
import { Link } from '../../../components/link.tsx';
import { Skeleton } from '../../../lib/antd-mobile.ts';
import { formatDateTime, formatRelative } from '../../../lib/format.ts';

/** One article in a list: cover, title, two lines of summary, category and date; opens the article. */
export function ArticleCard({ article }: { article: KnowledgeArticleSummary }) {
  return (
    <Link
      to={withQuery(paths.knowDetail, { id: article.id })}
      className="knowledge-card"
      data-testid="knowledge-card"
      lang={article.language}
    >
      <div className="knowledge-card__main">
        <h3 className="knowledge-card__title">{article.title}</h3>
        <p className="knowledge-card__summary">{article.summary}</p>
        <p className="knowledge-card__meta">
          <span className="knowledge-card__category">{article.category.name}</span>
          <time dateTime={article.updated_at} title={formatDateTime(article.updated_at)}>
            {formatRelative(article.updated_at)}
          </time>
        </p>
      </div>
      {article.cover ? (
        <img className="knowledge-card__cover" src={article.cover} alt="" loading="lazy" decoding="async" />
      ) : null}
    </Link>
  );
}

/** Placeholder cards shaped like the real ones while the first page loads. */
export function ArticleSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <div className="knowledge-list" aria-busy="true">
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <div key={index} className="knowledge-card knowledge-card--skeleton">
          <div className="knowledge-card__main">
            <Skeleton.Title animated />
            <Skeleton.Paragraph lineCount={2} animated />
          </div>
        </div>
      ))}
    </div>
  );
}
