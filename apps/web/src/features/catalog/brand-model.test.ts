import { brandInputSchema } from '@jewel/contract/catalog-admin';
import { describe, expect, it } from 'vitest';
import { aliasesOf, emptyLines, toBrandInput } from './brand-model.ts';

describe('a brand’s form', () => {
  it('reads the other names at commas of any width and 、, each once whatever its case', () => {
    expect(aliasesOf('卡地亚, 卡地亞，カルティエ、VCA, vca ,  ')).toEqual(['卡地亚', '卡地亞', 'カルティエ', 'VCA']);
    expect(aliasesOf('')).toEqual([]);
  });

  it('sends names trimmed and drops a new line left empty; an existing line left empty is the form’s to refuse', () => {
    const values = {
      name: '  Boucheron ',
      aliases: 'ブシュロン',
      lines: [
        { id: 3, name: ' Quatre ' },
        { id: null, name: '   ' },
        { id: null, name: 'Serpent Bohème' },
        { id: 4, name: '' },
      ],
    };
    expect(emptyLines(values)).toEqual([3]);
    const body = toBrandInput({ ...values, lines: values.lines.slice(0, 3) });
    expect(body).toEqual({
      name: 'Boucheron',
      aliases: ['ブシュロン'],
      lines: [
        { id: 3, name: 'Quatre' },
        { id: null, name: 'Serpent Bohème' },
      ],
    });
    // What the form sends, the contract takes.
    expect(brandInputSchema.safeParse(body).success).toBe(true);
  });
});
