import type { NamedEntryRecord } from '@jewel/contract/catalog-admin';
import type { NamedListKind } from '@jewel/contract/values/catalog-files';
import { useQuery } from '@tanstack/react-query';
import { AddOutline, RightOutline } from 'antd-mobile-icons';
import { lazy, Suspense, useState } from 'react';
import type { Column } from '../../../components/data-table.tsx';
import { Sheet } from '../../../components/sheet.tsx';
import { EmptyState, LoadError, LoadingRows } from '../../../components/state-views.tsx';
import { CardsOrTable } from '../../../components/wide-table.tsx';
import { Button } from '../../../lib/antd-mobile.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useLanguageStore } from '../../../stores/language-store.ts';
import { catalogEntriesOptions } from '../api/catalog-queries.ts';
import { ListSearchBox, useListSearch } from './list-search.tsx';

// The form loads at the first tap.
const EntrySheetBody = lazy(() => import('./entry-sheet-body.tsx'));

/**
 * The catalog's categories or materials for its managers (issue 28 item 5): each in the reader's
 * language with its code and the rules it carries, retired ones marked, opening in a form; a new
 * one added.
 */
export function CatalogList({ kind }: { kind: NamedListKind }) {
  const { t } = useTranslation('catalog');
  const lang = useLanguageStore((state) => state.currentLang);
  const query = useQuery(catalogEntriesOptions(kind));
  const search = useListSearch(query.data, lang);
  const [editing, setEditing] = useState<{ entry: NamedEntryRecord | null } | null>(null);
  const titleId = `catalog-${kind}-title`;
  return (
    <section className="card catalog-products" aria-labelledby={titleId}>
      <div className="catalog-products__head">
        <h2 className="card__title" id={titleId}>
          {t(`lists.${kind}.title`)}
        </h2>
        <Button size="small" color="primary" fill="outline" onClick={() => setEditing({ entry: null })}>
          <AddOutline aria-hidden /> {t(`lists.${kind}.add`)}
        </Button>
      </div>
      <ListSearchBox
        label={t(`lists.${kind}.search`)}
        placeholder={t('lists.searchPlaceholder')}
        keyword={search.keyword}
        onChange={search.setKeyword}
      />
      {query.isPending ? (
        <LoadingRows rows={4} />
      ) : query.isError && !query.data ? (
        <LoadError onRetry={() => query.refetch()} />
      ) : query.data.length === 0 ? (
        <EmptyState title={t(`lists.${kind}.empty`)} description={t('lists.emptyHint')} />
      ) : search.matching.length === 0 ? (
        <EmptyState title={t('common:form.noMatch', { query: search.searched })} />
      ) : (
        <EntryRows
          kind={kind}
          entries={search.matching}
          labelledBy={titleId}
          onOpen={(entry) => setEditing({ entry })}
        />
      )}
      <Sheet
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={t(editing?.entry ? `lists.${kind}.editTitle` : `lists.${kind}.addTitle`)}
      >
        {editing === null ? null : (
          <Suspense fallback={<LoadingRows rows={6} />}>
            <EntrySheetBody kind={kind} entry={editing.entry} onDone={() => setEditing(null)} />
          </Suspense>
        )}
      </Sheet>
    </section>
  );
}

function EntryRows({
  kind,
  entries,
  labelledBy,
  onOpen,
}: {
  kind: NamedListKind;
  entries: NamedEntryRecord[];
  labelledBy: string;
  onOpen: (entry: NamedEntryRecord) => void;
}) {
  const { t } = useTranslation('catalog');
  const lang = useLanguageStore((state) => state.currentLang);
  const rules = (entry: NamedEntryRecord) =>
    [
      entry.purity === null ? null : t('lists.purityShown', { purity: entry.purity.toFixed(3) }),
      entry.id_check_any_price ? t('lists.id_check_any_price') : null,
      entry.precious ? t('lists.precious') : null,
    ].filter(Boolean);
  const retired = (entry: NamedEntryRecord) =>
    entry.retired ? <span className="catalog-products__retired">{t('retiring.tag')}</span> : null;
  const columns: Column<NamedEntryRecord>[] = [
    {
      key: 'name',
      header: t('table.name'),
      cell: (entry) => (
        <button type="button" className="data-table__open" onClick={() => onOpen(entry)}>
          {entry.name[lang]}
        </button>
      ),
      sortValue: (entry) => entry.name[lang],
      rowHeader: true,
    },
    {
      key: 'code',
      header: t('lists.code'),
      cell: (entry) => <span className="figure">{entry.code}</span>,
      sortValue: (entry) => entry.code,
    },
    { key: 'rules', header: t('table.rules'), cell: (entry) => rules(entry).join(' · '), optional: true },
    {
      key: 'status',
      header: t('table.status'),
      cell: retired,
      sortValue: (entry) => (entry.retired ? t('retiring.tag') : null),
      optional: true,
    },
  ];
  return (
    <CardsOrTable
      cards={
        <ul className="catalog-products__list" aria-labelledby={labelledBy}>
          {entries.map((entry) => (
            <li key={entry.id}>
              <button type="button" className="catalog-products__row" onClick={() => onOpen(entry)}>
                <span className="catalog-files__name">
                  <span className="catalog-products__name">{entry.name[lang]}</span>
                  <span className="muted catalog-files__file">{[entry.code, ...rules(entry)].join(' · ')}</span>
                </span>
                {retired(entry)}
                <RightOutline aria-hidden className="catalog-products__arrow" />
              </button>
            </li>
          ))}
        </ul>
      }
      table={{
        id: `catalog-${kind}`,
        caption: t(`lists.${kind}.title`),
        columns,
        rows: entries,
        rowKey: (entry) => entry.id,
        rowTestId: `catalog-${kind}-row`,
      }}
    />
  );
}
