import { DotLoading, InfiniteScroll } from '../lib/antd-mobile.ts';
import { useTranslation } from '../lib/use-translation.ts';
import './infinite-footer.css';

interface PagedQuery {
  hasNextPage: boolean;
  fetchNextPage: (options?: { cancelRefetch?: boolean }) => Promise<{ isFetchNextPageError: boolean; error: unknown }>;
}

/**
 * The end of an infinite list (UI.md "Lists"): loads the next page as it comes into view and says
 * so, then "no more"; when loading more failed, a button to try again.
 */
export function InfiniteFooter({ query }: { query: PagedQuery }) {
  const { t } = useTranslation();
  const loadMore = async () => {
    // A refetch in flight must not cancel the next page, nor the next page the refetch.
    const result = await query.fetchNextPage({ cancelRefetch: false });
    if (result.isFetchNextPageError) throw result.error;
  };
  return (
    <InfiniteScroll loadMore={loadMore} hasMore={query.hasNextPage} threshold={200}>
      {(hasMore, failed, retry) => (
        <div className="list-footer">
          {failed ? (
            <button type="button" className="link-button list-footer__retry" onClick={retry}>
              {t('common:loadMoreFailed')}
            </button>
          ) : hasMore ? (
            <>
              <span>{t('common:loading')}</span>
              <DotLoading />
            </>
          ) : (
            <span>{t('common:noMore')}</span>
          )}
        </div>
      )}
    </InfiniteScroll>
  );
}
