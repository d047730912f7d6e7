import type { WatchNotice } from '@jewel/contract/watch';
import { useState } from 'react';
import { Button, Tag } from '../../../lib/antd-mobile.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { noticeTitle } from '../watch-text.ts';
import { WithdrawSheet } from './withdraw-sheet.tsx';

/**
 * One notice: where it came from, what it describes, who added it, and, withdrawn, who withdrew
 * it, when and why; recorders may withdraw it, with a reason.
 */
export function NoticeCard({ notice, canWithdraw }: { notice: WatchNotice; canWithdraw: boolean }) {
  const { t } = useTranslation('watch');
  const [withdrawing, setWithdrawing] = useState(false);
  const title = noticeTitle(notice, t);

  const rows: [string, string][] = [
    [t('fields.brand'), notice.brand],
    [t('fields.model'), notice.model],
    [t('fields.serial_no'), notice.serial_no],
    [t('fields.engraving'), notice.engraving],
  ];
  return (
    <article className="card watch-card" data-testid="watch-notice">
      <header className="watch-card__head">
        <h3 className="watch-card__title">{title}</h3>
        <div className="watch-card__tags">
          <Tag color="default" fill="outline">
            {t(`sources.${notice.source}`)}
          </Tag>
          {notice.withdrawn_at ? <Tag color="default">{t('notices.withdrawnTag')}</Tag> : null}
        </div>
      </header>
      <dl className="watch-card__fields">
        {rows
          .filter(([, value]) => value)
          .map(([label, value]) => (
            <div key={label} className="watch-card__field">
              <dt className="muted">{label}</dt>
              <dd className="watch-card__mark">{value}</dd>
            </div>
          ))}
      </dl>
      {notice.description ? <p className="watch-card__line">{notice.description}</p> : null}
      <p className="muted watch-card__line">
        {t('notices.addedBy', { name: notice.created_by.name, time: formatDateTime(notice.created_at) })}
        {notice.match_count > 0 ? ` · ${t('notices.matches', { count: notice.match_count })}` : ''}
      </p>
      {notice.withdrawn_at ? (
        <div className="watch-card__ack" data-testid="watch-withdrawal">
          {notice.withdraw_reason ? (
            <p className="watch-card__line watch-card__reason">{notice.withdraw_reason}</p>
          ) : null}
          <p className="muted watch-card__line">
            {t('notices.withdrawnBy', {
              name: notice.withdrawn_by?.name ?? '—',
              time: formatDateTime(notice.withdrawn_at),
            })}
          </p>
        </div>
      ) : null}
      {canWithdraw && !notice.withdrawn_at ? (
        <>
          <div className="watch-card__foot">
            <Button fill="outline" onClick={() => setWithdrawing(true)}>
              {t('notices.withdraw')}
            </Button>
          </div>
          <WithdrawSheet notice={notice} open={withdrawing} onClose={() => setWithdrawing(false)} />
        </>
      ) : null}
    </article>
  );
}
