import type { AuditRecord } from '@jewel/contract/audit';
import { paths, withQuery } from '@jewel/contract/values/web-paths';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { Column } from '../../../components/data-table.tsx';
import { ExportCard } from '../../../components/export-card.tsx';
import { InfiniteFooter } from '../../../components/infinite-footer.tsx';
import { Link } from '../../../components/link.tsx';
import { ManagersOnly, useIsManager } from '../../../components/managers-only.tsx';
import { Page } from '../../../components/page.tsx';
import { EmptyState, LoadError } from '../../../components/state-views.tsx';
import { CardsOrTable } from '../../../components/wide-table.tsx';
import { PullToRefresh } from '../../../lib/antd-mobile-motion.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { auditListOptions, downloadAudit } from '../api/audit-queries.ts';
import { type AuditFilter, auditFilterFromSearch, searchOfAuditFilter } from '../audit-filter.ts';
import { AuditCard, AuditCardSkeleton } from './audit-card.tsx';
import { AuditFilters } from './audit-filters.tsx';
import '../audit.css';

/**
 * The audit trail, for the shop's managers (issue 28 item 7): who did what and when, by period,
 * kind, person and item, and the same as a CSV file. The filter lives in the address. Anyone else
 * is told whom the page is for.
 */
export function AuditScreen() {
  const { t } = useTranslation('audit');
  const manager = useIsManager();
  return (
    <Page wide>
      {manager ? <Trail /> : <ManagersOnly title={t('only.title')} description={t('only.description')} />}
    </Page>
  );
}

function Trail() {
  const { t } = useTranslation('audit');
  const [search, setSearch] = useSearchParams();
  const filter = auditFilterFromSearch(search);
  const choose = (next: AuditFilter) => setSearch(searchOfAuditFilter(next), { replace: true });
  return (
    <div className="audit-page">
      <p className="muted audit-page__intro">{t('intro')}</p>
      <AuditFilters filter={filter} onChange={choose} />
      <ExportCard
        title={t('export.title')}
        languageLabel={t('export.language')}
        choices={[
          {
            key: 'csv',
            label: t('export.csv'),
            ariaLabel: t('export.csvLabel', { from: filter.from, to: filter.to }),
            fetchFile: (lang) => downloadAudit(filter, lang),
          },
        ]}
        doneText={(name) => t('export.done', { name })}
      />
      <Records filter={filter} />
    </div>
  );
}

function Records({ filter }: { filter: AuditFilter }) {
  const { t } = useTranslation('audit');
  const query = useInfiniteQuery(auditListOptions(filter));
  if (query.isPending) return <AuditCardSkeleton />;
  if (query.isError && !query.data) return <LoadError onRetry={() => query.refetch()} />;
  const records = query.data.pages.flatMap((page) => page.items);
  return (
    <PullToRefresh onRefresh={() => query.refetch()}>
      {records.length === 0 ? (
        <EmptyState title={t('empty')} description={t('emptyHint')} />
      ) : (
        <CardsOrTable
          cards={
            <>
              <ul className="audit-list" aria-label={t('listLabel', { from: filter.from, to: filter.to })}>
                {records.map((record) => (
                  <li key={record.key}>
                    <AuditCard record={record} />
                  </li>
                ))}
              </ul>
              <InfiniteFooter query={query} />
            </>
          }
          table={{
            id: 'audit',
            caption: t('listLabel', { from: filter.from, to: filter.to }),
            columns: auditColumns(t),
            rows: records,
            rowKey: (record) => record.key,
            // The server's order: newest first.
            initialSort: { key: 'at', direction: 'descending' },
            footer: <InfiniteFooter query={query} />,
            rowTestId: 'audit-row',
          }}
        />
      )}
    </PullToRefresh>
  );
}

/** The trail's table at a desk: the card's facts, one a column; an item's number opens it. */
function auditColumns(t: (key: string, vars?: Record<string, string>) => string): Column<AuditRecord>[] {
  const kind = (record: AuditRecord) => t(`kinds.${record.kind}`);
  return [
    {
      key: 'at',
      header: t('table.at'),
      cell: (record) => (
        <time className="figure" dateTime={record.at}>
          {formatDateTime(record.at)}
        </time>
      ),
      sortValue: (record) => Date.parse(record.at),
    },
    { key: 'what', header: t('table.what'), cell: (record) => record.what, sortValue: (record) => record.what },
    { key: 'kind', header: t('filters.kind'), cell: kind, sortValue: kind, optional: true },
    {
      key: 'actor',
      header: t('filters.person'),
      cell: (record) => record.actor.name,
      sortValue: (record) => record.actor.name,
    },
    { key: 'change', header: t('table.change'), cell: (record) => record.change, optional: true },
    { key: 'note', header: t('table.note'), cell: (record) => record.note, optional: true },
    {
      key: 'item',
      header: t('filters.item'),
      cell: (record) =>
        record.item ? (
          <Link className="figure" to={withQuery(paths.commodityDetail, { id: record.item.id })}>
            {record.item.no}
          </Link>
        ) : null,
      sortValue: (record) => record.item?.no,
      optional: true,
    },
  ];
}
