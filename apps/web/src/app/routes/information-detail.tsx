import { parseId } from '@jewel/contract/values/ids';
import { paths, withQuery } from '@jewel/contract/values/web-paths';
import { useQuery } from '@tanstack/react-query';
import { RightOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from '../../components/link.tsx';
import { Page } from '../../components/page.tsx';
import { PhotoGrid } from '../../components/photos/photo-grid.tsx';
import { StaffOnly } from '../../components/staff-only.tsx';
import { EmptyState, LoadError, LoadingRows } from '../../components/state-views.tsx';
import { StatusTag } from '../../features/commodity/components/status-tag.tsx';
import { informationDetailOptions } from '../../features/information/api/information-queries.ts';
import { priceRange, RecycleText, VerdictTags } from '../../features/information/components/information-card.tsx';
import { useLookups } from '../../features/information/use-lookups.ts';
import { useDictionaryOptions } from '../../lib/dictionary.ts';
import { formatDateTime, formatMoney } from '../../lib/format.ts';
import { isMissing } from '../../lib/is-api-error.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import '../../features/information/information.css';

/** One row of the data base: the final result's facts, and the way to the commodity itself. */
export default function InformationDetailRoute() {
  const { t } = useTranslation('information');
  return (
    <Page>
      <StaffOnly title={t('guest.title')} description={t('guest.description')}>
        <Detail />
      </StaffOnly>
    </Page>
  );
}

function Detail() {
  const { t } = useTranslation('information');
  const [search] = useSearchParams();
  const id = parseId(search.get('id'));
  const query = useQuery({ ...informationDetailOptions(id ?? 0), enabled: id !== null });
  const { labelOf, verdicts } = useLookups();
  const reasons = useDictionaryOptions('identify_result.not_genuine_reason').options;

  if (id === null || (query.isError && isMissing(query.error))) {
    return <EmptyState title={t('detail.notFound')} description={t('detail.notFoundHint')} />;
  }
  if (query.isPending) return <LoadingRows rows={6} />;
  if (query.isError) return <LoadError onRetry={() => query.refetch()} />;
  const row = query.data;
  const reason = row.not_genuine_reason
    ? (reasons.find((option) => option.value === row.not_genuine_reason)?.label ?? row.not_genuine_reason)
    : null;
  const facts: [string, ReactNode][] = [
    [t('detail.brand'), row.brand.name],
    [t('detail.category'), row.category.name],
    [t('detail.material'), row.material?.name ?? '–'],
    [t('detail.verdict'), labelOf(verdicts, row.is_real)],
    ...(reason ? ([[t('detail.reason'), reason]] as [string, string][]) : []),
    [t('detail.estimate'), priceRange(row.price_low, row.price_high, row.currency)],
    ...(row.expected_sale_price !== null
      ? ([[t('detail.expectedSale'), formatMoney(row.expected_sale_price, row.currency)]] as [string, string][])
      : []),
    [t('detail.recycle'), <RecycleText key="recycle" row={row} />],
    [t('detail.identifiedAt'), formatDateTime(row.identified_at)],
    ...(row.recycled_at ? ([[t('detail.decidedAt'), formatDateTime(row.recycled_at)]] as [string, string][]) : []),
    [t('detail.valuer'), row.valuer.name],
    [t('detail.recorder'), row.recorder.name],
  ];

  return (
    <div className="info-detail">
      <section className="card info-detail__head">
        <div className="info-card__line">
          <span className="info-card__no figure item-no">{row.no}</span>
          <StatusTag status={row.status} />
        </div>
        <h2 className="info-detail__name">{row.product_name}</h2>
        {row.product ? <p className="muted">{t('detail.catalog', { name: row.product.name })}</p> : null}
        <VerdictTags isReal={row.is_real} stateLevel={row.state_level} />
        <p className="info-detail__price figure">{priceRange(row.price_low, row.price_high, row.currency)}</p>
      </section>
      {row.product_pics.length > 0 ? (
        <section className="card">
          <PhotoGrid photos={row.product_pics} label={t('detail.photos')} />
        </section>
      ) : null}
      <section className="card">
        <h3 className="card__title">{t('detail.result')}</h3>
        <dl className="info-facts">
          {facts.map(([name, value]) => (
            <div key={name} className="info-facts__line">
              <dt>{name}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        {row.report ? (
          <>
            <h4 className="info-detail__report-title">{t('detail.report')}</h4>
            <p className="info-detail__report">{row.report}</p>
          </>
        ) : null}
      </section>
      <Link to={withQuery(paths.commodityDetail, { id: row.id })} className="card info-detail__open">
        <span>{t('detail.openCommodity')}</span>
        <RightOutline aria-hidden />
      </Link>
    </div>
  );
}
