import type { LedgerEntryDetail } from '@jewel/contract/ledger';
import { parseId } from '@jewel/contract/values/ids';
import { paths, withQuery } from '@jewel/contract/values/web-paths';
import { useQuery } from '@tanstack/react-query';
import { EditSOutline } from 'antd-mobile-icons';
import { type ReactNode, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Link } from '../../components/link.tsx';
import { Page } from '../../components/page.tsx';
import { EmptyState, LoadError, LoadingRows } from '../../components/state-views.tsx';
import { API_BASE } from '../../config/env.ts';
import { ledgerEntryOptions, useCorrectEntry } from '../../features/ledger/api/ledger-queries.ts';
import { CorrectionForm } from '../../features/ledger/components/correction-form.tsx';
import { LedgerTags, useMethodLabel } from '../../features/ledger/components/ledger-tags.tsx';
import { RecordersOnly } from '../../features/ledger/components/recorders-only.tsx';
import { EntryFlags } from '../../features/ledger/components/suspicious.tsx';
import { Button } from '../../lib/antd-mobile.ts';
import { formatDateTime, formatMoney } from '../../lib/format.ts';
import { isMissing } from '../../lib/is-api-error.ts';
import { successToast } from '../../lib/toast.ts';
import { useTranslation } from '../../lib/use-translation.ts';
import '../../features/ledger/ledger.css';
import { readsOnly, useAuthStore } from '../../stores/auth-store.ts';

/** One ledger entry: every §16 item, the seller's signature, its chain of corrections, and "correct". */
export default function LedgerEntryRoute() {
  return (
    <Page>
      <RecordersOnly>
        <Entry />
      </RecordersOnly>
    </Page>
  );
}

function Entry() {
  const { t } = useTranslation('ledger');
  const [search] = useSearchParams();
  const id = parseId(search.get('id'));
  const query = useQuery({ ...ledgerEntryOptions(id ?? 0), enabled: id !== null });
  if (id === null || (query.isError && isMissing(query.error))) {
    return <EmptyState title={t('detail.notFound')} description={t('detail.notFoundHint')} />;
  }
  if (query.isPending) return <LoadingRows rows={6} />;
  if (query.isError) return <LoadError onRetry={() => query.refetch()} />;
  // A new entry (a correction just made) starts with its form closed.
  return <EntryView key={query.data.id} entry={query.data} />;
}

