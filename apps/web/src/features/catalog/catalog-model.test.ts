import { describe, expect, it } from 'vitest';
import { bytesOf, type ChosenFile, kindOfFileName, withFiles } from './catalog-model.ts';

// Which list a chosen file holds is read from its name, as the CLI reads a directory's files
// (features/catalog/catalog-import.ts on the server), plus the names a browser gives a download.
describe('kindOfFileName', () => {
  it.each([
    ['products.csv', 'products'],
    ['Products.CSV', 'products'],
    ['photo-guides.csv', 'photo-guides'],
    ['photo-guides-template.csv', 'photo-guides'],
    ['brands (1).csv', 'brands'],
    ['categories(2).csv', 'categories'],
    ['materials-template (3).csv', 'materials'],
  ])('%s holds %s', (name, kind) => {
    expect(kindOfFileName(name)).toBe(kind);
  });

  it.each(['workflows.csv', 'products.xlsx', 'my products.csv', 'products.csv.txt', '.csv', 'template.csv'])(
    '%s is no catalog file',
    (name) => {
      expect(kindOfFileName(name)).toBeNull();
    },
  );
});

const file = (kind: ChosenFile['kind'], name: string, text = 'x'): ChosenFile => ({ kind, name, text });

describe('withFiles', () => {
  it('keeps one file a list, the last chosen, in the order the import writes them', () => {
    const first = withFiles([], [file('products', 'products.csv'), file('brands', 'brands.csv')]);
    expect(first.map((each) => each.name)).toEqual(['brands.csv', 'products.csv']);
    const again = withFiles(first, [file('products', 'products (1).csv'), file('categories', 'categories.csv')]);
    expect(again.map((each) => each.name)).toEqual(['categories.csv', 'brands.csv', 'products (1).csv']);
  });

  it('counts what is sent in UTF-8 bytes, as the server’s request limit does', () => {
    expect(bytesOf([file('brands', 'brands.csv', 'brand\nカルティエ\n'), file('products', 'p.csv', 'ab')])).toBe(
      6 + 15 + 1 + 2,
    );
  });
});
