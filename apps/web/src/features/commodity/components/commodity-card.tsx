import type { CommodityListItem } from '@jewel/contract/commodity';
import { COMMODITY_STAGE, type CommodityStatus } from '@jewel/contract/values/commodity-status';
import { PictureOutline } from 'antd-mobile-icons';
import { Link } from '../../../components/link.tsx';
import { Skeleton } from '../../../lib/antd-mobile.ts';
import { formatDateTime, formatRelative } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { isUrgent } from '../commodity-rules.ts';
import { StatusTag, UrgentTag } from './status-tag.tsx';
import './commodity-card.css';

/** The first product photo's thumbnail, or a placeholder when there is none. */
export function CommodityThumb({ src, size = 64 }: { src: string; size?: number }) {
  return src ? (
    <img className="commodity-thumb" src={src} alt="" width={size} height={size} loading="lazy" decoding="async" />
  ) : (
    <span className="commodity-thumb commodity-thumb--empty" style={{ width: size, height: size }} aria-hidden>
      <PictureOutline />
    </span>
  );
}

interface CardProps {
  item: CommodityListItem;
  /** Where a tap leads (the detail by default). */
  to: string;
  /** A recorder may pick it for distribution: a checkbox beside the card. */
  selectable?: boolean;
  /** Others in the list are selectable: keep the checkbox's room so that the rows line up. */
  gutter?: boolean;
  selected?: boolean;
  onToggle?: (item: CommodityListItem) => void;
}

/**
 * One commodity in a list (UI.md "Lists"): thumbnail, number, product name, status tag, urgent
 * flag, recorder, relative enroll time and stage.
 */
export function CommodityCard({ item, to, selectable, gutter, selected, onToggle }: CardProps) {
  const { t } = useTranslation('commodity');
  const stage = COMMODITY_STAGE[item.status as CommodityStatus];
  return (
    <article className={selected ? 'commodity-card commodity-card--selected' : 'commodity-card'} data-id={item.id}>
      {selectable ? (
        // A native checkbox: antd-mobile's Checkbox hides its <input>, so no key or reader reaches it.
        <label className="commodity-card__check">
          <input
            type="checkbox"
            checked={selected}
            onChange={() => onToggle?.(item)}
            aria-label={t('list.select', { no: item.no })}
          />
        </label>
      ) : gutter ? (
        <span className="commodity-card__gutter" aria-hidden />
      ) : null}
      <Link to={to} className="commodity-card__link">
        <CommodityThumb src={item.thumb} />
        <div className="commodity-card__body">
          <div className="commodity-card__line">
            <span className="commodity-card__no figure item-no">{item.no}</span>
            <StatusTag status={item.status} />
          </div>
          <h3 className="commodity-card__name">
            {isUrgent(item.priority) ? <UrgentTag /> : null}
            <span>{item.product_name}</span>
          </h3>
          <p className="commodity-card__meta">
            <span className="commodity-card__person">{item.recorder.name}</span>
            <time dateTime={item.created_at} title={formatDateTime(item.created_at)}>
              {formatRelative(item.created_at)}
            </time>
            {stage ? <span className="commodity-card__stage">{t(`stage.${stage}`)}</span> : null}
            {item.round > 1 ? <span>{t('round', { round: item.round })}</span> : null}
          </p>
        </div>
      </Link>
    </article>
  );
}

/** Placeholder cards shaped like the real ones while the first page loads. */
export function CommodityCardSkeleton({ rows = 5 }: { rows?: number }) {
  return (
    <div className="commodity-list" aria-busy="true">
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholders
        <div key={index} className="commodity-card commodity-card--skeleton">
          <Skeleton animated className="commodity-card__skeleton-thumb" />
          <div className="commodity-card__body">
            <Skeleton.Title animated className="commodity-card__skeleton-title" />
            <Skeleton.Paragraph lineCount={2} animated />
          </div>
        </div>
      ))}
    </div>
  );
}
