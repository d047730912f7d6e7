import type { CustomerDetail, IdentityCheckSummary } from '@jewel/contract/customer';
import { paths, withQuery } from '@jewel/contract/values/web-paths';
import { useQuery } from '@tanstack/react-query';
import { RightOutline } from 'antd-mobile-icons';
import { type ReactNode, useState } from 'react';
import { Link } from '../../../components/link.tsx';
import { PhotoViewer } from '../../../components/photos/photo-viewer.tsx';
import { LoadError, LoadingRows } from '../../../components/state-views.tsx';
import { Button } from '../../../lib/antd-mobile.ts';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { identityChecksOptions } from '../api/customer-queries.ts';
import '../customer.css';

/** The record: name, phone, address, occupation, birth date; an edit action when it may change. */
export function CustomerRecord({ customer, onEdit }: { customer: CustomerDetail; onEdit?: () => void }) {
  const { t } = useTranslation('customer');
  const phone: ReactNode = customer.phone ? (
    <a className="figure" href={`tel:${customer.phone.replace(/[\s-]/g, '')}`}>
      {customer.phone}
    </a>
  ) : (
    '—'
  );
  const rows: [string, ReactNode][] = [
    [t('fields.name'), customer.name || '—'],
    [t('fields.phone'), phone],
    [t('fields.address'), customer.address || '—'],
    [t('fields.occupation'), customer.occupation || '—'],
    [t('fields.birth_date'), customer.birth_date ?? '—'],
  ];
  return (
    <section className="card customer-section" aria-labelledby="customer-record-title">
      <div className="customer-section__head">
        <h2 id="customer-record-title" className="card__title">
          {t('detail.record')}
        </h2>
        {onEdit && !customer.anonymized_at ? (
          <button type="button" className="customer-text-button" onClick={onEdit}>
            {t('detail.edit')}
          </button>
        ) : null}
      </div>
      {customer.anonymized_at ? (
        <p className="muted">{t('detail.anonymized', { when: formatDateTime(customer.anonymized_at) })}</p>
      ) : null}
      <dl className="customer-fields">
        {rows.map(([label, value]) => (
          <div key={label} style={{ display: 'contents' }}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

type Item = CustomerDetail['visits'][number]['commodities'][number];

function useOutcome() {
  const { t } = useTranslation('customer');
  return (item: Item): string | null => {
    if (item.recycle) {
      if (item.recycle.is_recycle === 1 && item.recycle.price !== null && item.recycle.currency) {
        return t('visit.bought', { price: formatMoney(item.recycle.price, item.recycle.currency) });
      }
      return t('visit.returned');
    }
    if (item.result) {
      return t('visit.verdict', {
        verdict: t(`visit.real.${item.result.is_real}`),
        low: formatMoney(item.result.price_low, item.result.currency),
        high: formatMoney(item.result.price_high, item.result.currency),
      });
    }
    return null;
  };
}

/** Every visit, newest first, each item linking to its commodity with its status and outcome. */
export function VisitList({
  customer,
  renderStatus,
}: {
  customer: CustomerDetail;
  renderStatus: (status: number) => ReactNode;
}) {
  const { t } = useTranslation('customer');
  const outcome = useOutcome();
  return (
    <section className="customer-section" aria-labelledby="customer-visits-title">
      <h2 id="customer-visits-title" className="card__title">
        {t('detail.visits', { count: customer.visits.length })}
      </h2>
      {customer.visits.length === 0 ? <p className="muted">{t('detail.noVisits')}</p> : null}
      <ul className="customer-visits">
        {customer.visits.map((visit) => (
          <li key={visit.id} className="card" data-testid="customer-visit">
            <p className="customer-visit__head">
              <span>{formatDateTime(visit.created_at)}</span>
              <span>{t('visit.recorder', { name: visit.recorder.name })}</span>
            </p>
            <ul className="customer-visit__items">
              {visit.commodities.map((item) => {
                const said = outcome(item);
                return (
                  <li key={item.id}>
                    <Link className="customer-visit__item" to={withQuery(paths.commodityDetail, { id: item.id })}>
                      <span className="customer-visit__main">
                        <span className="customer-visit__no figure item-no">{item.no}</span>
                        <span className="customer-visit__product">
                          {item.brand_name} · {item.product_name}
                        </span>
                      </span>
                      {renderStatus(item.status)}
                      <RightOutline aria-hidden />
                      {said ? <p className="customer-visit__outcome muted">{said}</p> : null}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The identity checks, for staff recorders: opened on request, since every opening (and every
 * photo link handed out) is recorded as a view of identity data.
 */
export function IdentityChecks({ customer }: { customer: CustomerDetail }) {
  const { t } = useTranslation('customer');
  const [open, setOpen] = useState(false);
  return (
    <section className="card customer-section" aria-labelledby="customer-checks-title">
      <div className="customer-section__head">
        <h2 id="customer-checks-title" className="card__title">
          {t('identity.title', { count: customer.identity_check_count })}
        </h2>
      </div>
      {customer.identity_check_count === 0 ? (
        <p className="muted">{t('identity.none')}</p>
      ) : open ? (
        <IdentityCheckList customerId={customer.id} />
      ) : (
        <>
          <p className="muted">{t('identity.recordedNote')}</p>
          <Button block onClick={() => setOpen(true)}>
            {t('identity.show')}
          </Button>
        </>
      )}
    </section>
  );
}

function IdentityCheckList({ customerId }: { customerId: number }) {
  const { t } = useTranslation('customer');
  const query = useQuery(identityChecksOptions(customerId));
  const [viewing, setViewing] = useState<{ check: IdentityCheckSummary; index: number } | null>(null);
  if (query.isPending) return <LoadingRows rows={1} />;
  if (query.isError) return <LoadError onRetry={() => query.refetch()} />;
  return (
    <>
      <ul className="customer-checks">
        {query.data.map((check) => (
          <li key={check.id} data-testid="identity-check">
            <div className="customer-check__line">
              <strong>{t(`documentTypes.${check.document_type}`)}</strong>
              <span className="figure">
                {check.document_number_masked ||
                  (check.document_expiry && !check.anonymized
                    ? t('identity.expiry', { date: check.document_expiry })
                    : t('identity.removed'))}
              </span>
            </div>
            <p className="muted">
              {t('identity.checked', { when: formatDateTime(check.checked_at), name: check.checked_by.name })}
            </p>
            {check.document_pics.length > 0 ? (
              <div className="customer-check__photos">
                {check.document_pics.map((pic, index) => (
                  <button
                    key={pic.name}
                    type="button"
                    className="customer-check__photo"
                    aria-label={t('identity.photo', { index: index + 1 })}
                    onClick={() => setViewing({ check, index })}
                  >
                    <img src={pic.thumb_url} alt="" loading="lazy" />
                  </button>
                ))}
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      <PhotoViewer
        images={viewing ? viewing.check.document_pics.map((pic) => pic.url) : []}
        index={viewing ? viewing.index : null}
        label={t('identity.photos')}
        onClose={() => setViewing(null)}
      />
    </>
  );
}
