import { type FormEvent, useState } from 'react';
import { ApiError } from '../../lib/api-error.ts';

/** Field name → what is wrong with it, in words. */
export type FieldErrors<N extends string = string> = Partial<Record<N, string>>;

/**
 * The field a refusal of the server names (`data.field`: `commodities.0.size_pics.2`) with its
 * message, which the API client has already toasted; null when it names none.
 */
export function refusalField(error: unknown): { field: string; message: string } | null {
  if (!(error instanceof ApiError)) return null;
  const field = (error.data as { field?: unknown } | null)?.field;
  return typeof field === 'string' && field ? { field, message: error.message } : null;
}

/** A refusal under the very field it names (`title.ja`), for forms with a field per language. */
export function refusalAtField(error: unknown): FieldErrors {
  const named = refusalField(error);
  return named ? { [named.field]: named.message } : {};
}

/** Brings a field into view (`data-field`, which `Field` sets). */
export function scrollToField(name: string, within: ParentNode = document) {
  within.querySelector(`[data-field="${CSS.escape(name)}"]`)?.scrollIntoView?.({ block: 'center' });
}

interface FormOptions<V> {
  initial: V | (() => V);
  /**
   * Every check of the form: each field's problem in words, or `undefined` when it is fine, in the
   * order of the form on screen (the first one in error is scrolled to).
   */
  check: (values: V) => FieldErrors;
  /**
   * A refusal of the server as field errors; by default the field `data.field` names (its first
   * segment) gets the server's message.
   */
  refusal?: (error: ApiError, values: V) => FieldErrors;
}

/**
 * The app's one form state (docs/decisions.md "One form system"): values, their errors in words,
 * and a submit that checks first, then sends, then puts a refusal naming a field under that
 * field. A refusal naming no field stays with the API client's toast: the one way a form as a
 * whole is refused.
 */
export function useForm<V extends object>({ initial, check, refusal }: FormOptions<V>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});

  /** Takes the errors of these fields away (a changed value, and the checks it took part in). */
  const clearErrors = (...names: string[]) =>
    setErrors((current) => {
      if (!names.some((name) => name in current)) return current;
      const next = { ...current };
      for (const name of names) delete next[name];
      return next;
    });

  /** A changed value takes its own error away, and those of `alsoClears`. */
  const set = <K extends keyof V & string>(name: K, value: V[K], ...alsoClears: string[]) => {
    setValues((current) => ({ ...current, [name]: value }));
    clearErrors(name, ...alsoClears);
  };

  const handleSubmit =
    (send: (values: V) => Promise<unknown>, within?: () => ParentNode | null) => async (event?: FormEvent) => {
      event?.preventDefault();
      const found = withoutEmpty(check(values));
      setErrors(found);
      const first = Object.keys(found)[0];
      if (first) {
        scrollToField(first, within?.() ?? document);
        return;
      }
      try {
        await send(values);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        const named = refusal ? refusal(error, values) : defaultRefusal(error, values);
        if (Object.keys(named).length > 0) setErrors(named);
      }
    };

  return { values, set, setValues, errors, setErrors, clearErrors, handleSubmit };
}

/** Only the fields that have a problem (a check may answer `undefined` for a field that is fine). */
function withoutEmpty(errors: FieldErrors): FieldErrors {
  return Object.fromEntries(Object.entries(errors).filter(([, problem]) => problem));
}

function defaultRefusal(error: ApiError, values: object): FieldErrors {
  const named = refusalField(error);
  const field = named?.field.split('.')[0];
  return named && field && field in values ? { [field]: named.message } : {};
}
