import type { FieldErrors } from '../../components/form/use-form.ts';
import type { ApiError } from '../../lib/api-error.ts';
import { type FieldProblem, problemsFromRefusal } from './appraisal-model.ts';

/** The problems the form's checks found, in words, in the order of `fields` (the form's on screen). */
export function problemTexts<F extends string>(
  fields: readonly F[],
  problems: Partial<Record<F, FieldProblem>>,
  text: (field: F, problem: FieldProblem) => string,
): FieldErrors {
  const found: FieldErrors = {};
  for (const field of fields) {
    const problem = problems[field];
    if (problem) found[field] = text(field, problem);
  }
  return found;
}

/**
 * A refusal of the server naming fields, in words: a contract error name becomes its own text,
 * anything else the server's message (already toasted by the API client).
 */
export function refusalTexts<F extends string>(
  error: ApiError,
  fields: readonly F[],
  text: (field: F, problem: FieldProblem) => string,
): FieldErrors {
  const { problems, other } = problemsFromRefusal(error.data, fields);
  const found: FieldErrors = {};
  for (const field of fields) {
    const problem = problems[field];
    if (problem) found[field] = text(field, problem);
    else if (other[field]) found[field] = error.message;
  }
  return found;
}
