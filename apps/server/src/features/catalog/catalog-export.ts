import { ALIAS_SEPARATOR, CATALOG_COLUMNS, type CatalogFileKind } from '@jewel/contract/values/catalog-files';
import { type I18nText, LANGS } from '@jewel/contract/values/i18n';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { brands, brandTypes, categories, materials, photoGuideShots, products } from '../../db/schema.ts';
import { writeCsv } from '../../lib/csv.ts';

// Each list of the catalog as the CSV file its import reads (catalog-import.ts), the columns of
// CATALOG_COLUMNS in their order: exported, edited in a spreadsheet, imported back. And each
// kind's template: its columns and one example row.

const flag = (value: boolean) => (value ? '1' : '0');
const names = (name: Partial<I18nText>) => LANGS.map((lang) => name[lang] ?? '');

/** One example row a kind (the demo catalog's first), under the columns of CATALOG_COLUMNS. */
const EXAMPLES: Record<CatalogFileKind, string[]> = {
  categories: ['ring', '戒指', '戒指', 'Ring', 'リング', '0', '0'],
  materials: ['gold_18k', '18K金', '18K金', '18K gold', 'K18', '0.75', '1', '1'],
  brands: ['Cartier', 'Love', 'CTR', '卡地亚', '卡地亞', 'Cartier', 'カルティエ'],
  'photo-guides': ['ring', 'top', '正面（俯视）', '正面（俯視）', 'Top view', '正面（真上から）', 'ring-top', ''],
  products: [
    'Cartier',
    'Love',
    'bracelet',
    'gold_18k',
    'Love bracelet, 18K yellow gold',
    'LOVE手镯，18K黄金',
    'LOVE手鐲，18K黃金',
    'Love bracelet, 18K yellow gold',
    'ラブ ブレスレット K18イエローゴールド',
    'B6035517',
    '0',
    '',
  ],
};

async function rowsOf(db: Db, kind: CatalogFileKind): Promise<string[][]> {
  switch (kind) {
    case 'categories':
      return (await db.select().from(categories).orderBy(asc(categories.sort), asc(categories.id))).map((row) => [
        row.code,
        ...names(row.name),
        flag(row.idCheckAnyPrice),
        flag(row.precious),
      ]);
    case 'materials':
      return (await db.select().from(materials).orderBy(asc(materials.sort), asc(materials.id))).map((row) => [
        row.code,
        ...names(row.name),
        row.purity === null ? '' : String(row.purity),
        flag(row.idCheckAnyPrice),
        flag(row.precious),
      ]);
    case 'brands': {
      const rows = await db
        .select({ brand: brands.name, type: brandTypes.name, aliases: brands.aliases, names: brands.names })
        .from(brands)
        .leftJoin(brandTypes, eq(brandTypes.brandId, brands.id))
        .orderBy(asc(brands.sort), asc(brands.id), asc(brandTypes.sort), asc(brandTypes.id));
      // A brand's other names and names by language on its first row, as the import reads them.
      return rows.map((row, index) => {
        const first = rows[index - 1]?.brand !== row.brand;
        return [
          row.brand,
          row.type ?? '',
          first ? row.aliases.join(ALIAS_SEPARATOR) : '',
          ...(first ? names(row.names) : names({})),
        ];
      });
    }
    case 'photo-guides': {
      const rows = await db
        .select({
          category: categories.code,
          code: photoGuideShots.code,
          name: photoGuideShots.name,
          outline: photoGuideShots.outline,
          covers: photoGuideShots.covers,
        })
        .from(photoGuideShots)
        .innerJoin(categories, eq(categories.id, photoGuideShots.categoryId))
        .orderBy(asc(categories.sort), asc(categories.id), asc(photoGuideShots.sort));
      return rows.map((row) => [row.category, row.code, ...names(row.name), row.outline, row.covers ?? '']);
    }
    case 'products': {
      const rows = await db
        .select({
          brand: brands.name,
          type: brandTypes.name,
          category: categories.code,
          material: materials.code,
          name: products.name,
          names: products.names,
          code: products.code,
          replenishStatus: products.replenishStatus,
          image: products.image,
        })
        .from(products)
        .innerJoin(brands, eq(brands.id, products.brandId))
        .leftJoin(brandTypes, eq(brandTypes.id, products.typeId))
        .innerJoin(categories, eq(categories.id, products.categoryId))
        .leftJoin(materials, eq(materials.id, products.materialId))
        .orderBy(asc(brands.sort), asc(products.id));
      return rows.map((row) => [
        row.brand,
        row.type ?? '',
        row.category,
        row.material ?? '',
        row.name,
        ...names(row.names),
        row.code,
        String(row.replenishStatus),
        row.image,
      ]);
    }
  }
}

/** The kind's file: the shop's list, or (template) the columns and one example row. */
export async function catalogCsv(db: Db, kind: CatalogFileKind, template: boolean): Promise<string> {
  const header = [...CATALOG_COLUMNS[kind]];
  return writeCsv([header, ...(template ? [EXAMPLES[kind]] : await rowsOf(db, kind))]);
}
