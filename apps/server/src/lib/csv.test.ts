import { describe, expect, it } from 'vitest';
import { parseCsv } from './csv.ts';

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
