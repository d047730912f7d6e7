import { brandInputSchema } from '@jewel/contract/catalog-admin';
import { describe, expect, it } from 'vitest';
import { brandChoices, brandLabel } from '../../lib/catalog.ts';
import { aliasesOf, emptyLines, toBrandInput } from './brand-model.ts';

describe('a brand’s form', () => {
  it('reads the other names at commas of any width and 、, each once whatever its case', () => {
    expect(aliasesOf('卡地亚, 卡地亞，カルティエ、VCA, vca ,  ')).toEqual(['卡地亚', '卡地亞', 'カルティエ', 'VCA']);
    expect(aliasesOf('')).toEqual([]);
  });

  it('sends names trimmed (a language without one empty) and drops a new line left empty; an existing line left empty is the form’s to refuse', () => {
    const values = {
      name: '  Boucheron ',
      names: { 'zh-Hans': ' 宝诗龙 ', 'zh-Hant': '', en: '', ja: 'ブシュロン' },
      aliases: 'BCH',
      lines: [
        { id: 3, name: ' Quatre ', retired: true },
        { id: null, name: '   ' },
        { id: null, name: 'Serpent Bohème' },
        { id: 4, name: '' },
      ],
    };
    expect(emptyLines(values)).toEqual([3]);
    const body = toBrandInput({ ...values, lines: values.lines.slice(0, 3) });
    expect(body).toEqual({
      name: 'Boucheron',
      names: { 'zh-Hans': '宝诗龙', 'zh-Hant': '', en: '', ja: 'ブシュロン' },
      aliases: ['BCH'],
      // An existing line says whether it is retired; a new one is in the catalog.
      lines: [
        { id: 3, name: 'Quatre', retired: true },
        { id: null, name: 'Serpent Bohème' },
      ],
    });
    // What the form sends, the contract takes.
    expect(brandInputSchema.safeParse(body).success).toBe(true);
  });
});

describe('a brand as staff reading a language know it', () => {
  const cartier = { name: 'Cartier', names: { 'zh-Hans': '卡地亚', 'zh-Hant': '卡地亞', ja: 'カルティエ' } };
  it('the maker’s name, and the reader’s language’s name beside it in that language’s brackets', () => {
    expect(brandLabel(cartier, 'zh-Hans')).toBe('Cartier（卡地亚）');
    expect(brandLabel(cartier, 'zh-Hant')).toBe('Cartier（卡地亞）');
    expect(brandLabel(cartier, 'ja')).toBe('Cartier（カルティエ）');
    // None in English, or one that is the maker's name: the maker's name alone.
    expect(brandLabel(cartier, 'en')).toBe('Cartier');
    expect(brandLabel({ name: 'Cartier', names: { en: 'Cartier' } }, 'en')).toBe('Cartier');
    expect(brandLabel({ name: 'Chow Tai Fook', names: { en: 'CTF' } }, 'en')).toBe('Chow Tai Fook (CTF)');
  });

  it('a picker finds it by each language’s name and its other names', () => {
    const [choice] = brandChoices([{ id: 1, logo: '', retired: false, aliases: ['CTR'], ...cartier }]);
    expect(choice?.keywords).toEqual(['卡地亚', '卡地亞', 'カルティエ', 'CTR']);
  });
});
