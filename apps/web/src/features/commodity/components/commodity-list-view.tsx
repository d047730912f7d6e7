import type { CommodityListItem } from '@jewel/contract/commodity';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { InfiniteFooter } from '../../../components/infinite-footer.tsx';
import { LoadError } from '../../../components/state-views.tsx';
import { PullToRefresh } from '../../../lib/antd-mobile-motion.ts';
import { CommodityCard, CommodityCardSkeleton } from './commodity-card.tsx';
import './commodity-card.css';

interface CommodityPage {
  items: CommodityListItem[];
  next_cursor: string | null;
}

interface ListViewProps {
  query: UseInfiniteQueryResult<InfiniteData<CommodityPage>, Error>;
  /** Where a card leads. */
  hrefOf: (item: CommodityListItem) => string;
  /** Shown when there is nothing: what to do next. */
  empty: ReactNode;
  /** Also refreshed on a pull (the dashboard counts, a badge). */
  onRefresh?: () => Promise<unknown>;
  /** Rows the user may pick (a recorder distributing); none when absent. */
  selectable?: (item: CommodityListItem) => boolean;
  selected?: ReadonlySet<number>;
  onToggle?: (item: CommodityListItem) => void;
}

/** Commodity cards: pull to refresh, more on scrolling with a "no more" line, skeleton, empty and error states. */
export function CommodityListView({ query, hrefOf, empty, onRefresh, selectable, selected, onToggle }: ListViewProps) {
  if (query.isPending) return <CommodityCardSkeleton />;
  if (query.isError && !query.data) return <LoadError onRetry={() => query.refetch()} />;

  const items = query.data.pages.flatMap((page) => page.items);
  const anySelectable = selectable ? items.some(selectable) : false;
  const refresh = () => Promise.all([query.refetch(), onRefresh?.()]);

  return (
    <PullToRefresh onRefresh={refresh}>
      {items.length === 0 ? (
        empty
      ) : (
        <>
          <ul className="commodity-list">
            {items.map((item) => (
              <li key={item.id}>
                <CommodityCard
                  item={item}
                  to={hrefOf(item)}
                  selectable={selectable?.(item)}
                  gutter={anySelectable}
                  selected={selected?.has(item.id)}
                  onToggle={onToggle}
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
