import { paths, withQuery } from '@jewel/contract/values/web-paths';
import { useShallow } from 'zustand/react/shallow';
import { Button } from '../lib/antd-mobile.ts';
import { Dialog } from '../lib/dialog.ts';
import { formatDateTime } from '../lib/format.ts';
import { removeEntry, sendOutbox } from '../lib/outbox.ts';
import { type OutboxEntry, ownEntries, type QueuedRoute, useOutbox } from '../lib/outbox-store.ts';
import { entryStatus, localEntriesIn, localId, usePhotoUploads } from '../lib/photos/photo-uploads.ts';
import { toast } from '../lib/toast.ts';
import { useTranslation } from '../lib/use-translation.ts';
import { useNetworkStore } from '../stores/network-store.ts';
import { Link } from './link.tsx';
import { EmptyState } from './state-views.tsx';

type RowState = 'waiting' | 'sending' | 'sent' | 'refused';

/** The form that opens an entry: a refused one to fix it, a waiting one to change it. */
const FORM_PATHS: Record<QueuedRoute, string> = {
  commodityEnroll: paths.commodityEnroll,
  inquiryCreate: paths.inquiryRegister,
};

function Row(props: {
  state: RowState;
  entry: Pick<OutboxEntry, 'route' | 'title' | 'items' | 'queuedAt'>;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation('offline');
  const { entry } = props;
  return (
    <li className="card outbox-row" data-testid="outbox-row" data-state={props.state}>
      <div className="outbox-row__head">
        <strong>{entry.title || t('outbox.unnamed')}</strong>
        <span className={`outbox-row__state outbox-row__state--${props.state}`}>
          {t(`outbox.state.${props.state}`)}
        </span>
      </div>
      <div className="outbox-row__meta">
        {t(`outbox.kind.${entry.route}`)} · {t('outbox.items', { count: entry.items })} ·{' '}
        {t('outbox.created', { time: formatDateTime(new Date(entry.queuedAt).toISOString()) })}
      </div>
      {props.children}
    </li>
  );
}

/** Its photos: how many are up, and while it is sent, how far the rest have gone. */
function PhotoProgress({ entry, sending }: { entry: OutboxEntry; sending: boolean }) {
  const { t } = useTranslation('offline');
  const uploads = usePhotoUploads();
  const photos = localEntriesIn(entry.body);
  if (photos.length === 0) return null;
  const done = photos.filter((photo) => entryStatus(photo, uploads).state === 'done').length;
  const percent = Math.round(
    photos.reduce((sum, photo) => sum + (uploads.progress[localId(photo)] ?? 0), 0) / photos.length,
  );
  const label = t('outbox.photos', { done, total: photos.length });
  return (
    <div className="outbox-row__photos">
      <span>{label}</span>
      {sending && done < photos.length ? <progress max={100} value={percent} aria-label={label} /> : null}
    </div>
  );
}

/**
 * The outbox (issue 17): each submit waiting for the network, being sent, just sent, or refused
 * with the server's reason; a refused or waiting one has a way back to its form and a way to
 * discard it. The signed-in user sees their own entries only, and no customer: the phone is shared.
 */
export function OutboxList() {
  const { t } = useTranslation('offline');
  // A new array each time: compared item by item, or every store change would render again.
  const entries = useOutbox(useShallow(ownEntries));
  const sending = useOutbox((state) => state.sending);
  const sent = useOutbox((state) => state.sent);
  const online = useNetworkStore((state) => state.online);

  const discard = async (entry: OutboxEntry) => {
    const confirmed = await Dialog.confirm({
      content: t('outbox.discardConfirm', { title: entry.title || t('outbox.unnamed') }),
      confirmText: t('outbox.discard'),
      cancelText: t('common:cancel'),
    });
    if (!confirmed) return;
    // It may have started going out while the dialog was open: then it is the server's to answer.
    if (useOutbox.getState().sending === entry.key) {
      toast(t('outbox.beingSent'));
      return;
    }
    removeEntry(entry.key);
  };

  if (entries.length === 0 && sent.length === 0) return <EmptyState title={t('outbox.empty')} />;
  return (
    <ul className="outbox">
      {sent.map((entry) => (
        <Row key={entry.key} state="sent" entry={entry} />
      ))}
      {entries.map((entry) => {
        const state: RowState = entry.refusal ? 'refused' : sending === entry.key ? 'sending' : 'waiting';
        return (
          <Row key={entry.key} state={state} entry={entry}>
            <PhotoProgress entry={entry} sending={state === 'sending'} />
            {entry.refusal ? (
              <p className="outbox-row__reason" data-testid="outbox-reason">
                {entry.refusal.message}
              </p>
            ) : null}
            {state === 'sending' ? null : (
              // A waiting entry opens and goes too (issue 29 item 13), not only a refused one.
              <div className="outbox-row__actions">
                <Link className="outbox-row__fix" to={withQuery(FORM_PATHS[entry.route], { outbox: entry.key })}>
                  {t(state === 'refused' ? 'outbox.fix' : 'outbox.open')}
                </Link>
                {state === 'waiting' && online ? (
                  <Button size="small" color="primary" fill="outline" onClick={() => void sendOutbox()}>
                    {t('outbox.sendNow')}
                  </Button>
                ) : null}
                <Button size="small" color="danger" fill="none" onClick={() => discard(entry)}>
                  {t('outbox.discard')}
                </Button>
              </div>
            )}
          </Row>
        );
      })}
    </ul>
  );
}
