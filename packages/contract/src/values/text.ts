/*
 * What the API accepts as text and as a calendar day, as plain functions: the contract's schemas
 * (input.ts) build on them, and the web forms run them without zod. docs/decisions.md "Input
 * rules in one place".
 */

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

/**
 * Dates and timestamps from 1000-01-01 to 9998-12-31. ISO 8601 allows year 0000, which
 * PostgreSQL has no such day for (a refused date answered 500), and no shop record is older; a
 * last day of 9999 overflowed the four-digit year once a period's default end (29 days on) or a
 * time zone's offset was added to it (`/api/calibration?from=9999-12-31` answered 500), so the
 * last year is 9998: everything the server derives from a date stays within 9999.
 */
export function withinYears(value: string): boolean {
  return value.slice(0, 4) >= '1000' && value.slice(0, 4) <= '9998';
}

/**
 * A calendar day, `2026-11-23`, as the contract's `calendarDate()` takes it: a day that exists
 * (not 2026-02-30), in the years above.
 */
export function isCalendarDate(value: string): boolean {
  const parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!parts || !withinYears(value)) return false;
  const [year, month, day] = parts.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
