import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { REPLENISH_STATUS } from '@jewel/contract/values/dictionary';
import { type I18nText, LANGS, type Lang } from '@jewel/contract/values/i18n';
import { MAX_SHOTS_PER_CATEGORY, PHOTO_OUTLINES, PHOTO_SHOT_CODE } from '@jewel/contract/values/photo-guide';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { brands, brandTypes, categories, materials, photoGuideShots, products } from '../../db/schema.ts';
import { publishCatalogChange } from '../../domain/live-events.ts';
import { parseCsv } from '../../lib/csv.ts';
import { type ImportProblem, ImportRefusedError } from '../../lib/import-refused.ts';

/**
 * Operator import of catalog products (PRODUCT.md "Operations") from a CSV file with a header:
 *
 *   brand,type,category,material,name,code,replenish_status
 *   Cartier,Love,bracelet,gold_18k,"Love bracelet, 18K yellow gold",B6035517,1
 *
 * `brand` is a brand's name and `type` one of its lines (optional); `category` and `material`
 * (optional) are codes; `replenish_status` is 0, 1 or 2 (empty: 0). A product with the same brand
 * and code is updated, any other is added. Optional columns: `name_zh-Hans`, `name_zh-Hant`,
 * `name_en`, `name_ja` (the name in that language; `name` is shown where one is empty) and
 * `image` (an in-app path of its picture, `/products/ring.svg`).
 *
 * A directory instead of a file holds `products.csv` and, optionally, the lists the products
 * refer to, each added in file order after the existing entries (a known code or name is renamed
 * or kept):
 *
 *   categories.csv   code,zh-Hans,zh-Hant,en,ja[,id_check_any_price][,precious]
 *   materials.csv    code,zh-Hans,zh-Hant,en,ja,purity[,id_check_any_price][,precious]
 *                    (purity: fine-metal share, 0.75 for 18K; empty for non-metals.
 *                    id_check_any_price: 1 when the seller's identity is checked whatever the price,
 *                    古物営業法施行規則 §16's goods or the shop's policy; 0 or empty otherwise; a file
 *                    without the column keeps each entry's flag.
 *                    precious: 1 for a precious metal or stone of 犯罪収益移転防止法 (施行令 §4) or goods of
 *                    them: cash above AML_CASH_THRESHOLD needs the verification at transaction; kept the
 *                    same way)
 *   brands.csv       brand,type                            (one row per line of a brand; type may be empty)
 *   photo-guides.csv category,shot,zh-Hans,zh-Hant,en,ja,outline
 *                    (the photo guide: a category's shots in file order; a category in the file gets
 *                    exactly the file's list, one not in it keeps its own; `outline` is one of the
 *                    contract's PHOTO_OUTLINES)
 *
 * A file named `photo-guides.csv` given alone imports just the photo guide.
 *
 * Every row is checked first; one bad row refuses the whole import, and everything is then
 * written in one transaction.
 */
const nameColumn = (lang: Lang) => `name_${lang}`;
const COLUMNS = [
  'brand',
  'type',
  'category',
  'material',
  'name',
  ...LANGS.map(nameColumn),
  'code',
  'replenish_status',
  'image',
] as const;
const REQUIRED = ['brand', 'category', 'name'] as const;
/** An in-app path (never another site's address, nor `//host`), without spaces or quotes. */
const IMAGE_PATH = /^\/(?!\/)[\w\-./~%]{1,250}$/;
const NAME_MAX = 200;
const CODE_MAX = 60;
/** Rows per insert statement, well under PostgreSQL's 65,535 parameters. */
const INSERT_CHUNK = 1000;
const STATUSES = new Set<string>(Object.values(REPLENISH_STATUS).map(String));
const LIST_CODE = /^[a-z0-9][a-z0-9_-]{0,59}$/;
const NAMED_COLUMNS = ['code', ...LANGS] as const;
/** Optional yes/no columns of categories.csv and materials.csv. */
const FLAG_COLUMNS = ['id_check_any_price', 'precious'] as const;
const FLAG_VALUES: Record<string, boolean> = { '': false, '0': false, '1': true };
/** A directory's files, in the order they are checked and written. */
export const CATALOG_FILES = {
  categories: 'categories.csv',
  materials: 'materials.csv',
  brands: 'brands.csv',
  photoGuides: 'photo-guides.csv',
  products: 'products.csv',
} as const;
const FILE_ORDER: readonly string[] = Object.values(CATALOG_FILES);

