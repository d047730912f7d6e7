import type { SuspiciousFlag } from '@jewel/contract/suspicious';
import {
  AML_TEXT_MAX,
  SUSPICIOUS_DECISIONS,
  SUSPICIOUS_STATUSES,
  type SuspiciousDecision,
  type SuspiciousStatus,
} from '@jewel/contract/values/aml';
import { paths, withQuery } from '@jewel/contract/values/web-paths';
import { useQuery } from '@tanstack/react-query';
import { ExclamationCircleOutline } from 'antd-mobile-icons';
import { type FormEvent, useState } from 'react';
import { ExportCard } from '../../../components/export-card.tsx';
import { errorDomId, Field } from '../../../components/form/field.tsx';
import { Link } from '../../../components/link.tsx';
import { EmptyState, LoadError, LoadingRows } from '../../../components/state-views.tsx';
import { Button } from '../../../lib/antd-mobile.ts';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { Selector } from '../../../lib/selector.tsx';
import { TextArea } from '../../../lib/text-area.ts';
import { successToast } from '../../../lib/toast.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { downloadReports, suspiciousListOptions, useFlagEntry, useReviewFlag } from '../api/suspicious-queries.ts';
import '../suspicious.css';

/*
 * Suspicious transactions (犯罪収益移転防止法 §8; docs/decisions.md "What the law asks at the counter:
 * money laundering"): a staff recorder flags an entry with a reason; another staff recorder
 * reviews it as "report" or "no report"; the flags to report are exported as CSV.
 */

/** A multi-line text with its label and error, for a reason or a note. */
function NoteField({
  id,
  name,
  label,
  value,
  error,
  onChange,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  return (
    <Field name={name} label={label} error={error} htmlFor={id} required stacked>
      <TextArea
        id={id}
        value={value}
        maxLength={AML_TEXT_MAX.reason}
        autoSize={{ minRows: 2, maxRows: 6 }}
        onChange={onChange}
        aria-invalid={Boolean(error) || undefined}
        aria-describedby={error ? errorDomId(name) : undefined}
      />
    </Field>
  );
}

function FlagCard({ flag, linkToEntry }: { flag: SuspiciousFlag; linkToEntry: boolean }) {
  const { t } = useTranslation('ledger');
  return (
    <article className="ledger-card suspicious-card" data-testid="suspicious-flag" data-id={flag.id}>
      <div className="ledger-card__line">
        {linkToEntry ? (
          <Link to={withQuery(paths.ledgerEntry, { id: flag.ledger_entry_id })} className="ledger-card__no figure">
            {t('card.no', { id: flag.ledger_entry_no })} · <span className="item-no">{flag.commodity_no}</span>
          </Link>
        ) : (
          <span className="ledger-card__no figure">{t('suspicious.flagNo', { id: flag.id })}</span>
        )}
        <span className={`suspicious-status suspicious-status--${flag.decision ?? 'open'}`}>
          {t(`suspicious.status.${flag.decision ?? 'open'}`)}
        </span>
      </div>
      {linkToEntry ? (
        <p className="ledger-card__meta">
          {flag.item} · <span className="figure">{formatMoney(flag.price, flag.currency)}</span>
        </p>
      ) : null}
      <p className="suspicious-card__reason">{t('suspicious.reasonLine', { reason: flag.reason })}</p>
      <p className="muted">
        {t('suspicious.flaggedBy', { name: flag.flagged_by.name, at: formatDateTime(flag.created_at) })}
      </p>
      {flag.decision !== null ? (
        <p className="muted" data-testid="suspicious-review">
          {t('suspicious.reviewedBy', {
            name: flag.reviewed_by?.name ?? '',
            at: flag.reviewed_at ? formatDateTime(flag.reviewed_at) : '',
            note: flag.review_note ?? '',
          })}
        </p>
      ) : null}
      {flag.can_review ? <ReviewForm flag={flag} /> : null}
      {flag.decision === null && !flag.can_review ? <p className="muted">{t('suspicious.othersReview')}</p> : null}
    </article>
  );
}

function ReviewForm({ flag }: { flag: SuspiciousFlag }) {
  const { t } = useTranslation('ledger');
  const review = useReviewFlag(flag.id);
  const [decision, setDecision] = useState<SuspiciousDecision | null>(null);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ decision?: string; note?: string }>({});
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = {
      ...(decision === null ? { decision: t('suspicious.chooseDecision') } : {}),
      ...(note.trim() === '' ? { note: t('suspicious.noteRequired') } : {}),
    };
    setErrors(found);
    if (decision === null || Object.keys(found).length > 0) return;
    await review.mutateAsync({ decision, note: note.trim() });
    successToast(t('suspicious.reviewed'));
  };
  const id = `suspicious-review-${flag.id}`;
  return (
    <form className="suspicious-review" noValidate onSubmit={submit} aria-label={t('suspicious.reviewTitle')}>
      <Field name={`${id}-decision`} label={t('suspicious.decision')} error={errors.decision} group required>
        <Selector
          columns={2}
          showCheckMark={false}
          options={SUSPICIOUS_DECISIONS.map((value) => ({ value, label: t(`suspicious.decisions.${value}`) }))}
          value={decision === null ? [] : [decision]}
          onChange={([value]) => setDecision(value ?? decision)}
        />
      </Field>
      <NoteField
        id={`${id}-note`}
        name={`${id}-note`}
        label={t('suspicious.note')}
        value={note}
        error={errors.note}
        onChange={setNote}
      />
      <Button block color="primary" type="submit" loading={review.isPending}>
        {t('suspicious.submitReview')}
      </Button>
    </form>
  );
}

