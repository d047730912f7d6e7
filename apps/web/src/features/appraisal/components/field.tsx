import { RightOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { Picker } from '../../../lib/antd-mobile.ts';
import type { Option } from '../api/appraisal-queries.ts';

/** The element id of a form field, for its label and for scrolling to the first error. */
export const fieldId = (form: string, name: string) => `${form}-${name}`;

/** One field: its label, the control, the error in words under it (UI.md "Forms"). */
export function Field({
  form,
  name,
  label,
  hint,
  error,
  children,
  labelFor = true,
}: {
  form: string;
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
  /** False when the control is not an input (a selector): the label then names a group. */
  labelFor?: boolean;
}) {
  const id = fieldId(form, name);
  const className = error ? 'appraisal-field appraisal-field--error' : 'appraisal-field';
  const after = (
    <>
      {hint ? <p className="muted appraisal-field__hint">{hint}</p> : null}
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
  if (!labelFor) {
    return (
      <fieldset className={`${className} appraisal-field--group`} data-field={name}>
        <legend className="appraisal-field__label">{label}</legend>
        {children}
        {after}
      </fieldset>
    );
  }
  return (
    <div className={className} data-field={name}>
      <label className="appraisal-field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {after}
    </div>
  );
}

/** A value chosen from a list (UI.md: pickers rather than typing): a row that opens the picker. */
export function PickerRow<V extends string | number>({
  id,
  title,
  options,
  value,
  placeholder,
  open,
  onOpen,
  onClose,
  onChange,
  invalid,
}: {
  id: string;
  title: string;
  options: Option<V>[];
  value: V | null;
  placeholder: string;
  open: boolean;
  onOpen: () => void;
  onClose: () => void;
  onChange: (value: V) => void;
  invalid?: boolean;
}) {
  const chosen = options.find((option) => option.value === value);
  return (
    <>
      <button
        type="button"
        id={id}
        className="appraisal-picker-row"
        aria-haspopup="dialog"
        aria-invalid={invalid || undefined}
        onClick={onOpen}
      >
        <span className={chosen ? 'appraisal-picker-row__value' : 'appraisal-picker-row__placeholder'}>
          {chosen ? chosen.label : placeholder}
        </span>
        <RightOutline className="appraisal-picker-row__arrow" aria-hidden />
      </button>
      <Picker
        visible={open}
        title={title}
        columns={[options.map((option) => ({ label: option.label, value: option.value }))]}
        value={value === null ? [] : [value]}
        onClose={onClose}
        onConfirm={([picked]) => {
          const option = options.find((candidate) => String(candidate.value) === String(picked));
          if (option) onChange(option.value);
        }}
      />
    </>
  );
}
