import { RightOutline } from 'antd-mobile-icons';
import { Suspense, useState } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import './form.css';
import { LazyWheelPicker, useWheelPickerWhenIdle } from './lazy-wheel-picker.ts';
import { SearchPicker } from './search-picker.tsx';

export interface PickOption<V extends number | string = number | string> {
  value: V;
  label: string;
  /** Other words a search finds it by (a brand's other names: 卡地亚, カルティエ). */
  keywords?: string[];
}

interface PickerFieldProps<V extends number | string> {
  /** The button's id: the field's label points at it. */
  id: string;
  label: string;
  value: V | null;
  options: PickOption<V>[];
  onChange: (value: V | null) => void;
  placeholder?: string;
  /** Offered first: choosing it clears the value ("assign later", "unknown"). */
  noneLabel?: string;
  invalid?: boolean;
  /** The id of the field's error text. */
  errorId?: string;
  disabled?: boolean;
  /** The options failed to load: the button retries instead of opening. */
  failed?: boolean;
  loading?: boolean;
  onRetry?: () => void;
  /** A long list (brands, products, categories, materials): a list with a search box, not a wheel. */
  searchable?: boolean;
}

const NONE = '__none__';

/** A value chosen from a list in a bottom picker (UI.md: pickers rather than typing). */
export function PickerField<V extends number | string>({
  id,
  label,
  value,
  options,
  onChange,
  placeholder,
  noneLabel,
  invalid,
  errorId,
  disabled,
  failed,
  loading,
  onRetry,
  searchable,
}: PickerFieldProps<V>) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // The wheel is made at the first tap, its code loaded when the page is idle (lazy-wheel-picker.ts).
  const [made, setMade] = useState(false);
  useWheelPickerWhenIdle();
  const selected = options.find((option) => String(option.value) === String(value));
  const shown = selected?.label ?? (value === null && noneLabel && !placeholder ? noneLabel : undefined);
  const wheel = [...(noneLabel ? [{ value: NONE, label: noneLabel }] : []), ...options];
  const text = failed
    ? t('common:form.optionsFailed')
    : loading && !selected
      ? '…'
      : (shown ?? placeholder ?? t('common:form.choose'));

  return (
    <>
      <button
        type="button"
        id={id}
        className={`form-picker${shown ? '' : ' form-picker--empty'}`}
        aria-label={`${label}: ${text}`}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorId : undefined}
        aria-haspopup="dialog"
        disabled={disabled}
        onClick={() => {
          if (failed) return onRetry?.();
          setMade(true);
          setOpen(true);
        }}
      >
        <span className="form-picker__text">{text}</span>
        <RightOutline aria-hidden className="form-picker__arrow" />
      </button>
      {searchable ? (
        <SearchPicker
          visible={open}
          label={label}
          options={options}
          value={value}
          noneLabel={noneLabel}
          loading={loading}
          onPick={onChange}
          onClose={() => setOpen(false)}
        />
      ) : made ? (
        <Suspense fallback={null}>
          <LazyWheelPicker
            visible={open}
            title={label}
            options={wheel}
            value={value === null ? (noneLabel ? NONE : null) : value}
            onClose={() => setOpen(false)}
            onConfirm={(picked) => {
              if (picked === NONE) return onChange(null);
              const option = options.find((candidate) => String(candidate.value) === String(picked));
              if (option) onChange(option.value);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
