import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Page } from '../../components/page.tsx';
import { PeriodBar } from '../../components/period-bar.tsx';
import { EmptyState, LoadError, LoadingRows } from '../../components/state-views.tsx';
import { calibrationOptions } from '../../features/calibration/api/calibration-queries.ts';
import { BreakdownTable } from '../../features/calibration/components/breakdown-table.tsx';
import { Definitions } from '../../features/calibration/components/definitions.tsx';
import { ExportButton } from '../../features/calibration/components/export-button.tsx';
import { FigureCards } from '../../features/calibration/components/figure-cards.tsx';
import { OnlyRegular } from '../../features/calibration/components/only-regular.tsx';
import { RateChart } from '../../features/calibration/components/rate-chart.tsx';
import { ValuerCard } from '../../features/calibration/components/valuer-card.tsx';
import { ApiError } from '../../lib/api-error.ts';
import { firstDayYearsBack, type Period, periodFromSearch } from '../../lib/period.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import '../../features/calibration/calibration.css';

/**
 * Appraiser calibration (PRODUCT.md "Calibration figures"): the shop's and each valuer's figures
 * over a period, charts of agreement and overturned rates, the breakdowns and a CSV export.
 * Regular users only; the period lives in the address.
 */
/** The server's default period (CALIBRATION_DEFAULT_DAYS) is the first: the last 30 days. */
const PRESETS = ['last30', 'thisMonth', 'lastMonth', 'thisYear'] as const;

export default function CalibrationRoute() {
  return (
    <Page>
      <OnlyRegular>
        <Calibration />
      </OnlyRegular>
    </Page>
  );
}

function Calibration() {
  const [search, setSearch] = useSearchParams();
  const period = periodFromSearch(search, 'last30');
  const choose = (next: Period) => setSearch(new URLSearchParams({ from: next.from, to: next.to }), { replace: true });
  return (
    <div className="calibration">
      <PeriodBar
        period={period}
        onChange={choose}
        presets={PRESETS}
        earliest={firstDayYearsBack(5)}
        namespace="calibration"
      />
      <Figures period={period} />
      <Definitions />
    </div>
  );
}

function Figures({ period }: { period: Period }) {
  const { t } = useTranslation('calibration');
  const query = useQuery(calibrationOptions(period));
  if (query.isPending) {
    return (
      <div className="calibration-skeleton" aria-busy="true">
        <LoadingRows />
      </div>
    );
  }
  if (query.isError && !query.data) {
    // A period the server refuses (longer than 366 days) is said in words: trying again would not help.
    if (query.error instanceof ApiError && query.error.status === 400) {
      return <EmptyState title={query.error.message} description={t('periodHint')} />;
    }
    return <LoadError onRetry={() => query.refetch()} />;
  }
  const data = query.data;
  if (data.valuers.length === 0) return <EmptyState title={t('empty')} description={t('emptyHint')} />;
  const valuerRows = data.valuers.map((v) => ({
    key: v.valuer.id,
    label: v.valuer.name,
    agreement: v.figures.agreement_rate,
    overturned: v.figures.overturned_rate,
  }));
  const categoryRows = data.shop_by_category.map((g) => ({
    key: g.group.id,
    label: g.group.name,
    agreement: g.figures.agreement_rate,
    overturned: g.figures.overturned_rate,
  }));
  return (
    <>
      <section className="card" aria-labelledby="calibration-shop-title">
        <h2 id="calibration-shop-title" className="card__title">
          {t('shop.title')}
        </h2>
        <FigureCards figures={data.shop} label={t('shop.title')} />
        <details className="calibration-details">
          <summary>{t('shop.breakdown')}</summary>
          <BreakdownTable caption={t('shop.byCategory')} kind="category" groups={data.shop_by_category} />
          <BreakdownTable caption={t('shop.byBrand')} kind="brand" groups={data.shop_by_brand} />
        </details>
      </section>
      <ExportButton period={period} />
      <RateChart title={t('chart.byValuer')} rows={valuerRows} />
      <RateChart title={t('chart.byCategory')} rows={categoryRows} />
      <h2 className="calibration-section-title">{t('valuers.title')}</h2>
      <ul className="calibration-valuers">
        {data.valuers.map((entry) => (
          <li key={entry.valuer.id}>
            <ValuerCard entry={entry} />
          </li>
        ))}
      </ul>
    </>
  );
}
