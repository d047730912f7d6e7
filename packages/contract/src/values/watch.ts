import { TEXT_MAX } from './limits.ts';
import { markSkeleton } from './mark-skeleton.ts';

/*
 * The stolen-goods watch list's values (docs/decisions.md "The stolen-goods watch list"), for the
 * contract's schemas, the server's import and the web form alike. No zod here: the web app imports it.
 */

/** The longest text of each notice field, for the schema and the web form's `maxLength`. */
export const WATCH_TEXT_MAX = {
  reference: 60,
  brand: 60,
  model: 120,
  serial_no: TEXT_MAX.serialNo,
  engraving: TEXT_MAX.engraving,
  description: TEXT_MAX.remark,
} as const;

/** The columns of an import file, in this order in the template; the header row names them (any order). */
export const WATCH_CSV_COLUMNS = [
  'source',
  'reference',
  'brand',
  'model',
  'serial_no',
  'engraving',
  'description',
] as const;
export type WatchCsvColumn = (typeof WATCH_CSV_COLUMNS)[number];
/** An import file: at most this many characters and data rows. */
export const WATCH_CSV_MAX_CHARS = 300_000;
export const WATCH_CSV_MAX_ROWS = 2000;

/** Whether a notice names something that can be recognised: a serial, an engraving or a model. */
export function noticeHasMark(notice: { serial_no: string; engraving: string; model: string }): boolean {
  return markSkeleton(notice.serial_no) !== '' || markSkeleton(notice.engraving) !== '' || notice.model.trim() !== '';
}
