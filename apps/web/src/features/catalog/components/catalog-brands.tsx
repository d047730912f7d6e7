import { useQuery } from '@tanstack/react-query';
import { AddOutline, RightOutline } from 'antd-mobile-icons';
import { lazy, Suspense, useDeferredValue, useState } from 'react';
import type { Column } from '../../../components/data-table.tsx';
import { matchingOptions } from '../../../components/form/search-picker.tsx';
import { Sheet } from '../../../components/sheet.tsx';
import { EmptyState, LoadError, LoadingRows } from '../../../components/state-views.tsx';
import { CardsOrTable } from '../../../components/wide-table.tsx';
import { Button } from '../../../lib/antd-mobile.ts';
import { brandChoices, brandsOptions } from '../../../lib/catalog.ts';
import { Input } from '../../../lib/input.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { CATALOG_LIST_SIZE } from '../api/catalog-queries.ts';

// The form loads at the first tap.
const BrandSheetBody = lazy(() => import('./brand-sheet-body.tsx'));

/**
 * The catalog's brands for its managers (issue 28 item 5): found by their name or any other name
 * (卡地 finds Cartier), retired ones too, marked; each opening in a form with its lines; a new one
 * added.
 */
export function CatalogBrands() {
  const { t } = useTranslation('catalog');
  const [keyword, setKeyword] = useState('');
  const searched = useDeferredValue(keyword.trim());
  const query = useQuery(brandsOptions(true));
  const [editing, setEditing] = useState<{ id: number | null } | null>(null);

  return (
    <section className="card catalog-products" aria-labelledby="catalog-brands-title">
      <div className="catalog-products__head">
        <h2 className="card__title" id="catalog-brands-title">
          {t('brands.title')}
        </h2>
        <Button size="small" color="primary" fill="outline" onClick={() => setEditing({ id: null })}>
          <AddOutline aria-hidden /> {t('brands.add')}
        </Button>
      </div>
      <Input
        type="search"
        enterKeyHint="search"
        aria-label={t('brands.search')}
        placeholder={t('brands.searchPlaceholder')}
        value={keyword}
        onChange={setKeyword}
        clearable
      />
      {query.isPending ? (
        <LoadingRows rows={4} />
      ) : query.isError && !query.data ? (
        <LoadError onRetry={() => query.refetch()} />
      ) : (
        <BrandRows
          choices={matchingOptions(brandChoices(query.data), searched)}
          retired={new Set(query.data.filter((brand) => brand.retired).map((brand) => brand.id))}
          onOpen={(id) => setEditing({ id })}
        />
      )}
      <Sheet
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={t(editing?.id === null ? 'brands.addTitle' : 'brands.editTitle')}
      >
        {editing === null ? null : (
          <Suspense fallback={<LoadingRows rows={4} />}>
            <BrandSheetBody id={editing.id} onDone={() => setEditing(null)} />
          </Suspense>
        )}
      </Sheet>
    </section>
  );
}

function BrandRows({
  choices,
  retired,
  onOpen,
}: {
  choices: ReturnType<typeof brandChoices>;
  retired: ReadonlySet<number>;
  onOpen: (id: number) => void;
}) {
  const { t } = useTranslation('catalog');
  if (choices.length === 0) return <EmptyState title={t('brands.empty')} description={t('brands.emptyHint')} />;
  const shown = choices.slice(0, CATALOG_LIST_SIZE);
  return (
    <>
      <p className="muted catalog-products__count" aria-live="polite">
        {t('brands.count', { count: choices.length })}
        {choices.length > shown.length ? ` ${t('products.more', { shown: CATALOG_LIST_SIZE })}` : ''}
      </p>
      <CardsOrTable
        cards={
          <ul className="catalog-products__list" aria-labelledby="catalog-brands-title">
            {shown.map((brand) => (
              <li key={brand.value}>
                <button type="button" className="catalog-products__row" onClick={() => onOpen(brand.value)}>
                  <span className="catalog-files__name">
                    <span className="catalog-products__name">{brand.label}</span>
                    {brand.keywords.length > 0 ? (
                      <span className="muted catalog-files__file">{brand.keywords.join(' · ')}</span>
                    ) : null}
                  </span>
                  {retired.has(brand.value) ? (
                    <span className="catalog-products__retired">{t('retiring.tag')}</span>
                  ) : null}
                  <RightOutline aria-hidden className="catalog-products__arrow" />
                </button>
              </li>
            ))}
          </ul>
        }
        table={{
          id: 'catalog-brands',
          caption: t('brands.title'),
          columns: brandColumns(t, retired, onOpen),
          rows: shown,
          rowKey: (brand) => brand.value,
          rowTestId: 'catalog-brand-row',
        }}
      />
    </>
  );
}

type BrandChoice = ReturnType<typeof brandChoices>[number];

/** The brands' table at a desk: a brand's name opens its form. */
function brandColumns(
  t: (key: string) => string,
  retired: ReadonlySet<number>,
  onOpen: (id: number) => void,
): Column<BrandChoice>[] {
  const status = (brand: BrandChoice) => (retired.has(brand.value) ? t('retiring.tag') : null);
  return [
    {
      key: 'name',
      header: t('table.name'),
      cell: (brand) => (
        <button type="button" className="data-table__open" onClick={() => onOpen(brand.value)}>
          {brand.label}
        </button>
      ),
      sortValue: (brand) => brand.label,
      rowHeader: true,
    },
    {
      key: 'aliases',
      header: t('brands.aliases'),
      cell: (brand) => brand.keywords.join(' · '),
      optional: true,
    },
    {
      key: 'status',
      header: t('table.status'),
      cell: (brand) =>
        retired.has(brand.value) ? <span className="catalog-products__retired">{status(brand)}</span> : null,
      sortValue: status,
      optional: true,
    },
  ];
}
