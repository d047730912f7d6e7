import type { LedgerCorrectionInput, LedgerEntryDetail } from '@jewel/contract/ledger';
import { CURRENCIES } from '@jewel/contract/values/dictionary';
import {
  LEDGER_AGE_MAX,
  LEDGER_IDENTITY_METHODS,
  LEDGER_QUANTITY_MAX,
  type LedgerCorrectableField,
} from '@jewel/contract/values/ledger';
import { MONEY_MAX, TEXT_MAX } from '@jewel/contract/values/limits';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Field, fieldDomId, invalidProps } from '../../../components/form/field.tsx';
import { PickerField } from '../../../components/form/picker-field.tsx';
import { Button } from '../../../lib/antd-mobile.ts';
import { Dialog } from '../../../lib/dialog.ts';
import { formatMoney } from '../../../lib/format.ts';
import { Input } from '../../../lib/input.ts';
import { TextArea } from '../../../lib/text-area.ts';
import { useTranslation } from '../../../lib/use-translation.ts';

/** The form's values: texts as typed; numbers are read when checked. */
interface Draft {
  seller_name: string;
  seller_address: string;
  seller_occupation: string;
  seller_age: string;
  item: string;
  features: string;
  quantity: string;
  price: string;
  currency: string;
  identity_method: string;
  reason: string;
}

type Errors = Partial<Record<keyof Draft | 'form', string>>;

function draftOf(entry: LedgerEntryDetail): Draft {
  return {
    seller_name: entry.seller_name,
    seller_address: entry.seller_address,
    seller_occupation: entry.seller_occupation,
    seller_age: entry.seller_age === null ? '' : String(entry.seller_age),
    item: entry.item,
    features: entry.features,
    quantity: String(entry.quantity),
    price: String(entry.price),
    currency: entry.currency,
    identity_method: entry.identity_method,
    reason: '',
  };
}

const wholeNumber = (text: string, min: number, max: number) => {
  const value = Number(text.trim());
  return text.trim() !== '' && Number.isInteger(value) && value >= min && value <= max ? value : null;
};

const amount = (text: string) => {
  const trimmed = text.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value <= MONEY_MAX ? value : null;
};

/**
 * Checks the draft against the entry: the changed fields as the API takes them, or what is
 * wrong. Only what differs is sent (the server refuses a correction that changes nothing).
 */
function check(draft: Draft, entry: LedgerEntryDetail, t: (key: string) => string) {
  const errors: Errors = {};
  const changes: Partial<Record<LedgerCorrectableField, string | number>> = {};
  const text = (field: 'seller_name' | 'seller_address' | 'seller_occupation' | 'item' | 'features') => {
    const value = draft[field].trim();
    if (value === entry[field]) return;
    if (value === '') errors[field] = t('correct.required');
    else changes[field] = value;
  };
  text('seller_name');
  text('seller_address');
  text('seller_occupation');
  text('item');
  text('features');
  if (draft.seller_age.trim() !== (entry.seller_age === null ? '' : String(entry.seller_age))) {
    const age = wholeNumber(draft.seller_age, 0, LEDGER_AGE_MAX);
    if (age === null) errors.seller_age = t('correct.invalidAge');
    else changes.seller_age = age;
  }
  const quantity = wholeNumber(draft.quantity, 1, LEDGER_QUANTITY_MAX);
  if (quantity === null) errors.quantity = t('correct.invalidQuantity');
  else if (quantity !== entry.quantity) changes.quantity = quantity;
  const price = amount(draft.price);
  if (price === null) errors.price = t('correct.invalidPrice');
  else if (price !== entry.price) changes.price = price;
  if (draft.currency !== entry.currency) changes.currency = draft.currency;
  if (draft.identity_method !== entry.identity_method) changes.identity_method = draft.identity_method;
  const reason = draft.reason.trim();
  if (reason === '') errors.reason = t('correct.reasonRequired');
  if (Object.keys(errors).length === 0 && Object.keys(changes).length === 0) errors.form = t('correct.nothingChanged');
  return { errors, changes, reason };
}

/**
 * Correcting an entry (PRODUCT.md: nobody edits an entry): the changed fields and the reason,
 * confirmed in a dialog that names them; the result is a new entry, the corrected one stays.
 */
