import { RightOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Picker } from '../../../lib/antd-mobile.ts';
import { errorDomId, fieldDomId } from './form-field.tsx';

export interface PickOption {
  value: number | string;
  label: string;
}

interface PickerFieldProps {
  path: string;
  label: string;
  value: number | string | null;
  options: PickOption[];
  onChange: (value: number | string | null) => void;
  placeholder?: string;
  /** Offered first: choosing it clears the value ("assign later"). */
  noneLabel?: string;
  invalid?: boolean;
  disabled?: boolean;
  /** The options failed to load: the button retries instead of opening. */
  failed?: boolean;
  loading?: boolean;
  onRetry?: () => void;
}

const NONE = '__none__';

/** A value chosen from a list in a bottom picker (UI.md: pickers rather than typing). */
export function PickerField({
  path,
  label,
  value,
  options,
  onChange,
  placeholder,
  noneLabel,
  invalid,
  disabled,
  failed,
  loading,
  onRetry,
}: PickerFieldProps) {
  const { t } = useTranslation('enroll');
  const [open, setOpen] = useState(false);
  const selected = options.find((option) => String(option.value) === String(value));
  const shown = selected?.label ?? (value === null && noneLabel && !placeholder ? noneLabel : undefined);
  const columns = [[...(noneLabel ? [{ value: NONE, label: noneLabel }] : []), ...options]];
  const text = failed
    ? t('errors.loadOptions')
    : loading && !selected
      ? '…'
      : (shown ?? placeholder ?? t('placeholders.choose'));

  return (
    <>
      <button
        type="button"
        id={fieldDomId(path)}
        className={`enroll-picker${shown ? '' : ' enroll-picker--empty'}`}
        aria-label={`${label}: ${text}`}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorDomId(path) : undefined}
        aria-haspopup="dialog"
        disabled={disabled}
        onClick={() => (failed ? onRetry?.() : setOpen(true))}
      >
        <span className="enroll-picker__text">{text}</span>
        <RightOutline aria-hidden className="enroll-picker__arrow" />
      </button>
      <Picker
        visible={open}
        title={label}
        columns={columns}
        value={[value === null ? (noneLabel ? NONE : null) : value]}
        confirmText={t('common:confirm')}
        cancelText={t('common:cancel')}
        onClose={() => setOpen(false)}
        onConfirm={([picked]) => {
          if (picked === undefined || picked === null) return;
          onChange(picked === NONE ? null : picked);
        }}
      />
    </>
  );
}
