import { ApiError } from '../../lib/api-error.ts';
import { type FieldProblem, problemsFromRefusal } from './appraisal-model.ts';

/**
 * Submits a form its fields' checks passed on the phone; when they did not, or when the server
 * refuses naming fields, `show` gets each problem's text under its field (and an empty set when
 * the form is fine). A refusal naming no field stays with the API client's toast.
 */
export async function submitChecked<F extends string>(
  fields: readonly F[],
  problems: Partial<Record<F, FieldProblem>>,
  text: (field: F, problem: FieldProblem) => string,
  show: (errors: Partial<Record<F, string>>) => void,
  send: () => Promise<unknown>,
) {
  const found: Partial<Record<F, string>> = {};
  for (const field of fields) {
    const problem = problems[field];
    if (problem) found[field] = text(field, problem);
  }
  show(found);
  if (Object.keys(found).length > 0) return;
  try {
    await send();
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const { problems: named, other } = problemsFromRefusal(error.data, fields);
    const fromServer: Partial<Record<F, string>> = {};
    for (const field of fields) {
      const problem = named[field];
      if (problem) fromServer[field] = text(field, problem);
      else if (other[field]) fromServer[field] = error.message;
    }
    if (Object.keys(fromServer).length > 0) show(fromServer);
  }
}
