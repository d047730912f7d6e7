import { useInfiniteQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { InfiniteFooter } from '../../components/infinite-footer.tsx';
import { Page } from '../../components/page.tsx';
import { PeriodBar } from '../../components/period-bar.tsx';
import { EmptyState, LoadError } from '../../components/state-views.tsx';
import { ledgerListOptions } from '../../features/ledger/api/ledger-queries.ts';
import { ExportBar } from '../../features/ledger/components/export-bar.tsx';
import { LedgerCard, LedgerCardSkeleton } from '../../features/ledger/components/ledger-card.tsx';
import { RecordersOnly } from '../../features/ledger/components/recorders-only.tsx';
import { FlagReviewList } from '../../features/ledger/components/suspicious.tsx';
import { PullToRefresh } from '../../lib/antd-mobile.ts';
import { firstDayYearsBack, type Period, periodFromSearch } from '../../lib/period.ts';
import { Selector } from '../../lib/selector.tsx';
import { useTranslation } from '../../lib/use-translation.ts';
import '../../features/ledger/ledger.css';

/**
 * The dealer's ledger (PRODUCT.md "The dealer's ledger"): a period's entries, newest first, and
 * its export as CSV or PDF. Staff recorders only; the period lives in the address.
 */
const PRESETS = ['thisMonth', 'lastMonth', 'thisYear', 'lastYear'] as const;

export default function LedgerRoute() {
  return (
    <Page>
      <RecordersOnly>
        <Ledger />
      </RecordersOnly>
    </Page>
  );
}

function Ledger() {
  const [search, setSearch] = useSearchParams();
  const period = periodFromSearch(search, 'thisMonth');
  const choose = (next: Period) => setSearch(new URLSearchParams({ from: next.from, to: next.to }), { replace: true });
  // The suspicious flags' review list (犯罪収益移転防止法 §8), a view of the same page.
  const flags = search.get('view') === 'flags';
  const view = (
    <ViewChoice flags={flags} onChange={(next) => setSearch(next ? { view: 'flags' } : {}, { replace: true })} />
  );
  if (flags) {
    return (
      <div className="ledger">
        {view}
        <FlagReviewList />
      </div>
    );
  }
  return (
    <div className="ledger">
      {view}
      <PeriodBar
        period={period}
        onChange={choose}
        presets={PRESETS} // The ledger is kept for years (古物営業法 §18: 3 years at least).
        earliest={firstDayYearsBack(10)}
        namespace="ledger"
      />
      <ExportBar period={period} />
      <Entries period={period} />
    </div>
  );
}

function ViewChoice({ flags, onChange }: { flags: boolean; onChange: (flags: boolean) => void }) {
  const { t } = useTranslation('ledger');
  return (
    <Selector
      className="ledger-views"
      aria-label={t('views.label')}
      columns={2}
      showCheckMark={false}
      options={[
        { value: 'entries', label: t('views.entries') },
        { value: 'flags', label: t('views.flags') },
      ]}
      value={[flags ? 'flags' : 'entries']}
      onChange={([value]) => onChange((value ?? (flags ? 'flags' : 'entries')) === 'flags')}
    />
  );
}

function Entries({ period }: { period: Period }) {
  const { t } = useTranslation('ledger');
  const query = useInfiniteQuery(ledgerListOptions(period));
  if (query.isPending) return <LedgerCardSkeleton />;
  if (query.isError && !query.data) return <LoadError onRetry={() => query.refetch()} />;
  const entries = query.data.pages.flatMap((page) => page.items);
  return (
    <PullToRefresh onRefresh={() => query.refetch()}>
      {entries.length === 0 ? (
        <EmptyState title={t('empty')} description={t('emptyHint')} />
      ) : (
        <>
          <ul className="ledger-list" aria-label={t('listLabel', { ...period })}>
            {entries.map((entry) => (
              <li key={entry.id}>
                <LedgerCard entry={entry} />
              </li>
            ))}
          </ul>
          <InfiniteFooter query={query} />
        </>
      )}
    </PullToRefresh>
  );
}