export function CorrectionForm({
  entry,
  onCancel,
  onSubmit,
}: {
  entry: LedgerEntryDetail;
  onCancel: () => void;
  onSubmit: (body: LedgerCorrectionInput) => Promise<void>;
}) {
  const { t } = useTranslation('ledger');
  const [draft, setDraft] = useState<Draft>(() => draftOf(entry));
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  // Opened below the entry: brought into view with the first field ready to type in.
  useEffect(() => {
    form.current?.scrollIntoView({ block: 'start' });
    document.getElementById(fieldDomId('correct-seller_name'))?.focus({ preventScroll: true });
  }, []);
  const set = (field: keyof Draft, value: string) => setDraft((current) => ({ ...current, [field]: value }));
  const methodLabel = (method: string) => t(`method.${method}`, { defaultValue: method });

  /** A changed value as the confirmation names it. */
  const shown = (field: LedgerCorrectableField, value: string | number): string => {
    if (field === 'price') return formatMoney(Number(value), draft.currency);
    if (field === 'identity_method') return methodLabel(String(value));
    return String(value);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { errors: found, changes, reason } = check(draft, entry, t);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      const first = Object.keys(found).find((key) => key !== 'form');
      if (first) document.getElementById(fieldDomId(`correct-${first}`))?.focus();
      return;
    }
    const lines = (Object.entries(changes) as [LedgerCorrectableField, string | number][]).map(
      ([field, value]) => `${t(`correct.fields.${field}`)}: ${shown(field, value)}`,
    );
    const confirmed = await Dialog.confirm({
      title: t('correct.confirmTitle', { id: entry.id }),
      content: (
        <div className="ledger-confirm">
          <ul>
            {lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <p>{t('correct.confirmReason', { reason })}</p>
          <p className="muted">{t('correct.confirmKeeps', { id: entry.id })}</p>
        </div>
      ),
      confirmText: t('correct.confirm'),
      cancelText: t('common:cancel'),
    });
    if (!confirmed) return;
    setBusy(true);
    try {
      await onSubmit({ ...changes, reason } as LedgerCorrectionInput);
    } catch {
      // The client said why in a toast; the draft stays.
    } finally {
      setBusy(false);
    }
  };

  const id = (field: keyof Draft) => fieldDomId(`correct-${field}`);
  const input = (field: keyof Draft, max: number, mode?: 'numeric' | 'decimal') => (
    <Field name={`correct-${field}`} label={t(`correct.fields.${field}`)} error={errors[field]} htmlFor={id(field)}>
      <Input
        id={id(field)}
        value={draft[field]}
        maxLength={max}
        inputMode={mode}
        onChange={(value) => set(field, value)}
        {...invalidProps(`correct-${field}`, errors[field])}
      />
    </Field>
  );
  const area = (field: keyof Draft, max: number, required = false) => (
    <Field
      name={`correct-${field}`}
      label={t(`correct.fields.${field}`)}
      error={errors[field]}
      htmlFor={id(field)}
      required={required}
      stacked
    >
      <TextArea
        id={id(field)}
        value={draft[field]}
        maxLength={max}
        autoSize={{ minRows: 1, maxRows: 4 }}
        onChange={(value) => set(field, value)}
        {...invalidProps(`correct-${field}`, errors[field])}
      />
    </Field>
  );

  return (
    <form
      ref={form}
      className="card form-section ledger-correct"
      aria-labelledby="ledger-correct-title"
      onSubmit={submit}
      noValidate
    >
      <h2 className="card__title" id="ledger-correct-title">
        {t('correct.title', { id: entry.id })}
      </h2>
      <p className="muted ledger-correct__hint">{t('correct.hint')}</p>
      {input('seller_name', TEXT_MAX.personName)}
      {area('seller_address', TEXT_MAX.address)}
      {input('seller_occupation', TEXT_MAX.personName)}
      {input('seller_age', 3, 'numeric')}
      {area('item', TEXT_MAX.productName)}
      {area('features', TEXT_MAX.remark)}
      {input('quantity', 5, 'numeric')}
      {input('price', 14, 'decimal')}
      <Field name="correct-currency" label={t('correct.fields.currency')} htmlFor={id('currency')}>
        <PickerField
          id={id('currency')}
          label={t('correct.fields.currency')}
          value={draft.currency}
          options={CURRENCIES.map((code) => ({ value: code, label: code }))}
          onChange={(value) => set('currency', value ?? entry.currency)}
        />
      </Field>
      <Field name="correct-identity_method" label={t('correct.fields.identity_method')} htmlFor={id('identity_method')}>
        <PickerField
          id={id('identity_method')}
          label={t('correct.fields.identity_method')}
          value={draft.identity_method}
          options={LEDGER_IDENTITY_METHODS.map((method) => ({ value: method, label: methodLabel(method) }))}
          onChange={(value) => set('identity_method', value ?? entry.identity_method)}
        />
      </Field>
      {area('reason', TEXT_MAX.remark, true)}
      {errors.form ? (
        <p className="field-error" role="alert">
          {errors.form}
        </p>
      ) : null}
      <div className="ledger-correct__actions">
        <Button block onClick={onCancel} disabled={busy}>
          {t('common:cancel')}
        </Button>
        <Button block color="primary" type="submit" loading={busy}>
          {t('correct.review')}
        </Button>
      </div>
    </form>
  );
}
