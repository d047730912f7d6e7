import { z } from 'zod';
import { INT_MAX } from './values/limits.ts';
import { isCleanText, withinYears } from './values/text.ts';

/*
 * What the API accepts as text and as an id, decided once (docs/decisions.md "Input rules in one
 * place"). Every input schema builds its strings with `text()` and its ids with `idSchema` or
 * `queryIdSchema`; a value outside the rule is refused with 1001 naming the field.
 */

/**
 * `INT_MAX`: the largest value of an `integer` column, ids and every other whole number the API
 * stores. `isCleanText`: the characters text() refuses, in values/text.ts for the web forms too.
 */
export { INT_MAX, isCleanText };

export const TEXT_REFUSED_MESSAGE =
  'Control characters (other than tab and line breaks) and lone surrogates are refused';

/** A string input: `text().trim().max(40)` where one would write `z.string().trim().max(40)`. */
export function text() {
  return z.string().refine(isCleanText, { error: TEXT_REFUSED_MESSAGE });
}

/**
 * A year outside 1000–9998 (`withinYears`, values/text.ts, says why). Impossible days
 * (2026-02-30) and offsets beyond ±23:59 are refused by the ISO formats themselves; a zone name
 * in place of an offset is not an ISO timestamp.
 */
export const YEAR_REFUSED_MESSAGE = 'A year from 1000 to 9998';

/** A calendar day, `2026-11-23`. */
export function calendarDate() {
  return z.iso.date().refine(withinYears, { error: YEAR_REFUSED_MESSAGE });
}

/** An instant with its offset, `2026-11-23T10:00:00+08:00`. */
export function timestamp() {
  return z.iso.datetime({ offset: true }).refine(withinYears, { error: YEAR_REFUSED_MESSAGE });
}

/** An id in a JSON body: a positive integer an `integer` column holds. */
export const idSchema = z.number().int().min(1).max(INT_MAX);

/** The same id read from a path or a query string, where every value arrives as text. */
export const queryIdSchema = z.coerce.number().int().min(1).max(INT_MAX);

/**
 * Options for a cross-field `superRefine`: it runs only once the fields it reads passed their own
 * checks, so a value out of range answers its own input error, not a rule that misreads it.
 */
export function whenValid(...fields: string[]) {
  return {
    when: (payload: z.core.ParsePayload) =>
      !payload.issues.some((issue) => fields.includes(String(issue.path?.[0] ?? ''))),
  };
}
