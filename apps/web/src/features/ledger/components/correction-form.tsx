import type { LedgerCorrectionInput, LedgerEntryDetail } from '@jewel/contract/ledger';
import { CURRENCIES } from '@jewel/contract/values/dictionary';
import { LEDGER_IDENTITY_METHODS, type LedgerCorrectableField } from '@jewel/contract/values/ledger';
import { useEffect, useRef, useState } from 'react';
import { Field, fieldDomId, invalidProps } from '../../../components/form/field.tsx';
import { PickerField } from '../../../components/form/picker-field.tsx';
import { useForm } from '../../../components/form/use-form.ts';
import { Button } from '../../../lib/antd-mobile.ts';
import { Dialog } from '../../../lib/dialog.ts';
import { formatMoney } from '../../../lib/format.ts';
import { Input } from '../../../lib/input.ts';
import { TextArea } from '../../../lib/text-area.ts';
import { useTranslation } from '../../../lib/use-translation.ts';
import {
  CORRECTION_LIMITS,
  type CorrectionDraft,
  type CorrectionField,
  draftOf,
  readCorrection,
} from '../correction-model.ts';

/** The fields typed in (the others are pickers). */
type TypedField = keyof typeof CORRECTION_LIMITS;

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
  const {
    values: draft,
    set,
    errors,
    handleSubmit,
  } = useForm({
    initial: () => draftOf(entry),
    check: (entered: CorrectionDraft) =>
      Object.fromEntries(
        Object.entries(readCorrection(entered, entry).problems).map(([field, problem]) => [
          field,
          t(`correct.${problem}`, { max: CORRECTION_LIMITS[field as TypedField] }),
        ]),
      ),
  });
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  // Opened below the entry: brought into view with the first field ready to type in.
  useEffect(() => {
    form.current?.scrollIntoView({ block: 'start' });
    document.getElementById(fieldDomId('correct-seller_name'))?.focus({ preventScroll: true });
  }, []);
  // A submit the checks refused puts the focus on the first field in error, ready to fix.
  const checked = useRef(false);
  useEffect(() => {
    if (!checked.current) return;
    checked.current = false;
    const first = Object.keys(errors).find((key) => key !== 'form');
    if (first) document.getElementById(fieldDomId(`correct-${first}`))?.focus();
  }, [errors]);
  /** A change may make "nothing changed" untrue: it takes that error away too. */
  const change = <F extends CorrectionField>(field: F, value: CorrectionDraft[F]) => set(field, value, 'form');
  const methodLabel = (method: string) => t(`method.${method}`, { defaultValue: method });

  /** A changed value as the confirmation names it. */
  const shown = (field: LedgerCorrectableField, value: string | number): string => {
    if (field === 'price') return formatMoney(Number(value), draft.currency);
    if (field === 'identity_method') return methodLabel(String(value));
    return String(value);
  };

  // The API client says why a correction was refused in a toast, and useForm puts a refusal
  // naming a field under it; the draft stays.
  const submit = handleSubmit(async (entered) => {
    const { reason, ...changes } = readCorrection(entered, entry).body;
    const lines = (Object.entries(changes) as [LedgerCorrectableField, string | number][]).map(
      ([field, value]) => `${t(`correct.fields.${field}`)}: ${shown(field, value)}`,
    );
    const confirmed = await Dialog.confirm({
      title: t('correct.confirmTitle', { id: entry.no }),
      content: (
        <div className="ledger-confirm">
          <ul>
            {lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <p>{t('correct.confirmReason', { reason })}</p>
          <p className="muted">{t('correct.confirmKeeps', { id: entry.no })}</p>
        </div>
      ),
      confirmText: t('correct.confirm'),
      cancelText: t('common:cancel'),
    });
    if (!confirmed) return;
    setBusy(true);
    try {
      await onSubmit({ ...changes, reason });
    } finally {
      setBusy(false);
    }
  });

  const id = (field: CorrectionField) => fieldDomId(`correct-${field}`);
  // Emptied, a field still says what the entry holds; the reason, what a reason looks like.
  const placeholder = (field: TypedField) =>
    field === 'reason' ? t('correct.reasonPlaceholder') : String(entry[field] ?? '');
  const input = (field: TypedField, mode?: 'numeric' | 'decimal') => (
    <Field name={`correct-${field}`} label={t(`correct.fields.${field}`)} error={errors[field]} htmlFor={id(field)}>
      <Input
        id={id(field)}
        value={draft[field]}
        maxLength={CORRECTION_LIMITS[field]}
        placeholder={placeholder(field)}
        inputMode={mode}
        onChange={(value) => change(field, value)}
        {...invalidProps(`correct-${field}`, errors[field])}
      />
    </Field>
  );
  const area = (field: TypedField, required = false) => (
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
        maxLength={CORRECTION_LIMITS[field]}
        placeholder={placeholder(field)}
        autoSize={{ minRows: 1, maxRows: 4 }}
        onChange={(value) => change(field, value)}
        {...invalidProps(`correct-${field}`, errors[field])}
      />
    </Field>
  );

  return (
    <form
      ref={form}
      className="card form-section form-boxed ledger-correct"
      aria-labelledby="ledger-correct-title"
      onSubmit={(event) => {
        checked.current = true;
        void submit(event);
      }}
      noValidate
    >
      <h2 className="card__title" id="ledger-correct-title">
        {t('correct.title', { id: entry.no })}
      </h2>
      <p className="muted ledger-correct__hint">{t('correct.hint')}</p>
      {input('seller_name')}
      {area('seller_address')}
      {input('seller_occupation')}
      {input('seller_age', 'numeric')}
      {area('item')}
      {area('features')}
      {input('quantity', 'numeric')}
      {input('price', 'decimal')}
      <Field name="correct-currency" label={t('correct.fields.currency')} htmlFor={id('currency')}>
        <PickerField
          id={id('currency')}
          label={t('correct.fields.currency')}
          value={draft.currency}
          options={CURRENCIES.map((code) => ({ value: code, label: code }))}
          onChange={(value) => change('currency', value ?? entry.currency)}
        />
      </Field>
      <Field name="correct-identity_method" label={t('correct.fields.identity_method')} htmlFor={id('identity_method')}>
        <PickerField
          id={id('identity_method')}
          label={t('correct.fields.identity_method')}
          value={draft.identity_method}
          options={LEDGER_IDENTITY_METHODS.map((method) => ({ value: method, label: methodLabel(method) }))}
          onChange={(value) => change('identity_method', value ?? entry.identity_method)}
        />
      </Field>
      {area('reason', true)}
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
