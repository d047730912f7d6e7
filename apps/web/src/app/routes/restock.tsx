import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ChoiceChip } from '../../components/choice-chip.tsx';
import { InfiniteFooter } from '../../components/infinite-footer.tsx';
import { Page } from '../../components/page.tsx';
import { EmptyState, LoadError, LoadingRows } from '../../components/state-views.tsx';
import { type RestockFilter, restockListOptions } from '../../features/restock/api/restock-queries.ts';
import { RestockCard } from '../../features/restock/components/restock-card.tsx';
import { PullToRefresh } from '../../lib/antd-mobile-motion.ts';
import { brandsOptions, categoriesOptions } from '../../lib/catalog.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import '../../features/restock/restock.css';

const choicesOf = (items: { id: number; name: string }[]) =>
  items.map((item) => ({ value: String(item.id), label: item.name }));

/** What the shop wants to buy more of, urgent first, by brand and category; anyone on staff can change it. */
export default function RestockRoute() {
  const { t } = useTranslation('restock');
  const [filter, setFilter] = useState<RestockFilter>({ brandId: null, categoryId: null });
  const brands = useQuery(brandsOptions()).data ?? [];
  const categories = useQuery(categoriesOptions()).data ?? [];

  return (
    <Page>
      <fieldset className="restock-filters" aria-label={t('filter.label')}>
        <ChoiceChip
          label={t('filter.brand')}
          choices={choicesOf(brands)}
          value={filter.brandId === null ? null : String(filter.brandId)}
          onChange={(brandId) => setFilter((current) => ({ ...current, brandId: brandId ? Number(brandId) : null }))}
        />
        <ChoiceChip
          label={t('filter.category')}
          choices={choicesOf(categories)}
          value={filter.categoryId === null ? null : String(filter.categoryId)}
          onChange={(categoryId) =>
            setFilter((current) => ({ ...current, categoryId: categoryId ? Number(categoryId) : null }))
          }
        />
      </fieldset>
      <RestockList filter={filter} />
    </Page>
  );
}

function RestockList({ filter }: { filter: RestockFilter }) {
  const { t } = useTranslation('restock');
  const query = useInfiniteQuery(restockListOptions(filter));

  if (query.isPending) return <LoadingRows />;
  if (query.isError && !query.data) return <LoadError onRetry={() => query.refetch()} />;
  const products = query.data.pages.flatMap((page) => page.items);
  const filtered = filter.brandId !== null || filter.categoryId !== null;

  return (
    <PullToRefresh onRefresh={() => query.refetch()}>
      {products.length === 0 ? (
        <EmptyState
          title={filtered ? t('emptyFiltered') : t('empty')}
          description={filtered ? t('emptyFilteredHint') : t('emptyHint')}
        />
      ) : (
        <>
          <p className="muted restock-count">{t('count', { count: query.data.pages[0]?.total ?? 0 })}</p>
          <ul className="restock-list">
            {products.map((product) => (
              <li key={product.id}>
                <RestockCard product={product} />
              </li>
            ))}
          </ul>
          <InfiniteFooter query={query} />
        </>
      )}
    </PullToRefresh>
  );
}
