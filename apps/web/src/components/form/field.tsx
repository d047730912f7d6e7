import type { ReactNode } from 'react';
import './form.css';

/** The DOM id of a field from its path (`commodities.0.brand_id` → `field-commodities-0-brand_id`). */
export const fieldDomId = (path: string) => `field-${path.replace(/\./g, '-')}`;
/** The id of a field's error text, which its control names in `aria-describedby`. */
export const errorDomId = (path: string) => `${fieldDomId(path)}-error`;

interface FieldProps {
  /** The field's path in the form's values (`customer_phone`, `commodities.0.size_pics`). */
  name: string;
  label: ReactNode;
  required?: boolean;
  /** What is wrong, in words: the form's own check or the server's refusal naming this field. */
  error?: string;
  /** A line of help under the control. */
  hint?: ReactNode;
  /** A unit or a second control shown right of the value. */
  extra?: ReactNode;
  /** Label above the control (photos, long texts, choices) instead of beside it. */
  stacked?: boolean;
  /** The label is for the control with this id (inputs and pickers). */
  htmlFor?: string;
  /** The control is a set of choices: the field is a group named by its label. */
  group?: boolean;
  children: ReactNode;
}

/**
 * One field of any form (UI.md "Forms"): label, control, unit; its error underneath in words.
 * Every form of the app builds its rows with it, so an error looks and reads the same everywhere.
 */
export function Field({ name, label, required, error, hint, extra, stacked, htmlFor, group, children }: FieldProps) {
  const className = `form-field${stacked || group ? ' form-field--stacked' : ''}${error ? ' form-field--invalid' : ''}`;
  const mark = required ? (
    <span className="form-field__required" aria-hidden="true">
      *
    </span>
  ) : null;
  const after = (
    <>
      {hint ? <p className="muted form-field__hint">{hint}</p> : null}
      <FieldError id={errorDomId(name)} error={error} />
    </>
  );
  if (group) {
    return (
      <fieldset className={`${className} form-field--group`} data-field={name}>
        <legend className="form-field__label">
          {label}
          {mark}
        </legend>
        {children}
        {after}
      </fieldset>
    );
  }
  const LabelTag = htmlFor ? 'label' : 'span';
  return (
    <div className={className} data-field={name}>
      <div className="form-field__row">
        <LabelTag className="form-field__label" htmlFor={htmlFor}>
          {label}
          {mark}
        </LabelTag>
        <div className="form-field__control">{children}</div>
        {extra ? <div className="form-field__extra">{extra}</div> : null}
      </div>
      {after}
    </div>
  );
}

/** An error in words, announced when it appears; nothing when there is none. */
export function FieldError({ id, error }: { id?: string; error?: string }) {
  if (!error) return null;
  return (
    <p className="field-error" id={id} role="alert">
      {error}
    </p>
  );
}

/** The props a text control takes to say it is invalid and where its error is. */
export function invalidProps(name: string, error: string | undefined) {
  return error ? { 'aria-invalid': true, 'aria-describedby': errorDomId(name) } : {};
}
