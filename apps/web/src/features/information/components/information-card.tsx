import type { InformationRow } from '@jewel/contract/information';
import { IS_RECYCLE } from '@jewel/contract/values/commodity';
import { IS_REAL } from '@jewel/contract/values/information';
import { PictureOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { Link } from '../../../components/link.tsx';
import { Skeleton, Tag } from '../../../lib/antd-mobile.ts';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useLookups } from '../use-lookups.ts';

/** The first product photo's thumbnail, or a placeholder. */
export function InfoThumb({ src, size = 64 }: { src: string; size?: number }) {
  return src ? (
    <img className="info-thumb" src={src} alt="" width={size} height={size} loading="lazy" decoding="async" />
  ) : (
    <span className="info-thumb info-thumb--empty" style={{ width: size, height: size }} aria-hidden>
      <PictureOutline />
    </span>
  );
}

export function priceRange(low: number, high: number, currency: string): string {
  return low === high ? formatMoney(low, currency) : `${formatMoney(low, currency)} – ${formatMoney(high, currency)}`;
}

const VERDICT_COLOR: Record<number, string> = {
  [IS_REAL.genuine]: 'success',
  [IS_REAL.fake]: 'danger',
  [IS_REAL.undetermined]: 'default',
};

/** The verdict (genuine, fake, undetermined) and the grade, as two tags. */
export function VerdictTags({ isReal, stateLevel }: { isReal: number; stateLevel: string }) {
  const { verdicts, stateLevels, labelOf } = useLookups();
  return (
    <span className="info-tags">
      <Tag color={VERDICT_COLOR[isReal] ?? 'default'} fill="outline" round data-is-real={isReal}>
        {labelOf(verdicts, isReal)}
      </Tag>
      <Tag color="primary" fill="outline" round>
        {labelOf(stateLevels, stateLevel)}
      </Tag>
    </span>
  );
}

/** What the customer decided: bought (with the price), returned, or still to decide. */
export function RecycleText({
  row,
}: {
  row: Pick<InformationRow, 'is_recycle' | 'recycle_price' | 'recycle_currency'>;
}) {
  const { t } = useTranslation('information');
  if (row.is_recycle === IS_RECYCLE.yes && row.recycle_price !== null && row.recycle_currency) {
    return <>{t('card.bought', { price: formatMoney(row.recycle_price, row.recycle_currency) })}</>;
  }
  return <>{row.is_recycle === IS_RECYCLE.no ? t('card.returned') : t('card.undecided')}</>;
}

/** One identified commodity in the data base: photo, number, product, status, verdict, grade, prices, date. */
export function InformationCard({ row, to, status }: { row: InformationRow; to: string; status: ReactNode }) {
  const { t } = useTranslation('information');
  return (
    <article className="info-card" data-testid="information-card" data-id={row.id}>
      <Link to={to} className="info-card__link">
        <InfoThumb src={row.thumb} />
        <div className="info-card__body">
          <div className="info-card__line">
            <span className="info-card__no figure item-no">{row.no}</span>
            {status}
          </div>
          <h3 className="info-card__name">{row.product_name}</h3>
          <p className="info-card__meta">
            {[row.brand.name, row.category.name, row.material?.name].filter(Boolean).join(' · ')}
          </p>
          <VerdictTags isReal={row.is_real} stateLevel={row.state_level} />
          <p className="info-card__price figure">
            <span className="info-card__label">{t('card.estimate')}</span>
            <span>{priceRange(row.price_low, row.price_high, row.currency)}</span>
          </p>
          <p className="info-card__foot">
            <span className={row.is_recycle === IS_RECYCLE.yes ? 'info-card__bought figure' : 'info-card__recycle'}>
              <RecycleText row={row} />
            </span>
            <time dateTime={row.identified_at}>{formatDateTime(row.identified_at)}</time>
          </p>
        </div>
      </Link>
    </article>
  );
}

export function InformationCardSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <div className="info-list" aria-busy="true">
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <div key={index} className="info-card info-card--skeleton">
          <Skeleton animated className="info-card__skeleton-thumb" />
          <div className="info-card__body">
            <Skeleton.Title animated />
            <Skeleton.Paragraph lineCount={3} animated />
          </div>
        </div>
      ))}
    </div>
  );
}
