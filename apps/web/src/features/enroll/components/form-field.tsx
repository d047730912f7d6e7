import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldError } from '../enroll-model.ts';

/** The DOM id of a field from its path (`commodities.0.brand_id` → `field-commodities-0-brand_id`). */
export const fieldDomId = (path: string) => `field-${path.replace(/\./g, '-')}`;
export const errorDomId = (path: string) => `${fieldDomId(path)}-error`;

/** An error in the user's language: one of `enroll:errors.*`, or the server's own words. */
export function useErrorText() {
  const { t } = useTranslation('enroll');
  return (error: FieldError | undefined): string | undefined => {
    if (!error) return undefined;
    if ('text' in error) return error.text;
    const values = { ...error.values };
    if (typeof values.field === 'string') values.field = t(`fields.${values.field}`);
    return t(`errors.${error.key}`, values);
  };
}

interface FormFieldProps {
  /** The field's path in the body; names its DOM ids. */
  path: string;
  label: string;
  required?: boolean;
  error?: string;
  /** A unit or a second control shown right of the value. */
  extra?: ReactNode;
  /** Label above the control (photos, long texts, choices) instead of beside it. */
  stacked?: boolean;
  /** The label is for the control with this id (inputs); a group of controls leaves it out. */
  htmlFor?: string;
  children: ReactNode;
}

/** One row of a form: label, control, unit; its error underneath in words (UI.md "Forms"). */
export function FormField({ path, label, required, error, extra, stacked, htmlFor, children }: FormFieldProps) {
  const LabelTag = htmlFor ? 'label' : 'span';
  return (
    <div
      className={`enroll-field${stacked ? ' enroll-field--stacked' : ''}${error ? ' enroll-field--invalid' : ''}`}
      data-field={path}
    >
      <div className="enroll-field__row">
        <LabelTag className="enroll-field__label" htmlFor={htmlFor}>
          {label}
          {required ? (
            <span className="enroll-field__required" aria-hidden="true">
              *
            </span>
          ) : null}
        </LabelTag>
        <div className="enroll-field__control">{children}</div>
        {extra ? <div className="enroll-field__extra">{extra}</div> : null}
      </div>
      {error ? (
        <p className="field-error" id={errorDomId(path)} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