function EntryView({ entry }: { entry: LedgerEntryDetail }) {
  const { t } = useTranslation('ledger');
  const navigate = useNavigate();
  const methodLabel = useMethodLabel();
  const [correcting, setCorrecting] = useState(false);
  const correct = useCorrectEntry(entry.id);
  const blank = (value: string) => (value === '' ? <span className="muted">{t('detail.blank')}</span> : value);
  const facts: [string, ReactNode][] = [
    [t('fields.transactedAt'), formatDateTime(entry.transacted_at)],
    // The item it records, one tap away (issue 29 item 11).
    [
      t('fields.commodityNo'),
      <Link key="item" className="item-no" to={withQuery(paths.commodityDetail, { id: entry.commodity_id })}>
        {entry.commodity_no}
      </Link>,
    ],
    [t('fields.item'), entry.item],
    [t('fields.quantity'), entry.quantity],
    [t('fields.features'), blank(entry.features)],
    [t('fields.price'), formatMoney(entry.price, entry.currency)],
    // How the seller was paid (issue 27); entries from before it was recorded say so.
    [t('payment.label'), t(`payment.methods.${entry.payment_method ?? 'unknown'}`)],
    ...(entry.aml_verified
      ? ([
          [t('payment.purpose'), blank(entry.transaction_purpose)],
          [t('payment.label'), t('payment.amlVerified')],
        ] as [string, ReactNode][])
      : []),
    [t('fields.sellerAddress'), blank(entry.seller_address)],
    [t('fields.sellerName'), blank(entry.seller_name)],
    [t('fields.sellerOccupation'), blank(entry.seller_occupation)],
    [t('fields.sellerAge'), entry.seller_age ?? '–'],
    [t('fields.identityMethod'), methodLabel(entry)],
    [t('fields.recorder'), entry.recorder.name],
    [t('fields.createdAt'), formatDateTime(entry.created_at)],
  ];
  const latest = entry.chain.at(-1);
  // A manager reading as a recorder (ADR 0104) reads and exports the ledger, corrects nothing.
  const writes = !useAuthStore(readsOnly);
  const canCorrect = writes && entry.corrected_by_id === null && !entry.anonymized;

  return (
    <div className="ledger-entry">
      <section className="card ledger-entry__head">
        <div className="ledger-card__line">
          <span className="ledger-card__no figure">{t('card.no', { id: entry.no })}</span>
          <LedgerTags entry={entry} />
        </div>
        <h2 className="ledger-entry__item">{entry.item}</h2>
        <p className="ledger-card__price figure">{formatMoney(entry.price, entry.currency)}</p>
        {entry.anonymized ? <p className="muted">{t('detail.anonymizedHint')}</p> : null}
        {entry.corrected_by_id !== null && latest ? (
          <Link className="ledger-entry__latest" to={withQuery(paths.ledgerEntry, { id: latest.id })}>
            {t('detail.openLatest', { id: latest.no })}
          </Link>
        ) : null}
      </section>
      <section className="card" aria-labelledby="ledger-items-title">
        <h3 id="ledger-items-title" className="card__title">
          {t('detail.items')}
        </h3>
        <dl className="ledger-facts">
          {facts.map(([name, value]) => (
            <div key={name} className="ledger-facts__line">
              <dt>{name}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section className="card" aria-labelledby="ledger-signature-title">
        <h3 id="ledger-signature-title" className="card__title">
          {t('detail.signature')}
        </h3>
        {/* The declaration the seller signed, exactly as shown to them (issue 27 item 4). */}
        {entry.declaration_text && entry.declaration_lang ? (
          <figure className="ledger-declaration">
            <figcaption className="muted">
              {t('detail.declaration', { language: t(`common:language.${entry.declaration_lang}`) })}
            </figcaption>
            <p className="ledger-declaration__text" lang={entry.declaration_lang} data-testid="ledger-declaration">
              {entry.declaration_text}
            </p>
          </figure>
        ) : (
          <p className="muted">{t('detail.noDeclaration')}</p>
        )}
        {entry.signature ? (
          <img
            className="ledger-signature"
            src={`${API_BASE}${entry.signature.url}`}
            alt={t('detail.signatureAlt', { name: entry.seller_name })}
          />
        ) : (
          <p className="muted">{t('detail.noSignature')}</p>
        )}
      </section>
      <section className="card" aria-labelledby="ledger-chain-title">
        <h3 id="ledger-chain-title" className="card__title">
          {t('detail.chain')}
        </h3>
        {entry.chain.length <= 1 ? (
          <p className="muted">{t('detail.noCorrections')}</p>
        ) : (
          <ol className="ledger-chain">
            {entry.chain.map((link) => {
              const here = link.id === entry.id;
              const body = (
                <>
                  <span className="ledger-chain__title figure">
                    {t('card.no', { id: link.no })} ·{' '}
                    {link.corrects_id === null ? t('detail.original') : t('detail.corrects', { id: link.corrects_no })}
                  </span>
                  <span className="muted">
                    {formatDateTime(link.created_at)} · {link.recorder.name}
                  </span>
                  {link.correction_reason ? (
                    <span className="ledger-chain__reason">
                      {t('detail.reason', { reason: link.correction_reason })}
                    </span>
                  ) : null}
                </>
              );
              return (
                <li
                  key={link.id}
                  className={here ? 'ledger-chain__link ledger-chain__link--here' : 'ledger-chain__link'}
                >
                  {here ? (
                    <div aria-current="page">{body}</div>
                  ) : (
                    <Link to={withQuery(paths.ledgerEntry, { id: link.id })}>{body}</Link>
                  )}
                </li>
              );
            })}
          </ol>
        )}
      </section>
      <EntryFlags entryId={entry.id} />
      {canCorrect && correcting ? (
        <CorrectionForm
          entry={entry}
          onCancel={() => setCorrecting(false)}
          onSubmit={async (body) => {
            const created = await correct.mutateAsync(body);
            successToast(t('correct.done', { id: created.no }));
            navigate(withQuery(paths.ledgerEntry, { id: created.id }), { replace: true });
          }}
        />
      ) : null}
      {canCorrect && !correcting ? (
        <Button block color="primary" fill="outline" onClick={() => setCorrecting(true)}>
          <EditSOutline aria-hidden /> {t('detail.correct')}
        </Button>
      ) : null}
    </div>
  );
}
