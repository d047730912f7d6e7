import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { Page } from '../../../components/page.tsx';
import { EmptyState, LoadError, LoadingRows } from '../../../components/state-views.tsx';
import { isMissing } from '../../../lib/is-api-error.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

type Queries = readonly UseQueryResult<unknown>[];
type DataOf<Q extends Queries> = { [K in keyof Q]: NonNullable<Q[K]['data']> };

function CommodityNotFound() {
  const { t } = useTranslation('commodity');
  return <EmptyState title={t('detail.notFound')} description={t('detail.notFoundHint')} />;
}

/**
 * A page about one commodity (`?id=`) until its detail, the first query, and the lookups it
 * needs have arrived: the page to show meanwhile (not found, when there is no id or none the
 * caller may see; a retry for what failed; the skeleton's blocks), or the data of every query.
 */
export function commodityPageState<const Q extends Queries>(
  id: number | null,
  queries: Q,
  skeleton: readonly number[],
): { view: ReactElement; data?: undefined } | { view?: undefined; data: DataOf<Q> } {
  const [detail] = queries;
  if (id === null || (detail?.isError && isMissing(detail.error))) {
    return {
      view: (
        <Page>
          <CommodityNotFound />
        </Page>
      ),
    };
  }
  const failed = queries.filter((query) => query.isError);
  if (failed.length > 0) {
    return {
      view: (
        <Page>
          <LoadError
            onRetry={() => {
              for (const query of failed) void query.refetch();
            }}
          />
        </Page>
      ),
    };
  }
  if (queries.some((query) => query.data === undefined)) {
    return {
      view: (
        <Page>
          {skeleton.map((rows, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of skeleton blocks
            <LoadingRows key={index} rows={rows} />
          ))}
        </Page>
      ),
    };
  }
  return { data: queries.map((query) => query.data) as DataOf<Q> };
}
