import { type FormEvent, useId, useState } from 'react';
import { Button } from '../lib/antd-mobile.ts';
import { isoDay, shopDay } from '../lib/format.ts';
import { useTranslation } from '../lib/use-translation.ts';
import { DateField } from './form/date-field.tsx';
import { Field } from './form/field.tsx';
import { Sheet } from './sheet.tsx';
import './date-range-sheet.css';

interface DateRangeSheetProps {
  open: boolean;
  /** The sheet's title: what the days are of ("Identified", "Period"). */
  title: string;
  /** The earliest day offered (ISO); the start of last year when absent. */
  min?: string;
  onClose: () => void;
  /** The range chosen now (ISO days), if any: the fields start from it. */
  from?: string;
  to?: string;
  onConfirm: (range: { from: string; to: string }) => void;
}

/**
 * A custom range of days (the data base's identification days, the ledger's period): two days
 * as the reader's language writes them (`DateField`: the keyboard and the phone's own wheel both
 * work), from `min` to today, the end not before the start.
 */
export function DateRangeSheet({ open, title, min, onClose, from, to, onConfirm }: DateRangeSheetProps) {
  return (
    <Sheet open={open} onClose={onClose} title={title}>
      <RangeForm from={from} to={to} min={min} onCancel={onClose} onConfirm={onConfirm} />
    </Sheet>
  );
}

/** The fields, made afresh at each opening (the sheet drops its content when closed). */
function RangeForm({
  from,
  to,
  min: earliest,
  onCancel,
  onConfirm,
}: Pick<DateRangeSheetProps, 'from' | 'to' | 'min' | 'onConfirm'> & { onCancel: () => void }) {
  const { t } = useTranslation();
  const errorId = useId();
  const fieldsId = useId();
  const today = shopDay();
  const min = earliest ?? isoDay(today.year - 1, 1, 1);
  const max = isoDay(today.year, today.month, today.day);
  const [start, setStart] = useState(from ?? '');
  const [end, setEnd] = useState(to ?? '');
  const [tried, setTried] = useState(false);
  // ISO days compare as text.
  const backwards = start !== '' && end !== '' && end < start;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTried(true);
    if (backwards || !event.currentTarget.checkValidity()) return;
    onCancel();
    onConfirm({ from: start, to: end });
  };
  const showError = tried && backwards;
  return (
    <form className="date-range" onSubmit={submit}>
      <Field name="from" label={t('common:dateRange.from')} group>
        <DateField id={`${fieldsId}-from`} required min={min} max={max} value={start} onChange={setStart} />
      </Field>
      <Field name="to" label={t('common:dateRange.to')} group>
        <DateField
          id={`${fieldsId}-to`}
          required
          min={min}
          max={max}
          value={end}
          invalid={showError}
          describedBy={showError ? errorId : undefined}
          onChange={setEnd}
        />
      </Field>
      {showError ? (
        <p id={errorId} className="field-error" role="alert">
          {t('common:dateRange.backwards')}
        </p>
      ) : null}
      <div className="date-range__actions">
        <Button block onClick={onCancel}>
          {t('common:cancel')}
        </Button>
        <Button block color="primary" type="submit">
          {t('common:confirm')}
        </Button>
      </div>
    </form>
  );
}
