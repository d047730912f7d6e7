import { useInfiniteQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { ExportCard } from '../../../components/export-card.tsx';
import { InfiniteFooter } from '../../../components/infinite-footer.tsx';
import { ManagersOnly, useIsManager } from '../../../components/managers-only.tsx';
import { Page } from '../../../components/page.tsx';
import { EmptyState, LoadError } from '../../../components/state-views.tsx';
import { PullToRefresh } from '../../../lib/antd-mobile.ts';
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
    <Page>{manager ? <Trail /> : <ManagersOnly title={t('only.title')} description={t('only.description')} />}</Page>
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
      )}
    </PullToRefresh>
  );
}
