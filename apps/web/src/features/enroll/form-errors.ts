import type { FieldErrors } from './enroll-model.ts';

/** The errors without those of the changed fields (a field's error goes when it is edited). */
export function withoutErrors(errors: FieldErrors, prefix: string, fields: string[]): FieldErrors {
  const changed = new Set(fields.map((field) => `${prefix}${field}`));
  if (changed.size === 0 || !Object.keys(errors).some((path) => changed.has(path))) return errors;
  return Object.fromEntries(Object.entries(errors).filter(([path]) => !changed.has(path)));
}

/** Brings the first field with an error into view (after the errors render) and focuses its control. */
export function focusFirstError() {
  requestAnimationFrame(() => {
    const field = document.querySelector<HTMLElement>('.form-field--invalid');
    if (!field) return;
    field.scrollIntoView({ block: 'center', behavior: 'smooth' });
    field.querySelector<HTMLElement>('input, textarea, button')?.focus({ preventScroll: true });
  });
}
