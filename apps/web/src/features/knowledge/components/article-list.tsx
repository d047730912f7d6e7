import { useInfiniteQuery } from '@tanstack/react-query';
import { InfiniteFooter } from '../../../components/infinite-footer.tsx';
import { EmptyState, LoadError } from '../../../components/state-views.tsx';
import { PullToRefresh } from '../../../lib/antd-mobile-motion.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { type ArticleFilter, knowledgeArticlesOptions } from '../api/knowledge-queries.ts';
import { ArticleCard, ArticleSkeleton } from './article-card.tsx';

/** Articles of a category or a keyword: pull to refresh, more on scrolling, and its loading, empty and error states. */
export function ArticleList({ filter }: { filter: ArticleFilter }) {
  const { t } = useTranslation('knowledge');
  const query = useInfiniteQuery(knowledgeArticlesOptions(filter));

  if (query.isPending) return <ArticleSkeleton />;
  if (query.isError && !query.data) return <LoadError onRetry={() => query.refetch()} />;

  const items = query.data.pages.flatMap((page) => page.items);
  const total = query.data.pages[0]?.total ?? 0;

  return (
    <PullToRefresh onRefresh={() => query.refetch()}>
      {items.length === 0 ? (
        filter.keyword ? (
          <EmptyState title={t('search.empty', { keyword: filter.keyword })} description={t('search.emptyHint')} />
        ) : (
          <EmptyState title={t('list.empty')} description={t('list.emptyHint')} />
        )
      ) : (
        <>
          {filter.keyword ? (
            <p className="muted knowledge-count" aria-live="polite">
              {t('search.count', { count: total })}
            </p>
          ) : null}
          <ul className={query.isPlaceholderData ? 'knowledge-list knowledge-list--stale' : 'knowledge-list'}>
            {items.map((article) => (
              <li key={article.id}>
                <ArticleCard article={article} />
              </li>
            ))}
          </ul>
          <InfiniteFooter query={query} />
        </>
      )}
    </PullToRefresh>
  );
}
