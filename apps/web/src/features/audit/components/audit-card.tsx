import type { AuditRecord } from '@jewel/contract/audit';
import { paths, withQuery } from '@jewel/contract/values/web-paths';
import { Link } from '../../../components/link.tsx';
import { Skeleton } from '../../../lib/antd-mobile.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

/** One record of the trail, as the server tells it: what, when, by whom, from what to what. */
export function AuditCard({ record }: { record: AuditRecord }) {
  const { t } = useTranslation('audit');
  return (
    <article className={`audit-card audit-card--${record.kind}`} data-testid="audit-card" data-key={record.key}>
      <div className="audit-card__line">
        <h3 className="audit-card__what">{record.what}</h3>
        <time className="muted figure audit-card__at" dateTime={record.at}>
          {formatDateTime(record.at)}
        </time>
      </div>
      <p className="audit-card__meta">
        <span className="audit-card__kind">{t(`kinds.${record.kind}`)}</span>
        <span>{record.actor.name}</span>
      </p>
      {record.change ? <p className="audit-card__change">{record.change}</p> : null}
      {record.note ? <p className="audit-card__note muted">{record.note}</p> : null}
      {record.item ? (
        <Link className="audit-card__item figure" to={withQuery(paths.commodityDetail, { id: record.item.id })}>
          {t('item', { no: record.item.no })}
        </Link>
      ) : null}
    </article>
  );
}

export function AuditCardSkeleton({ rows = 4 }: { rows?: number }) {
  return (
    <div aria-busy="true" className="audit-list">
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to tell them apart
        <div key={index} className="audit-card">
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={2} animated />
        </div>
      ))}
    </div>
  );
}
