import { describe, expect, it } from 'vitest';
import { csvCell, parseCsv, writeCsv } from './csv.ts';

describe('parseCsv', () => {
  it('reads quoted fields with commas, quotes and line breaks, and numbers the lines', () => {
    const text = '\uFEFFa,b,c\r\n1,"two, three","say ""hi"""\n\n"multi\nline",x,\nlast,,y';
    expect(parseCsv(text)).toEqual([
      { line: 1, fields: ['a', 'b', 'c'] },
      { line: 2, fields: ['1', 'two, three', 'say "hi"'] },
      { line: 4, fields: ['multi\nline', 'x', ''] },
      { line: 6, fields: ['last', '', 'y'] },
    ]);
  });

  it('refuses a quoted field that never closes, naming its line', () => {
    expect(() => parseCsv('a,b\n1,"open\n2,3')).toThrow(/line 2/);
  });
});

describe('writeCsv', () => {
  it('starts with a byte order mark, ends lines with CRLF and reads back', () => {
    const rows = [
      ['名前', 'note'],
      ['张, 女士', 'say "hi"\nagain'],
    ];
    const text = writeCsv(rows);
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text).toContain('\r\n');
    expect(parseCsv(text).map((record) => record.fields)).toEqual(rows);
  });

  it('keeps a spreadsheet from reading a cell as a formula', () => {
    expect(['=1+1', '+81 3', '-2', '@SUM(A1)', '\tx'].map(csvCell)).toEqual([
      "'=1+1",
      "'+81 3",
      "'-2",
      "'@SUM(A1)",
      "'\tx",
    ]);
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell('plain')).toBe('plain');
  });
});
