import type { LedgerEntry } from '@jewel/contract/ledger';
import { paths, withQuery } from '@jewel/contract/values/web-paths';
import { Link } from '../../../components/link.tsx';
import { Skeleton } from '../../../lib/antd-mobile.ts';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { LedgerTags, useMethodLabel } from './ledger-tags.tsx';

/** One ledger entry: when, which item, for how much, from whom, how they were identified. */
export function LedgerCard({ entry }: { entry: LedgerEntry }) {
  const { t } = useTranslation('ledger');
  const methodLabel = useMethodLabel();
  return (
    <article className="ledger-card" data-testid="ledger-card" data-id={entry.id}>
      <Link to={withQuery(paths.ledgerEntry, { id: entry.id })} className="ledger-card__link">
        <div className="ledger-card__line">
          <span className="ledger-card__no figure">{t('card.no', { id: entry.no })}</span>
          <time className="muted figure" dateTime={entry.transacted_at}>
            {formatDateTime(entry.transacted_at)}
          </time>
        </div>
        <h3 className="ledger-card__item">{entry.item}</h3>
        <p className="ledger-card__meta figure">
          <span className="item-no">{entry.commodity_no}</span> · {t('card.quantity', { count: entry.quantity })}
        </p>
        <p className="ledger-card__price figure">{formatMoney(entry.price, entry.currency)}</p>
        <dl className="ledger-card__facts">
          <div>
            <dt>{t('fields.sellerName')}</dt>
            <dd>{entry.anonymized ? t('card.removed') : entry.seller_name}</dd>
          </div>
          <div>
            <dt>{t('fields.identityMethod')}</dt>
            <dd>{methodLabel(entry)}</dd>
          </div>
          <div>
            <dt>{t('payment.label')}</dt>
            <dd>{t(`payment.methods.${entry.payment_method ?? 'unknown'}`)}</dd>
          </div>
        </dl>
        <LedgerTags entry={entry} />
      </Link>
    </article>
  );
}

export function LedgerCardSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <div aria-busy="true" className="ledger-list">
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart
        <div key={index} className="ledger-card ledger-card--skeleton">
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={3} animated />
        </div>
      ))}
    </div>
  );
}
