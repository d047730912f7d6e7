import { useTranslation } from '../../../lib/use-translation.ts';
import type { FieldError } from '../enroll-model.ts';

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
