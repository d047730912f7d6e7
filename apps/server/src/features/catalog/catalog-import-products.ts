import {
  CATALOG_COLUMNS,
  CATALOG_REQUIRED,
  catalogFileName,
  PRODUCT_CODE_MAX,
} from '@jewel/contract/values/catalog-files';
import { REPLENISH_STATUS } from '@jewel/contract/values/dictionary';
import { type I18nText, LANGS, type Lang } from '@jewel/contract/values/i18n';
import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products } from '../../db/schema.ts';
import { inFileOrder, lookups, NAME_MAX, readTable } from './catalog-import-shared.ts';
import { CatalogImportRefusedError, type CatalogProblem, problemsOf } from './catalog-problems.ts';

// `products.csv`, or a products file given alone: its columns are described in catalog-import.ts.

const nameColumn = (lang: Lang) => `name_${lang}`;
const FILE = catalogFileName('products');
/** An in-app path (never another site's address, nor `//host`), without spaces or quotes. */
const IMAGE_PATH = /^\/(?!\/)[\w\-./~%]{1,250}$/;
/** Rows per insert statement, well under PostgreSQL's 65,535 parameters. */
const INSERT_CHUNK = 1000;
const STATUSES = new Set<string>(Object.values(REPLENISH_STATUS).map(String));

interface ProductRow {
  brandId: number;
  typeId: number | null;
  categoryId: number;
  materialId: number | null;
  name: string;
  /** The names in the languages whose columns the file has (empty: none in that language). */
  names: Partial<I18nText>;
  /** Languages without a column: an update keeps the product's names in them. */
  keptLangs: Lang[];
  code: string;
  /** Undefined without an `image` column: an update keeps the picture. */
  image: string | undefined;
  replenishStatus: number;
}

/** Checks every row; answers the products to write, or throws every problem found. */
export async function checkProducts(db: Db, text: string): Promise<ProductRow[]> {
  const problems: CatalogProblem[] = [];
  const problem = problemsOf(FILE, problems);
  const rows = readTable(FILE, text, CATALOG_COLUMNS.products, CATALOG_REQUIRED.products, problems);
  const known = await lookups(db);
  const seen = new Map<string, number>();
  const products: ProductRow[] = [];
  for (const { line, value, has } of rows) {
    const before = problems.length;
    const brandId = known.brand.get(value('brand').toLowerCase());
    if (brandId === undefined) problem(line, 'unknownBrand', { brand: value('brand') });
    const typeName = value('type');
    const typeId = typeName && brandId !== undefined ? known.type.get(`${brandId}/${typeName.toLowerCase()}`) : null;
    if (typeId === undefined) problem(line, 'unknownType', { type: typeName, brand: value('brand') });
    const categoryId = known.category.get(value('category'));
    if (categoryId === undefined) problem(line, 'unknownCategory', { code: value('category') });
    const materialCode = value('material');
    const materialId = materialCode ? known.material.get(materialCode) : null;
    if (materialId === undefined) problem(line, 'unknownMaterial', { code: materialCode });
    const name = value('name');
    if (!name || name.length > NAME_MAX) problem(line, 'productName', { max: NAME_MAX });
    const names = Object.fromEntries(
      LANGS.map((lang) => [lang, value(nameColumn(lang))]).filter(([, text]) => text),
    ) as Partial<I18nText>;
    for (const lang of LANGS)
      if ((names[lang]?.length ?? 0) > NAME_MAX)
        problem(line, 'langNameTooLong', { column: nameColumn(lang), max: NAME_MAX });
    const image = has('image') ? value('image') : undefined;
    if (image && !IMAGE_PATH.test(image)) problem(line, 'imagePath', { value: image });
    const code = value('code');
    if (code.length > PRODUCT_CODE_MAX) problem(line, 'codeTooLong', { max: PRODUCT_CODE_MAX });
    const status = value('replenish_status') || '0';
    if (!STATUSES.has(status)) problem(line, 'replenishStatus', { value: status });
    if (code && brandId !== undefined) {
      const key = `${brandId}/${code}`;
      const earlier = seen.get(key);
      if (earlier !== undefined) problem(line, 'sameBrandCode', { line: earlier });
      else seen.set(key, line);
    }
    if (problems.length > before || brandId === undefined || categoryId === undefined) continue;
    products.push({
      brandId,
      typeId: typeId ?? null,
      categoryId,
      materialId: materialId ?? null,
      name,
      names,
      keptLangs: LANGS.filter((lang) => !has(nameColumn(lang))),
      code,
      image,
      replenishStatus: Number(status),
    });
  }
  if (problems.length > 0) throw new CatalogImportRefusedError(inFileOrder(problems));
  return products;
}

/** Updates the products the file names by brand and code, inserts the others; answers how many it added. */
export async function writeProducts(tx: Db, rows: ProductRow[]) {
  // One read of the file's brands' coded products, then one insert for all the new rows.
  const brandIds = [...new Set(rows.map((row) => row.brandId))];
  const coded = await tx
    .select({ id: products.id, brandId: products.brandId, code: products.code, names: products.names })
    .from(products)
    .where(and(inArray(products.brandId, brandIds), ne(products.code, '')));
  const existing = new Map(coded.map((row) => [`${row.brandId}/${row.code}`, row]));
  const added: (typeof products.$inferInsert)[] = [];
  for (const { keptLangs, names, image, ...row } of rows) {
    const known = row.code ? existing.get(`${row.brandId}/${row.code}`) : undefined;
    if (known === undefined) {
      added.push({ ...row, names, image: image ?? '' });
      continue;
    }
    // A file without a language's column (or without `image`) leaves what the product had.
    const kept = Object.fromEntries(
      keptLangs.flatMap((lang) => (known.names[lang] ? [[lang, known.names[lang]]] : [])),
    );
    await tx
      .update(products)
      .set({ ...row, names: { ...kept, ...names }, ...(image === undefined ? {} : { image }) })
      .where(eq(products.id, known.id));
  }
  for (let start = 0; start < added.length; start += INSERT_CHUNK)
    await tx.insert(products).values(added.slice(start, start + INSERT_CHUNK));
  return added.length;
}