/** Problems by file, then by line (a row's field count is checked before its values). */
const inFileOrder = (problems: ImportProblem[]) =>
  problems.sort((a, b) => FILE_ORDER.indexOf(a.file) - FILE_ORDER.indexOf(b.file) || a.line - b.line);

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

interface NamedEntry {
  code: string;
  name: I18nText;
  purity: number | null;
  /** Undefined without its column: an existing entry keeps its flag. */
  idCheckAnyPrice: boolean | undefined;
  /**
   * `precious`: a precious metal or stone of 犯罪収益移転防止法 (施行令 §4), or goods of them (bullion,
   * loose gems): cash above the threshold needs the verification at transaction. Distinct from
   * `id_check_any_price`. Undefined without its column: an existing entry keeps its flag.
   */
  precious: boolean | undefined;
}

interface GuideShot {
  line: number;
  category: string;
  code: string;
  name: I18nText;
  outline: string;
}

interface Lists {
  categories: NamedEntry[];
  materials: NamedEntry[];
  brands: { name: string; types: string[] }[];
  /** The photo guide's rows, checked but for their category (which the same import may add). */
  photoGuides: GuideShot[];
}

const OUTLINES: ReadonlySet<string> = new Set(PHOTO_OUTLINES);
const GUIDE_COLUMNS = ['category', 'shot', ...LANGS, 'outline'] as const;

/** One CSV row and the line it starts on; `value` reads a column by name (empty when absent). */
interface TableRow {
  line: number;
  value(column: string): string;
  /** Whether the file has the column at all. */
  has(column: string): boolean;
}

/**
 * Parses a CSV file with a header of known columns. A bad header throws at once; a row with the
 * wrong number of fields goes to `problems` and is left out.
 */
function readTable(
  file: string,
  text: string,
  known: readonly string[],
  required: readonly string[],
  problems: ImportProblem[],
): TableRow[] {
  let records: ReturnType<typeof parseCsv>;
  try {
    records = parseCsv(text);
  } catch (error) {
    throw new ImportRefusedError([
      { file, line: Number(/line (\d+)/.exec(String(error))?.[1] ?? 1), message: (error as Error).message },
    ]);
  }
  const [header, ...rows] = records;
  if (!header) throw new ImportRefusedError([{ file, line: 1, message: 'the file is empty' }]);
  const headerProblems: ImportProblem[] = [];
  const problem = (line: number, message: string) => headerProblems.push({ file, line, message });
  const columns = header.fields.map((name) => name.trim().toLowerCase());
  const knownLower = known.map((name) => name.toLowerCase());
  for (const name of columns) if (!knownLower.includes(name)) problem(header.line, `unknown column "${name}"`);
  for (const name of required)
    if (!columns.includes(name.toLowerCase())) problem(header.line, `missing column "${name}"`);
  if (rows.length === 0) problem(header.line, 'no rows after the header');
  if (headerProblems.length > 0) throw new ImportRefusedError(headerProblems);
  return rows.flatMap(({ line, fields }) => {
    if (fields.length === columns.length) {
      return [
        {
          line,
          value: (column: string) => (fields[columns.indexOf(column.toLowerCase())] ?? '').trim(),
          has: (column: string) => columns.includes(column.toLowerCase()),
        },
      ];
    }
    problems.push({ file, line, message: `${fields.length} fields where the header has ${columns.length}` });
    return [];
  });
}

/**
 * One read after another: `db` is the import's transaction, one connection, and pg sends a query
 * to a connection still running another only through a queue it deprecates (gone in pg@9).
 */
