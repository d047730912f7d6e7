import type { InformationRow } from '@jewel/contract/information';
import { paths, withQuery } from '@jewel/contract/values/web-paths';
import { type InfiniteData, type UseInfiniteQueryResult, useInfiniteQuery } from '@tanstack/react-query';
import { AddOutline, UnorderedListOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { InfiniteFooter } from '../../components/infinite-footer.tsx';
import { Link } from '../../components/link.tsx';
import { Page } from '../../components/page.tsx';
import { StaffOnly } from '../../components/staff-only.tsx';
import { EmptyState, LoadError } from '../../components/state-views.tsx';
import { StatusTag } from '../../features/commodity/components/status-tag.tsx';
import { informationListOptions } from '../../features/information/api/information-queries.ts';
import { FilterBar } from '../../features/information/components/filter-bar.tsx';
import { InformationCard, InformationCardSkeleton } from '../../features/information/components/information-card.tsx';
import {
  DEFAULT_SORTING,
  type Filter,
  filterFromSearch,
  filterQuery,
  isFiltered,
  type Sorting,
  sortingFromSearch,
} from '../../features/information/information-filter.ts';
import { PullToRefresh } from '../../lib/antd-mobile.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import '../../features/information/information.css';

/**
 * The data base (PRODUCT.md "Data base"): every identified commodity with its final result,
 * filtered by each column and sorted; the filter lives in the URL, so that coming back keeps it
 * and "add subtotal" carries it.
 */
export default function InformationRoute() {
  const { t } = useTranslation('information');
  const subtotals = (
    <Link to={paths.subtotalList} className="info-nav-action">
      <UnorderedListOutline aria-hidden />
      <span>{t('subtotals')}</span>
    </Link>
  );
  return (
    <StaffOnlyPage right={subtotals}>
      <InformationList />
    </StaffOnlyPage>
  );
}

function StaffOnlyPage({ right, children }: { right: ReactNode; children: ReactNode }) {
  const { t } = useTranslation('information');
  return (
    <Page right={<StaffOnly quiet>{right}</StaffOnly>}>
      <StaffOnly title={t('guest.title')} description={t('guest.description')}>
        {children}
      </StaffOnly>
    </Page>
  );
}

function InformationList() {
  const { t } = useTranslation('information');
  const [search, setSearch] = useSearchParams();
  const filter = filterFromSearch(search);
  const sorting = sortingFromSearch(search);
  const query = useInfiniteQuery(informationListOptions(filter, sorting));

  const update = (nextFilter: Filter, nextSorting: Sorting) => {
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(filterQuery(nextFilter))) {
      if (value !== undefined) params.set(key, String(value));
    }
    if (nextSorting.sort !== DEFAULT_SORTING.sort || nextSorting.order !== DEFAULT_SORTING.order) {
      params.set('sort', nextSorting.sort);
      params.set('order', nextSorting.order);
    }
    setSearch(params, { replace: true });
  };
  const filtered = isFiltered(filter);

  return (
    <>
      <FilterBar
        key={filter.keyword ?? ''}
        filter={filter}
        sorting={sorting}
        onFilter={(next) => update(next, sorting)}
        onSorting={(next) => update(filter, next)}
      />
      <div className="info-toolbar">
        {filtered ? (
          <button type="button" className="link-button" onClick={() => update({}, sorting)}>
            {t('filter.clear')}
          </button>
        ) : (
          <span className="muted">{t('filter.none')}</span>
        )}
        <Link to={withQuery(paths.subtotalCreate, filterQuery(filter))} className="info-add-subtotal">
          <AddOutline aria-hidden />
          <span>{t('addSubtotal')}</span>
        </Link>
      </div>
      <Results query={query} filtered={filtered} />
    </>
  );
}

function Results({
  query,
  filtered,
}: {
  query: UseInfiniteQueryResult<InfiniteData<{ items: InformationRow[]; next_cursor: string | null }, unknown>, Error>;
  filtered: boolean;
}) {
  const { t } = useTranslation('information');
  if (query.isPending) return <InformationCardSkeleton />;
  if (query.isError && !query.data) return <LoadError onRetry={() => query.refetch()} />;
  const rows = query.data.pages.flatMap((page) => page.items);
  return (
    <PullToRefresh onRefresh={() => query.refetch()}>
      {rows.length === 0 ? (
        <EmptyState
          title={filtered ? t('emptyFiltered') : t('empty')}
          description={filtered ? t('emptyFilteredHint') : t('emptyHint')}
        />
      ) : (
        <>
          <ul className="info-list">
            {rows.map((row) => (
              <li key={row.id}>
                <InformationCard
                  row={row}
                  to={withQuery(paths.informationDetail, { id: row.id })}
                  status={<StatusTag status={row.status} />}
                />
              </li>
            ))}
          </ul>
          <InfiniteFooter query={query} />
        </>
      )}
    </PullToRefresh>
  );
}
