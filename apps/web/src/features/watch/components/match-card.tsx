import { paths, withQuery } from '@jewel/contract/values/web-paths';
import type { WatchMatch } from '@jewel/contract/watch';
import { useState } from 'react';
import { Link } from '../../../components/link.tsx';
import { Button, Tag } from '../../../lib/antd-mobile.ts';
import { formatDateTime, formatRelative } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { noticeTitle } from '../watch-text.ts';
import { AcknowledgeSheet } from './acknowledge-sheet.tsx';

/**
 * One alert: the item, what of it matched which notice, the notice's source, reference and marks
 * beside the item's serial number and engraving, and (open, for a recorder) the acknowledgement,
 * which asks for a reason and a second staff member; or, acknowledged, who did it, who confirmed
 * it (or that it was done alone), when and why.
 */
export function MatchCard({
  match,
  canAcknowledge,
  showItem = true,
}: {
  match: WatchMatch;
  canAcknowledge: boolean;
  /** Off where the item is the page itself (its detail, its buyback). */
  showItem?: boolean;
}) {
  const { t } = useTranslation('watch');
  const [asking, setAsking] = useState(false);
  const { notice, commodity, acknowledgement } = match;
  const open = acknowledgement === null;

  return (
    <article className={`card watch-card${open ? ' watch-card--open' : ''}`} data-testid="watch-match">
      <header className="watch-card__head">
        {showItem ? (
          <Link className="watch-card__title" to={withQuery(paths.commodityDetail, { id: commodity.id })}>
            <span className="item-no">{commodity.no}</span> · {commodity.product_name}
          </Link>
        ) : (
          <h3 className="watch-card__title">{t('alerts.blocking')}</h3>
        )}
        <Tag color={open ? 'danger' : 'default'}>{open ? t('alerts.open') : t('alerts.done')}</Tag>
      </header>
      <p className="watch-card__line">
        {t('alerts.matchedLabel', { field: t(`matchedOn.${match.matched_on}`) })}
        <strong className="watch-card__mark">{match.matched_value}</strong>
      </p>
      <p className="muted watch-card__line">
        {t('alerts.notice', { notice: noticeTitle(notice, t) })}
        {notice.withdrawn_at ? ` · ${t('notices.withdrawnTag')}` : ''}
      </p>
      <MarksCompared match={match} />
      {notice.description ? <p className="watch-card__line">{notice.description}</p> : null}
      {showItem ? (
        <p className="muted watch-card__line">
          {[commodity.brand_name, commodity.recorder.name].filter(Boolean).join(' · ')}
        </p>
      ) : null}
      <p className="muted watch-card__line">
        {t(`stage.${match.stage}`)} ·{' '}
        <time dateTime={match.created_at} title={formatDateTime(match.created_at)}>
          {formatRelative(match.created_at)}
        </time>
      </p>
      {acknowledgement ? (
        <div className="watch-card__ack" data-testid="watch-acknowledgement">
          <p className="watch-card__line watch-card__reason">{acknowledgement.reason}</p>
          <p className="muted watch-card__line">
            {t('alerts.acknowledgedBy', { name: acknowledgement.by.name, time: formatDateTime(acknowledgement.at) })}
            {acknowledgement.witness
              ? ` · ${t('alerts.witnessedBy', { name: acknowledgement.witness.name })}`
              : acknowledgement.alone
                ? ` · ${t('alerts.alone')}`
                : ''}
          </p>
        </div>
      ) : canAcknowledge ? (
        <div className="watch-card__foot">
          <Button color="danger" fill="outline" onClick={() => setAsking(true)}>
            {t('alerts.acknowledge')}
          </Button>
        </div>
      ) : (
        <p className="muted watch-card__line">{t('alerts.recorderAcknowledges')}</p>
      )}
      {open && canAcknowledge ? (
        <AcknowledgeSheet match={match} open={asking} onClose={() => setAsking(false)} />
      ) : null}
    </article>
  );
}

/** The notice's source, reference, serial and engraving beside the item's serial and engraving. */
function MarksCompared({ match }: { match: WatchMatch }) {
  const { t } = useTranslation('watch');
  const { notice, commodity } = match;
  const rows: [string, string, string][] = [
    [t('fields.source'), t(`sources.${notice.source}`), ''],
    [t('fields.reference'), notice.reference, ''],
    [t('fields.serial_no'), notice.serial_no, commodity.serial_no],
    [t('fields.engraving'), notice.engraving, commodity.engraving],
  ];
  return (
    <table className="watch-compare" data-testid="watch-compare">
      <caption className="sr-only">{t('alerts.compareLabel')}</caption>
      <thead>
        <tr>
          <td />
          <th scope="col">{t('alerts.noticeSide')}</th>
          <th scope="col">{t('alerts.itemSide')}</th>
        </tr>
      </thead>
      <tbody>
        {rows
          .filter(([, ofNotice, ofItem]) => ofNotice || ofItem)
          .map(([label, ofNotice, ofItem]) => (
            <tr key={label}>
              <th scope="row" className="muted">
                {label}
              </th>
              <td className="watch-card__mark">{ofNotice}</td>
              <td className="watch-card__mark">{ofItem}</td>
            </tr>
          ))}
      </tbody>
    </table>
  );
}
