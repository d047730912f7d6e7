import type { InformationRow } from '@jewel/contract/information';
import { paths, withQuery } from '@jewel/contract/values/web-paths';
import { type InfiniteData, type UseInfiniteQueryResult, useInfiniteQuery } from '@tanstack/react-query';
import { AddOutline, UnorderedListOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { Column, SortState } from '../../components/data-table.tsx';
import { InfiniteFooter } from '../../components/infinite-footer.tsx';
import { Link } from '../../components/link.tsx';
import { Page } from '../../components/page.tsx';
import { StaffOnly } from '../../components/staff-only.tsx';
import { EmptyState, LoadError } from '../../components/state-views.tsx';
import { CardsOrTable } from '../../components/wide-table.tsx';
import { StatusTag } from '../../features/commodity/components/status-tag.tsx';
import { informationListOptions } from '../../features/information/api/information-queries.ts';
import { FilterBar } from '../../features/information/components/filter-bar.tsx';
import {
  InformationCard,
  InformationCardSkeleton,
  priceRange,
  RecycleText,
  VerdictTags,
} from '../../features/information/components/information-card.tsx';
import {
  DEFAULT_SORTING,
  type Filter,
  filterFromSearch,
  filterQuery,
  isFiltered,
  type Sorting,
  sortingFromSearch,
} from '../../features/information/information-filter.ts';
import { PullToRefresh } from '../../lib/antd-mobile-motion.ts';
import { formatDateTime } from '../../lib/format.ts';
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
    <Page wide right={<StaffOnly quiet>{right}</StaffOnly>}>
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
      <Results
        query={query}
        filtered={filtered}
        sort={{ key: sorting.sort, direction: sorting.order === 'asc' ? 'ascending' : 'descending' }}
        onSort={(next) =>
          update(filter, {
            sort: next.key as Sorting['sort'],
            order: next.direction === 'ascending' ? 'asc' : 'desc',
          })
        }
      />
    </>
  );
}

function Results({
  query,
  filtered,
  sort,
  onSort,
}: {
  query: UseInfiniteQueryResult<InfiniteData<{ items: InformationRow[]; next_cursor: string | null }, unknown>, Error>;
  filtered: boolean;
  /** The server's order (the address's `sort` and `order`): the table's headers change it. */
  sort: SortState;
  onSort: (next: SortState) => void;
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
        <CardsOrTable
          cards={
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
          }
          table={{
            id: 'information',
            caption: t('table.caption'),
            columns: informationColumns(t),
            rows,
            rowKey: (row) => row.id,
            sort,
            onSort,
            footer: <InfiniteFooter query={query} />,
            rowTestId: 'information-row',
          }}
        />
      )}
    </PullToRefresh>
  );
}

/**
 * The data base's table at a desk: the card's facts, one a column; the item's number opens the
 * result. The server sorts (by date, estimate or buyback price, as the filter's sort does): the
 * other columns keep its order rather than sort a page of it.
 */
function informationColumns(t: (key: string) => string): Column<InformationRow>[] {
  return [
    {
      key: 'no',
      header: t('table.no'),
      cell: (row) => (
        <Link className="figure item-no" to={withQuery(paths.informationDetail, { id: row.id })}>
          {row.no}
        </Link>
      ),
      rowHeader: true,
    },
    { key: 'product', header: t('filter.product'), cell: (row) => row.product_name },
    { key: 'brand', header: t('detail.brand'), cell: (row) => row.brand.name, optional: true },
    { key: 'category', header: t('detail.category'), cell: (row) => row.category.name, optional: true },
    // Shown when chosen: many items have none, and the table fits a laptop without it.
    {
      key: 'material',
      header: t('detail.material'),
      cell: (row) => row.material?.name,
      optional: true,
      hiddenByDefault: true,
    },
    { key: 'status', header: t('table.status'), cell: (row) => <StatusTag status={row.status} />, optional: true },
    {
      key: 'verdict',
      header: t('detail.verdict'),
      cell: (row) => <VerdictTags isReal={row.is_real} stateLevel={row.state_level} />,
      optional: true,
    },
    {
      key: 'price',
      header: t('detail.estimate'),
      cell: (row) => priceRange(row.price_low, row.price_high, row.currency),
      serverSort: true,
      numeric: true,
    },
    { key: 'recycle_price', header: t('detail.result'), cell: (row) => <RecycleText row={row} />, serverSort: true },
    {
      key: 'identified_at',
      header: t('detail.identifiedAt'),
      cell: (row) => (
        <time className="figure" dateTime={row.identified_at}>
          {formatDateTime(row.identified_at)}
        </time>
      ),
      serverSort: true,
    },
  ];
}
