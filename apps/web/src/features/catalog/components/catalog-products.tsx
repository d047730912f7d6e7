import type { Product } from '@jewel/contract/catalog';
import { useQuery } from '@tanstack/react-query';
import { AddOutline, RightOutline } from 'antd-mobile-icons';
import { lazy, Suspense, useDeferredValue, useState } from 'react';
import type { Column } from '../../../components/data-table.tsx';
import { Sheet } from '../../../components/sheet.tsx';
import { EmptyState, LoadError, LoadingRows } from '../../../components/state-views.tsx';
import { CardsOrTable } from '../../../components/wide-table.tsx';
import { Button } from '../../../lib/antd-mobile.ts';
import { Input } from '../../../lib/input.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { CATALOG_LIST_SIZE, catalogProductsOptions } from '../api/catalog-queries.ts';

// The form and its pickers load at the first tap: the list is what the page opens to.
const ProductSheetBody = lazy(() => import('./product-sheet-body.tsx'));

/** The product a sheet is open for: a new one (`id` null), or one of the list. */
type Editing = { id: number | null } | null;

/**
 * The catalog's products for its managers (issue 28 item 5): found by name in any language, code
 * or brand, retired ones marked; one opens in a form to change or retire, or a new one is added.
 */
export function CatalogProducts() {
  const { t } = useTranslation('catalog');
  const [keyword, setKeyword] = useState('');
  const searched = useDeferredValue(keyword.trim());
  const query = useQuery(catalogProductsOptions(searched));
  const [editing, setEditing] = useState<Editing>(null);

  return (
    <section className="card catalog-products" aria-labelledby="catalog-products-title">
      <div className="catalog-products__head">
        <h2 className="card__title" id="catalog-products-title">
          {t('products.title')}
        </h2>
        <Button size="small" color="primary" fill="outline" onClick={() => setEditing({ id: null })}>
          <AddOutline aria-hidden /> {t('products.add')}
        </Button>
      </div>
      <Input
        type="search"
        enterKeyHint="search"
        aria-label={t('products.search')}
        placeholder={t('products.searchPlaceholder')}
        value={keyword}
        onChange={setKeyword}
        clearable
      />
      <ProductRows query={query} onOpen={(id) => setEditing({ id })} />
      <Sheet
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={t(editing?.id === null ? 'form.addTitle' : 'form.editTitle')}
      >
        {editing === null ? null : (
          <Suspense fallback={<LoadingRows rows={6} />}>
            <ProductSheetBody id={editing.id} onDone={() => setEditing(null)} />
          </Suspense>
        )}
      </Sheet>
    </section>
  );
}

function ProductRows({
  query,
  onOpen,
}: {
  query: ReturnType<typeof useQuery<{ items: Product[]; total: number }>>;
  onOpen: (id: number) => void;
}) {
  const { t } = useTranslation('catalog');
  if (query.isPending) return <LoadingRows rows={5} />;
  if (query.isError && !query.data) return <LoadError onRetry={() => query.refetch()} />;
  const { items, total } = query.data;
  if (items.length === 0) return <EmptyState title={t('products.empty')} description={t('products.emptyHint')} />;
  return (
    <>
      <p className="muted catalog-products__count" aria-live="polite">
        {t('products.count', { count: total })}
        {total > items.length ? ` ${t('products.more', { shown: CATALOG_LIST_SIZE })}` : ''}
      </p>
      <CardsOrTable
        cards={
          <ul className="catalog-products__list" aria-labelledby="catalog-products-title">
            {items.map((product) => (
              <li key={product.id}>
                <button type="button" className="catalog-products__row" onClick={() => onOpen(product.id)}>
                  <span className="catalog-files__name">
                    <span className="catalog-products__name">{product.name}</span>
                    <span className="muted catalog-files__file">
                      {[product.brand_name, product.code].filter(Boolean).join(' · ')}
                    </span>
                  </span>
                  {product.retired ? <span className="catalog-products__retired">{t('products.retired')}</span> : null}
                  <RightOutline aria-hidden className="catalog-products__arrow" />
                </button>
              </li>
            ))}
          </ul>
        }
        table={{
          id: 'catalog-products',
          caption: t('products.title'),
          columns: productColumns(t, onOpen),
          rows: items,
          rowKey: (product) => product.id,
          rowTestId: 'catalog-product-row',
        }}
      />
    </>
  );
}

/** The products' table at a desk: a product's name opens its form. */
function productColumns(t: (key: string) => string, onOpen: (id: number) => void): Column<Product>[] {
  return [
    {
      key: 'name',
      header: t('table.name'),
      cell: (product) => (
        <button type="button" className="data-table__open" onClick={() => onOpen(product.id)}>
          {product.name}
        </button>
      ),
      sortValue: (product) => product.name,
      rowHeader: true,
    },
    {
      key: 'brand',
      header: t('form.brand'),
      cell: (product) => product.brand_name,
      sortValue: (product) => product.brand_name,
    },
    {
      key: 'code',
      header: t('form.code'),
      cell: (product) => <span className="figure">{product.code}</span>,
      sortValue: (product) => product.code,
      optional: true,
    },
    {
      key: 'status',
      header: t('table.status'),
      cell: (product) =>
        product.retired ? <span className="catalog-products__retired">{t('products.retired')}</span> : null,
      sortValue: (product) => (product.retired ? t('products.retired') : null),
      optional: true,
    },
  ];
}
