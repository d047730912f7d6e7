/** One CSV record and the line of the file it starts on (1-based). */
export interface CsvRecord {
  line: number;
  fields: string[];
}

/**
 * RFC 4180 CSV: commas, double-quoted fields that may hold commas, quotes ("") and line breaks,
 * CRLF or LF; a UTF-8 byte order mark is ignored. Empty lines are skipped. Throws with the line
 * number when a quoted field never closes.
 */
export function parseCsv(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  const source = text.replace(/^\uFEFF/, '');
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let quoteLine = 1;

  const endRecord = () => {
    fields.push(field);
    if (fields.length > 1 || fields[0] !== '') records.push({ line: recordLine, fields });
    fields = [];
    field = '';
  };

  for (let i = 0; i < source.length; i++) {
    const char = source[i];
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') {
        quoted = false;
      } else {
        if (char === '\n') line++;
        field += char;
      }
    } else if (char === '"' && field === '') {
      quoted = true;
      quoteLine = line;
    } else if (char === ',') {
      fields.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[i + 1] === '\n') i++;
      endRecord();
      line++;
      recordLine = line;
    } else {
      field += char;
    }
  }
  if (quoted) throw new Error(`line ${quoteLine}: a quoted field is not closed`);
  if (field !== '' || fields.length > 0) endRecord();
  return records;
}

/** What a spreadsheet would run as a formula when a cell starts with it (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell as written: a cell a spreadsheet would read as a formula gets a leading apostrophe
 * (shown by none of them, and it keeps `=HYPERLINK(…)` text); commas, quotes and line breaks are
 * quoted (RFC 4180).
 */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/**
 * RFC 4180 CSV with CRLF line ends and a UTF-8 byte order mark, so that Excel opens Chinese and
 * Japanese text as UTF-8 rather than the machine's code page. `parseCsv` reads it back (the
 * apostrophe of a formula-like cell stays).
 */
export function writeCsv(rows: readonly (readonly string[])[]): string {
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
