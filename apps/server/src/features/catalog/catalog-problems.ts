import type { Lang } from '@jewel/contract/values/i18n';
import type { CatalogProblemReason } from '../../i18n/messages/server-messages.ts';
import { CATALOG_PROBLEM_TEXTS, translate } from '../../i18n/messages.ts';
import { ImportRefusedError } from '../../lib/import-refused.ts';

/** One thing wrong with a catalog file, where it is (line 0: the file as a whole). */
export interface CatalogProblem {
  file: string;
  line: number;
  reason: CatalogProblemReason;
  params?: Record<string, string | number>;
}

/** A problem in `lang`: the browser's reader's language, English for the CLI's operator. */
export const problemText = (problem: CatalogProblem, lang: Lang) =>
  translate(CATALOG_PROBLEM_TEXTS[problem.reason], lang, problem.params);

/** A catalog import refused whole: every problem found (in file order), nothing written. */
export class CatalogImportRefusedError extends ImportRefusedError {
  readonly reasons: CatalogProblem[];

  constructor(problems: CatalogProblem[]) {
    super(problems.map((problem) => ({ file: problem.file, line: problem.line, message: problemText(problem, 'en') })));
    this.reasons = problems;
  }
}

/** Collects the problems of one file: `problem(line, reason, params)`. */
export function problemsOf(file: string, problems: CatalogProblem[]) {
  return (line: number, reason: CatalogProblemReason, params?: CatalogProblem['params']) =>
    problems.push({ file, line, reason, ...(params ? { params } : {}) });
}
