import { paths, withQuery } from '@jewel/contract/values/web-paths';
import type { WatchMatch } from '@jewel/contract/watch';
import { useState } from 'react';
import { Link } from 'react-router';
import { PromptDialog } from '../../../components/prompt-dialog.tsx';
import { Button, Tag } from '../../../lib/antd-mobile.ts';
import { formatDateTime, formatRelative } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useAcknowledgeMatch } from '../api/watch-queries.ts';
import { noticeTitle } from '../watch-text.ts';

/**
 * One alert: the item, what of it matched which notice, and (open, for a recorder) the
 * acknowledgement, which asks for a reason; or, acknowledged, who did it, when and why.
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
  const acknowledge = useAcknowledgeMatch();
  const { notice, commodity, acknowledgement } = match;
  const open = acknowledgement === null;

  return (
    <article className={`card watch-card${open ? ' watch-card--open' : ''}`} data-testid="watch-match">
      <header className="watch-card__head">
        {showItem ? (
          <Link className="watch-card__title" to={withQuery(paths.commodityDetail, { id: commodity.id })}>
            {commodity.no} · {commodity.product_name}
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
          <p className="watch-card__line">{acknowledgement.reason}</p>
          <p className="muted watch-card__line">
            {t('alerts.acknowledgedBy', { name: acknowledgement.by.name, time: formatDateTime(acknowledgement.at) })}
          </p>
        </div>
      ) : canAcknowledge ? (
        <div className="watch-card__foot">
          <Button color="danger" fill="outline" onClick={() => setAsking(true)} loading={acknowledge.isPending}>
            {t('alerts.acknowledge')}
          </Button>
        </div>
      ) : (
        <p className="muted watch-card__line">{t('alerts.recorderAcknowledges')}</p>
      )}
      <PromptDialog
        visible={asking}
        title={t('alerts.reasonTitle', { number: commodity.no })}
        placeholder={t('alerts.reasonPlaceholder')}
        validate={(value) => value.trim().length > 0 && value.trim().length <= 500}
        errorText={t('alerts.reasonRequired')}
        onCancel={() => setAsking(false)}
        onConfirm={async (reason) => {
          await acknowledge.mutateAsync({ id: match.id, reason: reason.trim() });
          setAsking(false);
        }}
      />
    </article>
  );
}
