import type { CommodityDetail, HistoryEvent } from '@jewel/contract/commodity';
import { COMMODITY_STATUS } from '@jewel/contract/values/commodity-status';
import { seesCustomerWhole } from '@jewel/contract/values/personal-data';
import { paths, withQuery } from '@jewel/contract/values/web-paths';
import { ExclamationTriangleOutline, RightOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { Link } from '../../../components/link.tsx';
import { useDictionaryOptions } from '../../../lib/dictionary.ts';
import { formatDateTime, formatList, formatMoney, formatNumber, formatRelative } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import { useAuthStore } from '../../../stores/auth-store.ts';
import { historyStatuses, isUrgent } from '../commodity-rules.ts';
import { FieldList, Section } from './field-list.tsx';
import { ResultFields } from './result-fields.tsx';
import { StatusTag, UrgentTag } from './status-tag.tsx';
import '../shared.css';
import './detail-sections.css';

/** Number, status, urgent flag, name and, while the recorder has to act, why it came back. */
/** The item's number, status, name and kind; `children` (the item page's links) below them. */
export function DetailHeader({ detail, children }: { detail: CommodityDetail; children?: ReactNode }) {
  const { t } = useTranslation('commodity');
  const toBeModified = detail.status === COMMODITY_STATUS.toBeModified;
  return (
    <section className="card commodity-detail-head">
      <div className="commodity-detail-head__line">
        <span className="commodity-detail-head__no figure item-no">{detail.no}</span>
        <StatusTag status={detail.status} />
      </div>
      <h2 className="commodity-detail-head__name">
        {isUrgent(detail.priority) ? <UrgentTag /> : null}
        <span>{detail.product_name}</span>
      </h2>
      <p className="muted">
        {[detail.brand.name, detail.type?.name, detail.category.name].filter(Boolean).join(' · ')}
        {detail.round > 1 ? ` · ${t('round', { round: detail.round })}` : ''}
      </p>
      {detail.modification_reason ? (
        <div
          className={toBeModified ? 'commodity-callout commodity-callout--warning' : 'commodity-callout'}
          role={toBeModified ? 'alert' : undefined}
        >
          <ExclamationTriangleOutline aria-hidden className="commodity-callout__icon" />
          <div>
            <p className="commodity-callout__title">{t('detail.modificationReason')}</p>
            <p className="commodity-callout__text">{detail.modification_reason}</p>
          </div>
        </div>
      ) : null}
      {children}
    </section>
  );
}

/** The final result once fixed (70 and later). */
export function ResultSection({ detail }: { detail: CommodityDetail }) {
  const { t } = useTranslation('commodity');
  if (!detail.result) return null;
  return (
    <Section title={t('detail.result')}>
      <ResultFields result={detail.result} />
    </Section>
  );
}

/** Whether the shop bought it, and for how much. */
export function RecycleSection({ detail }: { detail: CommodityDetail }) {
  const { t } = useTranslation('commodity');
  const isRecycle = useDictionaryOptions('recycle.is_recycle');
  const recycle = detail.recycle;
  if (!recycle) return null;
  return (
    <Section title={t('detail.recycle')}>
      <FieldList
        rows={[
          { label: t('recycle.isRecycle'), value: isRecycle.label(recycle.is_recycle) },
          {
            label: t('recycle.price'),
            value:
              recycle.price !== null && recycle.currency ? (
                <span className="figure commodity-price">{formatMoney(recycle.price, recycle.currency)}</span>
              ) : null,
          },
          { label: t('recycle.at'), value: formatDateTime(recycle.at) },
          // Its entry in the dealer's ledger, for those who read the ledger (issue 29 item 11).
          {
            label: t('recycle.ledgerEntry'),
            value:
              recycle.ledger_entry_id === null ? null : (
                <Link to={withQuery(paths.ledgerEntry, { id: recycle.ledger_entry_id })}>
                  {t('recycle.ledgerEntryLink', { id: recycle.ledger_entry_no })}
                </Link>
              ),
          },
        ]}
      />
    </Section>
  );
}

/** The customer: whole for a recorder; for a valuer the server sends the name's initial only. */
export function CustomerSection({ detail }: { detail: CommodityDetail }) {
  const { t } = useTranslation('commodity');
  // Labels of the register form: its namespace loads with this section, whichever page shows it.
  useTranslation('enroll');
  const role = useAuthStore((state) => state.user?.role_code);
  const { enrollment } = detail;
  if (enrollment.customer_masked) {
    // Masked for someone who sees customers whole: the phone's kept copy, whose personal fields
    // are blanked (lib/query-persist.ts), not the valuers' mask (issue 29 item 13).
    const keptCopy = role !== undefined && seesCustomerWhole(role);
    return (
      <Section title={t('enroll:sections.customer')}>
        {keptCopy ? null : (
          <FieldList rows={[{ label: t('enroll:fields.customer_name'), value: enrollment.customer_name }]} />
        )}
        <p className="muted commodity-masked-note">
          {t(keptCopy ? 'detail.customerNotKept' : 'detail.customerMasked')}
        </p>
      </Section>
    );
  }
  return (
    <Section title={t('enroll:sections.customer')}>
      <FieldList
        rows={[
          { label: t('enroll:fields.customer_name'), value: enrollment.customer_name },
          {
            label: t('enroll:fields.customer_phone'),
            value: (
              <a className="figure commodity-phone" href={`tel:${enrollment.customer_phone.replace(/[\s-]/g, '')}`}>
                {enrollment.customer_phone}
              </a>
            ),
          },
          { label: t('enroll:fields.customer_address'), value: enrollment.customer_address, block: true },
        ]}
      />
      {enrollment.customer_id !== null ? (
        <Link
          className="commodity-customer-link"
          to={withQuery(paths.customerDetail, { id: enrollment.customer_id })}
          data-testid="customer-record-link"
        >
          <span>{t('detail.customerRecord')}</span>
          <RightOutline aria-hidden />
        </Link>
      ) : null}
    </Section>
  );
}

function measure(value: number | null, unit: string): string | null {
  return value === null ? null : `${formatNumber(value)} ${unit}`;
}

/** Every registered field, labelled as on the register form. */
export function ProductSection({ detail }: { detail: CommodityDetail }) {
  const { t } = useTranslation('commodity');
  // Labels of the register form: its namespace loads with this section, whichever page shows it.
  useTranslation('enroll');
  const productStatus = useDictionaryOptions('identify_product.product_status');
  const accessories = useDictionaryOptions('identify_product.product_accessories');
  const priority = useDictionaryOptions('identify_product.valuation_priority');
  const confirmed = detail.product !== null;
  return (
    <Section title={t('enroll:sections.product')}>
      <FieldList
        rows={[
          { label: t('enroll:fields.brand'), value: detail.brand.name },
          { label: t('enroll:fields.type'), value: detail.type?.name },
          { label: t('enroll:fields.category'), value: detail.category.name },
          {
            label: t('enroll:fields.product_name'),
            value: (
              <span className="commodity-name-value">
                <span>{detail.product_name}</span>
                <span className={confirmed ? 'commodity-name-mark is-confirmed' : 'commodity-name-mark'}>
                  {confirmed ? t('detail.nameConfirmed') : t('detail.nameAssumed')}
                </span>
              </span>
            ),
          },
          { label: t('enroll:fields.product_code'), value: detail.product_code },
          { label: t('enroll:fields.material'), value: detail.material?.name },
          { label: t('enroll:fields.length'), value: measure(detail.length, detail.size_unit) },
          { label: t('enroll:fields.width'), value: measure(detail.width, detail.size_unit) },
          { label: t('enroll:fields.weight'), value: measure(detail.weight, detail.weight_unit) },
          { label: t('enroll:fields.product_status'), value: productStatus.label(detail.product_status) },
          {
            label: t('enroll:fields.accessories'),
            value: formatList(detail.accessories.map((value) => accessories.label(value))),
          },
          { label: t('enroll:fields.serial_no'), value: detail.serial_no },
          { label: t('enroll:fields.engraving'), value: detail.engraving, block: true },
          { label: t('enroll:fields.remark'), value: detail.remark, block: true },
          { label: t('detail.priority'), value: priority.label(detail.priority) },
        ]}
      />
    </Section>
  );
}

/** Who registered it, who appraises it, its workflow, and a link to the appraisal timeline. */
export function PeopleSection({ detail }: { detail: CommodityDetail }) {
  const { t } = useTranslation('commodity');
  // Labels of the register form: its namespace loads with this section, whichever page shows it.
  useTranslation('enroll');
  return (
    <Section title={t('detail.workflow')}>
      <FieldList
        rows={[
          { label: t('detail.recorder'), value: detail.recorder.name },
          { label: t('enroll:fields.valuer'), value: detail.valuer?.name ?? t('detail.noValuer') },
          { label: t('detail.workflowName'), value: detail.workflow?.name ?? t('detail.noWorkflow') },
          { label: t('detail.enrolledAt'), value: formatDateTime(detail.created_at) },
          { label: t('detail.updatedAt'), value: formatDateTime(detail.updated_at) },
        ]}
      />
      <Link to={withQuery(paths.flowIdentify, { id: detail.id })} className="commodity-row-link">
        <span>{t('detail.flowLink')}</span>
        <span className="commodity-row-link__extra">
          {detail.flows.length > 0 ? t('detail.flowSteps', { count: detail.flows.length }) : t('detail.flowNone')}
          <RightOutline aria-hidden />
        </span>
      </Link>
    </Section>
  );
}

const HISTORY_SHOWN = 6;

function eventNote(event: HistoryEvent): string | null {
  const { reason, valuer } = event.changes as { reason?: unknown; valuer?: unknown };
  if (typeof reason === 'string' && reason) return reason;
  if (valuer && typeof valuer === 'object' && 'name' in valuer && typeof valuer.name === 'string') return valuer.name;
  if (typeof valuer === 'string') return valuer;
  return null;
}

/** A transfer's branches, left and reached (issue 32), by their names at the time; null for any other event. */
function transferBranches(event: HistoryEvent): { from: string; to: string } | null {
  if (event.action !== 'transfer') return null;
  const name = (value: unknown) =>
    value && typeof value === 'object' && 'name' in value && typeof value.name === 'string' ? value.name : '';
  return { from: name(event.changes.from_branch), to: name(event.changes.to_branch) };
}

/** The audit trail, newest first: action, from → to, who, when; the older ones on request. */
export function HistorySection({
  detail,
  expanded,
  onExpand,
}: {
  detail: CommodityDetail;
  expanded: boolean;
  onExpand: () => void;
}) {
  const { t } = useTranslation('commodity');
  const status = useDictionaryOptions('identify_product.status');
  const events = [...detail.history].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
  const shown = expanded ? events : events.slice(0, HISTORY_SHOWN);
  if (events.length === 0) return null;
  return (
    <Section title={t('detail.history')}>
      <ol className="commodity-history">
        {shown.map((event) => {
          const note = eventNote(event);
          // The status it left, unless it left none or stayed (never "X → X").
          const [from] = historyStatuses(event).slice(0, -1);
          const moved = transferBranches(event);
          return (
            <li key={event.id} className="commodity-history__item">
              <div className="commodity-history__line">
                <span className="commodity-history__action">{t(`history.${event.action}`)}</span>
                <time
                  className="commodity-history__time"
                  dateTime={event.created_at}
                  title={formatDateTime(event.created_at)}
                >
                  {formatRelative(event.created_at)}
                </time>
              </div>
              <p className="commodity-history__meta">
                <span>{event.actor.name}</span>
                <span className="commodity-history__move">
                  {moved
                    ? t('history.move', moved)
                    : from === undefined
                      ? status.label(event.to_status)
                      : t('history.move', { from: status.label(from), to: status.label(event.to_status) })}
                </span>
              </p>
              {note ? <p className="commodity-history__note">{note}</p> : null}
            </li>
          );
        })}
      </ol>
      {!expanded && events.length > HISTORY_SHOWN ? (
        <button type="button" className="link-button commodity-history__more" onClick={onExpand}>
          {t('detail.historyMore', { count: events.length - HISTORY_SHOWN })}
        </button>
      ) : null}
    </Section>
  );
}
