import type { LedgerEntry } from '@jewel/contract/ledger';
import { paths, withQuery } from '@jewel/contract/values/web-paths';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { Column } from '../../components/data-table.tsx';
import { InfiniteFooter } from '../../components/infinite-footer.tsx';
import { Link } from '../../components/link.tsx';
import { Page } from '../../components/page.tsx';
import { PeriodBar } from '../../components/period-bar.tsx';
import { EmptyState, LoadError } from '../../components/state-views.tsx';
import { CardsOrTable } from '../../components/wide-table.tsx';
import { ledgerListOptions } from '../../features/ledger/api/ledger-queries.ts';
import { ExportBar } from '../../features/ledger/components/export-bar.tsx';
import { LedgerCard, LedgerCardSkeleton } from '../../features/ledger/components/ledger-card.tsx';
import { LedgerTags, useMethodLabel } from '../../features/ledger/components/ledger-tags.tsx';
import { RecordersOnly } from '../../features/ledger/components/recorders-only.tsx';
import { FlagReviewList } from '../../features/ledger/components/suspicious.tsx';
import { PullToRefresh } from '../../lib/antd-mobile-motion.ts';
import { formatDateTime, formatMoney } from '../../lib/format.ts';
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
    <Page wide>
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
  const methodLabel = useMethodLabel();
  const query = useInfiniteQuery(ledgerListOptions(period));
  if (query.isPending) return <LedgerCardSkeleton />;
  if (query.isError && !query.data) return <LoadError onRetry={() => query.refetch()} />;
  const entries = query.data.pages.flatMap((page) => page.items);
  return (
    <PullToRefresh onRefresh={() => query.refetch()}>
      {entries.length === 0 ? (
        <EmptyState title={t('empty')} description={t('emptyHint')} />
      ) : (
        <CardsOrTable
          cards={
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
          }
          table={{
            id: 'ledger',
            caption: t('listLabel', { ...period }),
            columns: ledgerColumns(t, methodLabel),
            rows: entries,
            rowKey: (entry) => entry.id,
            footer: <InfiniteFooter query={query} />,
            rowTestId: 'ledger-row',
          }}
        />
      )}
    </PullToRefresh>
  );
}

/** The ledger's table at a desk: the card's facts, one a column; the entry's number opens it. */
function ledgerColumns(
  t: (key: string, vars?: Record<string, string | number>) => string,
  methodLabel: ReturnType<typeof useMethodLabel>,
): Column<LedgerEntry>[] {
  const payment = (entry: LedgerEntry) => t(`payment.methods.${entry.payment_method ?? 'unknown'}`);
  const seller = (entry: LedgerEntry) => (entry.anonymized ? t('card.removed') : entry.seller_name);
  return [
    {
      key: 'no',
      header: t('table.no'),
      cell: (entry) => (
        <Link className="figure" to={withQuery(paths.ledgerEntry, { id: entry.id })}>
          {t('card.no', { id: entry.no })}
        </Link>
      ),
      sortValue: (entry) => entry.id,
      rowHeader: true,
    },
    {
      key: 'transactedAt',
      header: t('fields.transactedAt'),
      cell: (entry) => (
        <time className="figure" dateTime={entry.transacted_at}>
          {formatDateTime(entry.transacted_at)}
        </time>
      ),
      sortValue: (entry) => Date.parse(entry.transacted_at),
    },
    {
      key: 'commodityNo',
      header: t('fields.commodityNo'),
      cell: (entry) => <span className="figure item-no">{entry.commodity_no}</span>,
      sortValue: (entry) => entry.commodity_no,
      optional: true,
    },
    { key: 'item', header: t('fields.item'), cell: (entry) => entry.item, sortValue: (entry) => entry.item },
    {
      key: 'quantity',
      header: t('fields.quantity'),
      cell: (entry) => entry.quantity,
      sortValue: (entry) => entry.quantity,
      numeric: true,
      optional: true,
    },
    {
      key: 'price',
      header: t('fields.price'),
      cell: (entry) => formatMoney(entry.price, entry.currency),
      sortValue: (entry) => entry.price,
      numeric: true,
    },
    { key: 'seller', header: t('fields.sellerName'), cell: seller, sortValue: seller, optional: true },
    { key: 'identity', header: t('fields.identityMethod'), cell: methodLabel, optional: true },
    { key: 'payment', header: t('payment.label'), cell: payment, sortValue: payment, optional: true },
    { key: 'tags', header: t('table.tags'), cell: (entry) => <LedgerTags entry={entry} />, optional: true },
  ];
}
