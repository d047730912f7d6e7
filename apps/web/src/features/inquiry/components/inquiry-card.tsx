import type { Inquiry } from '@jewel/contract/inquiry';
import { PRIORITY } from '@jewel/contract/values/commodity';
import { INQUIRY_STATUS } from '@jewel/contract/values/inquiry-status';
import { useState } from 'react';
import { PhotoGrid } from '../../../components/photos/photo-grid.tsx';
import { Button, Tag } from '../../../lib/antd-mobile.ts';
import { Dialog } from '../../../lib/dialog.ts';
import { useDictionaryOptions } from '../../../lib/dictionary.ts';
import { formatDateTime, formatMoney, formatRelative } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { readsOnly, useAuthStore } from '../../../stores/auth-store.ts';
import { useCloseInquiry } from '../api/inquiry-queries.ts';
import { EstimatePopup } from './estimate-popup.tsx';

const statusColor: Record<number, string> = {
  [INQUIRY_STATUS.open]: 'primary',
  [INQUIRY_STATUS.estimated]: 'success',
  [INQUIRY_STATUS.closed]: 'default',
};

interface InquiryCardProps {
  inquiry: Inquiry;
  /** What the viewer may do: valuers estimate, recorders close. */
  role: 'recorder' | 'valuers';
  highlighted?: boolean;
}

/** One inquiry: the item and customer, its status and estimate, and the viewer's next action. */
export function InquiryCard({ inquiry, role, highlighted }: InquiryCardProps) {
  const { t } = useTranslation('inquiry');
  const statusLabel = useDictionaryOptions('inquiry.status').label;
  const sourceLabel = useDictionaryOptions('inquiry.source').label;
  const [estimating, setEstimating] = useState(false);
  const close = useCloseInquiry(inquiry.id);
  // A manager reading as a recorder (ADR 0104) closes nothing.
  const readOnly = useAuthStore(readsOnly);
  const open = inquiry.status !== INQUIRY_STATUS.closed;

  const confirmClose = async () => {
    const confirmed = await Dialog.confirm({
      title: t('close.action'),
      content: t('close.confirm', { name: inquiry.product_name, customer: inquiry.customer_name }),
      confirmText: t('close.action'),
      cancelText: t('common:cancel'),
    });
    if (confirmed) close.mutate();
  };

  return (
    <article
      className={`card inquiry-card${highlighted ? ' inquiry-card--highlighted' : ''}`}
      data-testid="inquiry-card"
    >
      <header className="inquiry-card__head">
        <h3 className="inquiry-card__name">{inquiry.product_name}</h3>
        <div className="inquiry-card__tags">
          {inquiry.priority === PRIORITY.urgent ? (
            <Tag color="danger" fill="outline">
              {t('urgent')}
            </Tag>
          ) : null}
          <Tag color={statusColor[inquiry.status]}>{statusLabel(inquiry.status)}</Tag>
        </div>
      </header>
      {/* The catalog product in the reader's language, when the recorder's words differ from it. */}
      {inquiry.product && inquiry.product.name !== inquiry.product_name ? (
        <p className="muted inquiry-card__meta">{t('catalog', { name: inquiry.product.name })}</p>
      ) : null}
      <p className="muted inquiry-card__meta">
        {[inquiry.brand?.name, inquiry.customer_name, inquiry.contact, sourceLabel(inquiry.source)]
          .filter(Boolean)
          .join(' · ')}
      </p>
      {inquiry.remark ? <p className="inquiry-card__remark">{inquiry.remark}</p> : null}
      {inquiry.photos.length > 0 ? <PhotoGrid photos={inquiry.photos} label={inquiry.product_name} /> : null}
      {inquiry.estimate ? (
        <div className="inquiry-card__estimate" data-testid="inquiry-estimate">
          <span className="inquiry-card__price figure">
            {formatMoney(inquiry.estimate.price_low, inquiry.estimate.currency)} –{' '}
            {formatMoney(inquiry.estimate.price_high, inquiry.estimate.currency)}
          </span>
          <span className="muted">
            {t('estimate.by', { name: inquiry.estimate.valuer.name, time: formatDateTime(inquiry.estimate.at) })}
          </span>
          {inquiry.estimate.note ? <span>{inquiry.estimate.note}</span> : null}
        </div>
      ) : (
        <p className="muted">{t('estimate.none')}</p>
      )}
      <footer className="inquiry-card__foot">
        <span className="muted">
          {t('registeredBy', { name: inquiry.recorder.name, time: formatRelative(inquiry.created_at) })}
        </span>
        {open && role === 'valuers' ? (
          <Button size="small" color="primary" onClick={() => setEstimating(true)}>
            {inquiry.estimate ? t('estimate.revise') : t('estimate.action')}
          </Button>
        ) : null}
        {open && role === 'recorder' && !readOnly ? (
          <Button size="small" fill="outline" loading={close.isPending} onClick={confirmClose}>
            {t('close.action')}
          </Button>
        ) : null}
      </footer>
      {estimating ? <EstimatePopup inquiry={inquiry} onClose={() => setEstimating(false)} /> : null}
    </article>
  );
}
