import { z } from 'zod';
import { INT_MAX } from './values/limits.ts';

/*
 * What the API accepts as text and as an id, decided once (docs/decisions.md "Input rules in one
 * place"). Every input schema builds its strings with `text()` and its ids with `idSchema` or
 * `queryIdSchema`; a value outside the rule is refused with 1001 naming the field.
 */

/** The largest value of an `integer` column: ids and every other whole number the API stores. */
export { INT_MAX };

/**
 * NUL and the other C0 control characters except tab, line feed and carriage return, DEL, and
 * lone surrogates (half of a UTF-16 pair, which has no UTF-8 form). PostgreSQL refuses NUL in
 * text and JSON; the others are never typed and only hide text from the people reading it. C1
 * controls (U+0080–U+009F) pass: a header Node reads as Latin-1 holds them for UTF-8 bytes.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const REFUSED_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|\p{Cs}/u;

/** Whether a text holds none of the refused characters. */
export function isCleanText(value: string): boolean {
  return !REFUSED_CHARACTERS.test(value);
}

export const TEXT_REFUSED_MESSAGE =
  'Control characters (other than tab and line breaks) and lone surrogates are refused';

/** A string input: `text().trim().max(40)` where one would write `z.string().trim().max(40)`. */
export function text() {
  return z.string().refine(isCleanText, { error: TEXT_REFUSED_MESSAGE });
}

/**
 * Dates and timestamps from 1000-01-01 to 9998-12-31. ISO 8601 allows year 0000, which
 * PostgreSQL has no such day for (a refused date answered 500), and no shop record is older; a
 * last day of 9999 overflowed the four-digit year once a period's default end (29 days on) or a
 * time zone's offset was added to it (`/api/calibration?from=9999-12-31` answered 500), so the
 * last year is 9998: everything the server derives from a date stays within 9999. Impossible
 * days (2026-02-30) and offsets beyond ±23:59 are refused by the ISO formats themselves; a zone
 * name in place of an offset is not an ISO timestamp.
 */
const withinYears = (value: string) => value.slice(0, 4) >= '1000' && value.slice(0, 4) <= '9998';
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