async function lookups(db: Db) {
  const brandRows = await db.select({ id: brands.id, name: brands.name }).from(brands);
  const typeRows = await db
    .select({ id: brandTypes.id, brandId: brandTypes.brandId, name: brandTypes.name })
    .from(brandTypes);
  const categoryRows = await db.select({ id: categories.id, code: categories.code }).from(categories);
  const materialRows = await db.select({ id: materials.id, code: materials.code }).from(materials);
  return {
    brand: new Map(brandRows.map((row) => [row.name.toLowerCase(), row.id])),
    type: new Map(typeRows.map((row) => [`${row.brandId}/${row.name.toLowerCase()}`, row.id])),
    category: new Map(categoryRows.map((row) => [row.code, row.id])),
    material: new Map(materialRows.map((row) => [row.code, row.id])),
  };
}

/** Checks every row; answers the products to write, or throws every problem found. */
async function checkFile(db: Db, file: string, text: string): Promise<ProductRow[]> {
  const problems: ImportProblem[] = [];
  const problem = (line: number, message: string) => problems.push({ file, line, message });
  const rows = readTable(file, text, COLUMNS, REQUIRED, problems);
  const known = await lookups(db);
  const seen = new Map<string, number>();
  const products: ProductRow[] = [];
  for (const { line, value, has } of rows) {
    const before = problems.length;
    const brandId = known.brand.get(value('brand').toLowerCase());
    if (brandId === undefined) problem(line, `unknown brand "${value('brand')}"`);
    const typeName = value('type');
    const typeId = typeName && brandId !== undefined ? known.type.get(`${brandId}/${typeName.toLowerCase()}`) : null;
    if (typeId === undefined) problem(line, `"${typeName}" is not a line of ${value('brand')}`);
    const categoryId = known.category.get(value('category'));
    if (categoryId === undefined) problem(line, `unknown category code "${value('category')}"`);
    const materialCode = value('material');
    const materialId = materialCode ? known.material.get(materialCode) : null;
    if (materialId === undefined) problem(line, `unknown material code "${materialCode}"`);
    const name = value('name');
    if (!name || name.length > NAME_MAX) problem(line, `the name needs 1 to ${NAME_MAX} characters`);
    const names = Object.fromEntries(
      LANGS.map((lang) => [lang, value(nameColumn(lang))]).filter(([, text]) => text),
    ) as Partial<I18nText>;
    for (const lang of LANGS)
      if ((names[lang]?.length ?? 0) > NAME_MAX)
        problem(line, `${nameColumn(lang)} has more than ${NAME_MAX} characters`);
    const image = has('image') ? value('image') : undefined;
    if (image && !IMAGE_PATH.test(image))
      problem(line, `the image is a path in the app, such as /products/ring.svg, not "${image}"`);
    const code = value('code');
    if (code.length > CODE_MAX) problem(line, `the code has more than ${CODE_MAX} characters`);
    const status = value('replenish_status') || '0';
    if (!STATUSES.has(status)) problem(line, `replenish_status is 0, 1 or 2, not "${status}"`);
    if (code && brandId !== undefined) {
      const key = `${brandId}/${code}`;
      const earlier = seen.get(key);
      if (earlier !== undefined) problem(line, `the same brand and code as line ${earlier}`);
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
  if (problems.length > 0) throw new ImportRefusedError(inFileOrder(problems));
  return products;
}

/** `categories.csv` or `materials.csv` (with purity): a code and a name in each language a row. */
function checkNamedList(file: string, text: string, withPurity: boolean, problems: ImportProblem[]): NamedEntry[] {
  const columns = [...NAMED_COLUMNS, ...(withPurity ? ['purity'] : []), ...FLAG_COLUMNS];
  const problem = (line: number, message: string) => problems.push({ file, line, message });
  const seen = new Set<string>();
  return readTable(file, text, columns, NAMED_COLUMNS, problems).flatMap(({ line, value, has }) => {
    const before = problems.length;
    const code = value('code');
    if (!LIST_CODE.test(code)) problem(line, `the code needs 1 to 60 lower-case letters, digits, _ or -: "${code}"`);
    else if (seen.has(code)) problem(line, `"${code}" is listed twice`);
    seen.add(code);
    const missing = LANGS.filter((lang) => !value(lang));
    if (missing.length > 0) problem(line, `the name is missing in ${missing.join(', ')}`);
    if (LANGS.some((lang) => value(lang).length > NAME_MAX))
      problem(line, `a name has more than ${NAME_MAX} characters`);
    const purityText = withPurity ? value('purity') : '';
    const purity = purityText ? Number(purityText) : null;
    if (purity !== null && !(purity > 0 && purity <= 1))
      problem(line, `purity is a share above 0 and at most 1 (0.75 for 18K), not "${purityText}"`);
    const anyPrice = has('id_check_any_price') ? FLAG_VALUES[value('id_check_any_price')] : undefined;
    if (has('id_check_any_price') && anyPrice === undefined)
      problem(line, `id_check_any_price is 1, 0 or empty, not "${value('id_check_any_price')}"`);
    const precious = has('precious') ? FLAG_VALUES[value('precious')] : undefined;
    if (has('precious') && precious === undefined)
      problem(line, `precious is 1, 0 or empty, not "${value('precious')}"`);
    if (problems.length > before) return [];
    const name = Object.fromEntries(LANGS.map((lang) => [lang, value(lang)])) as I18nText;
    return [{ code, name, purity, idCheckAnyPrice: anyPrice, precious }];
  });
}

/** `brands.csv`: one row per line of a brand (or a brand alone), grouped by brand in file order. */
function checkBrandList(file: string, text: string, problems: ImportProblem[]): Lists['brands'] {
  const problem = (line: number, message: string) => problems.push({ file, line, message });
  const found = new Map<string, { name: string; types: string[] }>();
  for (const { line, value } of readTable(file, text, ['brand', 'type'], ['brand'], problems)) {
    const name = value('brand');
    const type = value('type');
    if (!name || name.length > NAME_MAX || type.length > NAME_MAX)
      problem(line, `the brand needs 1 to ${NAME_MAX} characters, the type at most ${NAME_MAX}`);
    const brand = found.get(name.toLowerCase()) ?? { name, types: [] };
    if (type && brand.types.some((other) => other.toLowerCase() === type.toLowerCase()))
      problem(line, `"${type}" of ${name} is listed twice`);
    else if (type) brand.types.push(type);
    if (name) found.set(name.toLowerCase(), brand);
  }
  return [...found.values()];
}

/** `photo-guides.csv`: one row per shot, a category's shots in file order. */
function checkPhotoGuides(file: string, text: string, problems: ImportProblem[]): GuideShot[] {
  const problem = (line: number, message: string) => problems.push({ file, line, message });
  const seen = new Map<string, number>();
  const perCategory = new Map<string, number>();
  return readTable(file, text, GUIDE_COLUMNS, GUIDE_COLUMNS, problems).flatMap(({ line, value }) => {
    const before = problems.length;
    const category = value('category');
    const code = value('shot');
    if (!LIST_CODE.test(category)) problem(line, `the category is a category code, not "${category}"`);
    if (!PHOTO_SHOT_CODE.test(code))
      problem(line, `the shot needs 1 to 40 lower-case letters, digits, _ or -: "${code}"`);
    const earlier = seen.get(`${category}/${code}`);
    if (earlier !== undefined) problem(line, `shot "${code}" of ${category} is already on line ${earlier}`);
    else seen.set(`${category}/${code}`, line);
    const shots = (perCategory.get(category) ?? 0) + 1;
    perCategory.set(category, shots);
    if (shots === MAX_SHOTS_PER_CATEGORY + 1)
      problem(line, `${category} has more than ${MAX_SHOTS_PER_CATEGORY} shots`);
    const missing = LANGS.filter((lang) => !value(lang));
    if (missing.length > 0) problem(line, `the name is missing in ${missing.join(', ')}`);
    if (LANGS.some((lang) => value(lang).length > NAME_MAX))
      problem(line, `a name has more than ${NAME_MAX} characters`);
    const outline = value('outline');
    if (!OUTLINES.has(outline)) problem(line, `unknown outline "${outline}" (one of: ${PHOTO_OUTLINES.join(', ')})`);
    if (problems.length > before) return [];
    const name = Object.fromEntries(LANGS.map((lang) => [lang, value(lang)])) as I18nText;
    return [{ line, category, code, name, outline }];
  });
}

/** Replaces the shot list of every category the file names; an unknown category refuses it all. */
async function writePhotoGuides(db: Db, shots: GuideShot[]) {
  if (shots.length === 0) return 0;
  const known = await lookups(db);
  const problems = shots
    .filter((shot) => !known.category.has(shot.category))
    .map((shot) => ({
      file: CATALOG_FILES.photoGuides,
      line: shot.line,
      message: `unknown category code "${shot.category}"`,
    }));
  if (problems.length > 0) throw new ImportRefusedError(problems);
  const categoryIds = [...new Set(shots.map((shot) => known.category.get(shot.category) as number))];
  await db.delete(photoGuideShots).where(inArray(photoGuideShots.categoryId, categoryIds));
  await db.insert(photoGuideShots).values(
    shots.map((shot, index) => ({
      categoryId: known.category.get(shot.category) as number,
      code: shot.code,
      name: shot.name,
      outline: shot.outline,
      sort: index + 1,
    })),
  );
  return categoryIds.length;
}

async function readOptional(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** The optional list files of an import directory, checked; problems go to `problems`. */
async function checkLists(dir: string, problems: ImportProblem[]): Promise<Lists> {
  const read = (name: string) => readOptional(path.join(dir, name));
  const [categoryText, materialText, brandText, guideText] = await Promise.all([
    read(CATALOG_FILES.categories),
    read(CATALOG_FILES.materials),
    read(CATALOG_FILES.brands),
    read(CATALOG_FILES.photoGuides),
  ]);
  return {
    categories: categoryText === null ? [] : checkNamedList(CATALOG_FILES.categories, categoryText, false, problems),
    materials: materialText === null ? [] : checkNamedList(CATALOG_FILES.materials, materialText, true, problems),
    brands: brandText === null ? [] : checkBrandList(CATALOG_FILES.brands, brandText, problems),
    photoGuides: guideText === null ? [] : checkPhotoGuides(CATALOG_FILES.photoGuides, guideText, problems),
  };
}

const nextSort = async (db: Db, column: typeof categories.sort | typeof materials.sort | typeof brands.sort) =>
  ((await db.select({ sort: sql<number>`coalesce(max(${column}), 0)` }).from(column.table))[0]?.sort ?? 0) + 1;

/** A file with the flag's column sets it on the known entries too; one without keeps theirs. */
const keptFlag = (entries: NamedEntry[]) => ({
  ...(entries.some((entry) => entry.idCheckAnyPrice !== undefined)
    ? { idCheckAnyPrice: sql`excluded.id_check_any_price` }
    : {}),
  ...(entries.some((entry) => entry.precious !== undefined) ? { precious: sql`excluded.precious` } : {}),
});

/** Adds the lists' new entries after the existing ones and renames the known ones. */
async function writeLists(db: Db, lists: Lists) {
  if (lists.categories.length > 0) {
    const first = await nextSort(db, categories.sort);
    await db
      .insert(categories)
      .values(
        lists.categories.map(({ code, name, idCheckAnyPrice, precious }, index) => ({
          code,
          name,
          sort: first + index,
          idCheckAnyPrice: idCheckAnyPrice ?? false,
          precious: precious ?? false,
        })),
      )
      .onConflictDoUpdate({
        target: categories.code,
        set: { name: sql`excluded.name`, ...keptFlag(lists.categories) },
      });
  }
  if (lists.materials.length > 0) {
    const first = await nextSort(db, materials.sort);
    await db
      .insert(materials)
      .values(
        lists.materials.map((entry, index) => ({
          ...entry,
          sort: first + index,
          idCheckAnyPrice: entry.idCheckAnyPrice ?? false,
          precious: entry.precious ?? false,
        })),
      )
      .onConflictDoUpdate({
        target: materials.code,
        set: { name: sql`excluded.name`, purity: sql`excluded.purity`, ...keptFlag(lists.materials) },
      });
  }
  if (lists.brands.length === 0) return;
  const known = await lookups(db);
  const added = lists.brands.filter((brand) => !known.brand.has(brand.name.toLowerCase()));
  if (added.length > 0) {
    const first = await nextSort(db, brands.sort);
    const rows = await db
      .insert(brands)
      .values(added.map((brand, index) => ({ name: brand.name, sort: first + index })))
      .returning({ id: brands.id, name: brands.name });
    for (const row of rows) known.brand.set(row.name.toLowerCase(), row.id);
  }
  const lastSorts = await db
    .select({ brandId: brandTypes.brandId, sort: sql<number>`max(${brandTypes.sort})` })
    .from(brandTypes)
    .groupBy(brandTypes.brandId);
  const lastSort = new Map(lastSorts.map((row) => [row.brandId, row.sort]));
  const types = lists.brands.flatMap((brand) => {
    const brandId = known.brand.get(brand.name.toLowerCase()) as number;
    const first = (lastSort.get(brandId) ?? 0) + 1;
    return brand.types
      .filter((name) => !known.type.has(`${brandId}/${name.toLowerCase()}`))
      .map((name, index) => ({ brandId, name, sort: first + index }));
  });
  if (types.length > 0) await db.insert(brandTypes).values(types);
}

/** Imports a products CSV file, or a directory of `products.csv` and optional lists (see above), all or nothing. */
export async function importProducts(db: Db, target: string) {
  const problems: ImportProblem[] = [];
  const isDirectory = (await stat(target)).isDirectory();
  if (!isDirectory && path.basename(target) === CATALOG_FILES.photoGuides) return importPhotoGuides(db, target);
  const lists = isDirectory
    ? await checkLists(target, problems)
    : { categories: [], materials: [], brands: [], photoGuides: [] };
  const productsFile = isDirectory ? path.join(target, CATALOG_FILES.products) : target;
  const productsText = await readOptional(productsFile);
  if (productsText === null)
    problems.push({ file: path.basename(productsFile), line: 0, message: 'the file is missing' });
  if (problems.length > 0 || productsText === null) throw new ImportRefusedError(inFileOrder(problems));
  return db.transaction(async (tx) => {
    await writeLists(tx, lists);
    const photoGuides = await writePhotoGuides(tx, lists.photoGuides);
    // Checked after the lists are written, so that products may use them; a refusal rolls them back.
    const rows = await checkFile(tx, path.basename(productsFile), productsText);
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
    // Every instance drops the product answers it keeps (catalog.routes) when this commits.
    await publishCatalogChange(tx);
    const created = added.length;
    return {
      rows: rows.length,
      created,
      updated: rows.length - created,
      categories: lists.categories.length,
      materials: lists.materials.length,
      brands: lists.brands.length,
      photo_guides: photoGuides,
    };
  });
}

/** A `photo-guides.csv` alone: the shot lists of the categories it names, nothing else. */
async function importPhotoGuides(db: Db, file: string) {
  const problems: ImportProblem[] = [];
  const shots = checkPhotoGuides(CATALOG_FILES.photoGuides, await readFile(file, 'utf8'), problems);
  if (problems.length > 0) throw new ImportRefusedError(inFileOrder(problems));
  const photoGuides = await db.transaction(async (tx) => {
    const written = await writePhotoGuides(tx, shots);
    await publishCatalogChange(tx);
    return written;
  });
  return { rows: 0, created: 0, updated: 0, categories: 0, materials: 0, brands: 0, photo_guides: photoGuides };
}
