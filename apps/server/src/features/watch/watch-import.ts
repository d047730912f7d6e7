import { isCleanText } from '@jewel/contract/input';
import { WATCH_SOURCES, type WatchSource } from '@jewel/contract/values/buyback';
import { markSkeleton } from '@jewel/contract/values/mark-skeleton';
import {
  noticeHasMark,
  WATCH_CSV_COLUMNS,
  WATCH_CSV_MAX_ROWS,
  WATCH_TEXT_MAX,
  type WatchCsvColumn,
} from '@jewel/contract/values/watch';
import type { WatchImportResult } from '@jewel/contract/watch';
import { AppError } from '../../lib/app-error.ts';
import { parseCsv } from '../../lib/csv.ts';

export interface ImportedNotice {
  line: number;
  source: WatchSource;
  reference: string;
  brand: string;
  model: string;
  serialNo: string;
  serialNorm: string;
  engraving: string;
  engravingNorm: string;
  description: string;
}

type Refused = WatchImportResult['refused'][number];

/**
 * Reads an import file: a header row naming the columns (any order, case and spaces ignored;
 * `source` and at least one of serial_no / engraving / model required, unknown columns refused),
 * then one notice per row. A file that cannot be read as a whole is refused whole; a row that is
 * wrong is listed with its line and why, and the others are kept.
 */
export function readNoticeCsv(text: string): { rows: number; notices: ImportedNotice[]; refused: Refused[] } {
  let records: ReturnType<typeof parseCsv>;
  try {
    records = parseCsv(text);
  } catch (error) {
    const line = Number(/line (\d+)/.exec(String((error as Error).message))?.[1] ?? 1);
    throw new AppError('watchImportUnreadable', { params: { line } });
  }
  const [header, ...data] = records;
  const names = (header?.fields ?? []).map((name) => name.trim().toLowerCase().replace(/\s+/g, '_'));
  const known = new Set<string>(WATCH_CSV_COLUMNS);
  const headerOk =
    header !== undefined &&
    names.every((name) => known.has(name)) &&
    new Set(names).size === names.length &&
    names.includes('source') &&
    ['serial_no', 'engraving', 'model'].some((name) => names.includes(name));
  if (!headerOk) throw new AppError('watchImportHeader', { params: { columns: WATCH_CSV_COLUMNS.join(',') } });
  if (data.length > WATCH_CSV_MAX_ROWS)
    throw new AppError('watchImportTooManyRows', { params: { max: WATCH_CSV_MAX_ROWS } });

  const notices: ImportedNotice[] = [];
  const refused: Refused[] = [];
  for (const record of data) {
    const refuse = (reason: Refused['reason'], column: string | null = null) =>
      refused.push({ line: record.line, reason, column });
    if (record.fields.length !== names.length) {
      refuse('columns');
      continue;
    }
    const value = (column: WatchCsvColumn) => {
      const index = names.indexOf(column);
      return index === -1 ? '' : (record.fields[index] ?? '').trim();
    };
    const dirty = WATCH_CSV_COLUMNS.find((column) => !isCleanText(value(column)));
    if (dirty) {
      refuse('text', dirty);
      continue;
    }
    const source = value('source').toLowerCase();
    if (!(WATCH_SOURCES as readonly string[]).includes(source)) {
      refuse('source', 'source');
      continue;
    }
    const long = (Object.keys(WATCH_TEXT_MAX) as (keyof typeof WATCH_TEXT_MAX)[]).find(
      (column) => value(column).length > WATCH_TEXT_MAX[column],
    );
    if (long) {
      refuse('tooLong', long);
      continue;
    }
    const fields = { serial_no: value('serial_no'), engraving: value('engraving'), model: value('model') };
    if (!noticeHasMark(fields)) {
      refuse('empty');
      continue;
    }
    notices.push({
      line: record.line,
      source: source as WatchSource,
      reference: value('reference'),
      brand: value('brand'),
      model: fields.model,
      serialNo: fields.serial_no,
      serialNorm: markSkeleton(fields.serial_no),
      engraving: fields.engraving,
      engravingNorm: markSkeleton(fields.engraving),
      description: value('description'),
    });
  }
  return { rows: data.length, notices, refused };
}
