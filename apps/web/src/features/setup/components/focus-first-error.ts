import { useEffect, useRef } from 'react';
import { fieldDomId } from '../../../components/form/field.tsx';
import type { FieldErrors } from '../../../components/form/use-form.ts';

/**
 * A submit the checks refused puts the focus on the first field in error (of `fields`, in the
 * order on screen), ready to fix: set the answer's `current` to true as the form submits.
 */
export function useFocusFirstError(fields: readonly string[], errors: FieldErrors) {
  const checked = useRef(false);
  useEffect(() => {
    if (!checked.current) return;
    checked.current = false;
    const first = fields.find((field) => errors[field]);
    if (first) document.getElementById(fieldDomId(first))?.focus();
  }, [errors, fields]);
  return checked;
}