/** On the entry page: this entry's flags and "flag as suspicious". */
export function EntryFlags({ entryId }: { entryId: number }) {
  const { t } = useTranslation('ledger');
  const flags = useQuery(suspiciousListOptions('all', entryId));
  const flag = useFlagEntry(entryId);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const waiting = flags.data?.items.some((item) => item.decision === null) ?? false;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim() === '') {
      setError(t('suspicious.reasonRequired'));
      return;
    }
    await flag.mutateAsync(reason.trim());
    successToast(t('suspicious.flagged'));
    setReason('');
    setError(undefined);
    setOpen(false);
  };
  return (
    <section className="card" aria-labelledby="ledger-suspicious-title" data-testid="entry-flags">
      <h3 id="ledger-suspicious-title" className="card__title">
        {t('suspicious.title')}
      </h3>
      {flags.isError ? <LoadError onRetry={() => flags.refetch()} /> : null}
      {flags.data && flags.data.items.length === 0 ? <p className="muted">{t('suspicious.none')}</p> : null}
      {flags.data?.items.map((item) => (
        <FlagCard key={item.id} flag={item} linkToEntry={false} />
      ))}
      {open ? (
        <form className="suspicious-review" noValidate onSubmit={submit} aria-label={t('suspicious.flagTitle')}>
          <p className="muted">{t('suspicious.flagHint')}</p>
          <NoteField
            id="suspicious-reason"
            name="suspicious-reason"
            label={t('suspicious.reason')}
            value={reason}
            error={error}
            onChange={setReason}
          />
          <div className="suspicious-actions">
            <Button fill="outline" onClick={() => setOpen(false)}>
              {t('common:cancel')}
            </Button>
            <Button color="danger" type="submit" loading={flag.isPending}>
              {t('suspicious.submitFlag')}
            </Button>
          </div>
        </form>
      ) : waiting ? null : (
        <Button block color="danger" fill="outline" onClick={() => setOpen(true)}>
          <ExclamationCircleOutline aria-hidden /> {t('suspicious.flag')}
        </Button>
      )}
    </section>
  );
}

/** The review list: flags by status, and the export of the flags to report. */
export function FlagReviewList() {
  const { t } = useTranslation('ledger');
  const [status, setStatus] = useState<SuspiciousStatus>('open');
  const flags = useQuery(suspiciousListOptions(status));
  return (
    <div className="suspicious-list" data-testid="suspicious-list">
      <ExportCard
        title={t('suspicious.exportTitle')}
        languageLabel={t('export.language')}
        hint={t('suspicious.exportHint')}
        choices={[{ key: 'csv', label: t('suspicious.export'), fetchFile: downloadReports }]}
        doneText={(name) => t('export.done', { name })}
      />
      <Field name="suspicious-status" label={t('suspicious.show')} group>
        <Selector
          columns={2}
          showCheckMark={false}
          options={SUSPICIOUS_STATUSES.map((value) => ({ value, label: t(`suspicious.status.${value}`) }))}
          value={[status]}
          onChange={([value]) => setStatus(value ?? status)}
        />
      </Field>
      {flags.isPending ? <LoadingRows rows={3} /> : null}
      {flags.isError ? <LoadError onRetry={() => flags.refetch()} /> : null}
      {flags.data && flags.data.items.length === 0 ? (
        <EmptyState title={t('suspicious.empty')} description={t('suspicious.emptyHint')} />
      ) : null}
      <ul className="ledger-list">
        {flags.data?.items.map((item) => (
          <li key={item.id}>
            <FlagCard flag={item} linkToEntry />
          </li>
        ))}
      </ul>
    </div>
  );
}
