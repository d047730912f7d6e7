import { paths } from '@jewel/contract/values/web-paths';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { entryStatus, localId, usePhotoUploads } from '../../components/photos/photo-uploads.ts';
import { EmptyState } from '../../components/state-views.tsx';
import { Button } from '../../lib/antd-mobile.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useNetworkStore } from '../../stores/network-store.ts';
import { useEnrollDraft } from './enroll-draft-store.ts';
import { photoEntriesOf } from './enroll-model.ts';
import { flushPendingEnrollment } from './enroll-submit.ts';
import { outboxCount, useOutbox } from './outbox-store.ts';

type OutboxState = 'waiting' | 'sending' | 'sent' | 'refused';

function Row(props: {
  state: OutboxState;
  items: number;
  product: string;
  queuedAt: number;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation('offline');
  return (
    <li className="card outbox-row" data-testid="outbox-row" data-state={props.state}>
      <div className="outbox-row__head">
        <strong>{props.product || t('outbox.unnamed')}</strong>
        <span className={`outbox-row__state outbox-row__state--${props.state}`}>
          {t(`outbox.state.${props.state}`)}
        </span>
      </div>
      <div className="outbox-row__meta">
        {t('outbox.items', { count: props.items })} ·{' '}
        {t('outbox.created', { time: formatDateTime(new Date(props.queuedAt).toISOString()) })}
      </div>
      {props.children}
    </li>
  );
}

/**
 * The outbox (issue 17): the registration waiting for the network, being sent (its photos n of
 * m), just sent, or refused with the server's reason and a way back to the form. It shows no
 * customer: the phone is shared.
 */
export function OutboxList() {
  const { t } = useTranslation('offline');
  const draft = useEnrollDraft();
  const { sending, sent } = useOutbox();
  const online = useNetworkStore((state) => state.online);
  const uploads = usePhotoUploads();
  const entries = photoEntriesOf(draft.commodities);
  const done = entries.filter((entry) => entryStatus(entry, uploads).state === 'done').length;
  const going = entries.map((entry) => uploads.progress[localId(entry)] ?? 0);
  const percent = entries.length === 0 ? 0 : Math.round(going.reduce((a, b) => a + b, 0) / entries.length);
  const queued = outboxCount(draft) > 0;

  if (!queued && !sent) return <EmptyState title={t('outbox.empty')} />;
  const state: OutboxState = draft.refusal ? 'refused' : sending ? 'sending' : 'waiting';
  return (
    <ul className="outbox">
      {sent ? <Row state="sent" items={sent.items} product={sent.product} queuedAt={sent.queuedAt} /> : null}
      {queued ? (
        <Row
          state={state}
          items={draft.commodities.length}
          product={draft.commodities[0]?.product_name ?? ''}
          queuedAt={draft.queuedAt ?? draft.updatedAt}
        >
          {entries.length > 0 ? (
            <div className="outbox-row__photos">
              <span>{t('outbox.photos', { done, total: entries.length })}</span>
              {state === 'sending' && done < entries.length ? (
                <progress max={100} value={percent} aria-label={t('outbox.photos', { done, total: entries.length })} />
              ) : null}
            </div>
          ) : null}
          {draft.refusal ? (
            <>
              <p className="outbox-row__reason" data-testid="outbox-reason">
                {draft.refusal.message}
              </p>
              <Link className="outbox-row__fix" to={paths.commodityEnroll}>
                {t('outbox.fix')}
              </Link>
            </>
          ) : state === 'waiting' && online ? (
            <Button size="small" color="primary" fill="outline" onClick={flushPendingEnrollment}>
              {t('outbox.sendNow')}
            </Button>
          ) : null}
        </Row>
      ) : null}
    </ul>
  );
}
