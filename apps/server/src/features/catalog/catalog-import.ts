import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { REPLENISH_STATUS } from '@jewel/contract/values/dictionary';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { brands, brandTypes, categories, materials, products } from '../../db/schema.ts';
import { parseCsv } from '../../lib/csv.ts';
import { type ImportProblem, ImportRefusedError } from '../../lib/import-refused.ts';

/**
 * Operator import of catalog products (PRODUCT.md "Operations") from a CSV file with a header:
 *
 *   brand,type,category,material,name,code,replenish_status
 *   Cartier,Love,bracelet,gold_750,"Love bracelet, 18K yellow gold",B6035517,1
 *
 * `brand` is a brand's name and `type` one of its lines (optional); `category` and `material`
 * (optional) are codes; `replenish_status` is 0, 1 or 2 (empty: 0). A product with the same brand
 * and code is updated, any other is added. Every row is checked first; one bad row refuses the
 * whole file, and the rows are then written in one transaction.
 */
const COLUMNS = ['brand', 'type', 'category', 'material', 'name', 'code', 'replenish_status'] as const;
const REQUIRED: readonly Column[] = ['brand', 'category', 'name'];
type Column = (typeof COLUMNS)[number];
const NAME_MAX = 200;
const CODE_MAX = 60;
const STATUSES = new Set<string>(Object.values(REPLENISH_STATUS).map(String));

interface ProductRow {
  brandId: number;
  typeId: number | null;
  categoryId: number;
  materialId: number | null;
  name: string;
  code: string;
  replenishStatus: number;
}

async function lookups(db: Db) {
  const [brandRows, typeRows, categoryRows, materialRows] = await Promise.all([
    db.select({ id: brands.id, name: brands.name }).from(brands),
    db.select({ id: brandTypes.id, brandId: brandTypes.brandId, name: brandTypes.name }).from(brandTypes),
    db.select({ id: categories.id, code: categories.code }).from(categories),
    db.select({ id: materials.id, code: materials.code }).from(materials),
  ]);
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
  const columns = header.fields.map((name) => name.trim().toLowerCase());
  for (const name of columns) if (!COLUMNS.includes(name as Column)) problem(header.line, `unknown column "${name}"`);
  for (const name of REQUIRED) if (!columns.includes(name)) problem(header.line, `missing column "${name}"`);
  if (rows.length === 0) problem(header.line, 'no products after the header');
  if (problems.length > 0) throw new ImportRefusedError(problems);

  const known = await lookups(db);
  const seen = new Map<string, number>();
  const products: ProductRow[] = [];
  for (const { line, fields } of rows) {
    if (fields.length !== columns.length) {
      problem(line, `${fields.length} fields where the header has ${columns.length}`);
      continue;
    }
    const value = (column: Column) => (fields[columns.indexOf(column)] ?? '').trim();
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
      code,
      replenishStatus: Number(status),
    });
  }
  if (problems.length > 0) throw new ImportRefusedError(problems);
  return products;
}

export async function importProducts(db: Db, filePath: string) {
  const rows = await checkFile(db, path.basename(filePath), await readFile(filePath, 'utf8'));
  return db.transaction(async (tx) => {
    let created = 0;
    for (const row of rows) {
      const [existing] = row.code
        ? await tx
            .select({ id: products.id })
            .from(products)
            .where(and(eq(products.brandId, row.brandId), eq(products.code, row.code)))
        : [];
      if (existing) await tx.update(products).set(row).where(eq(products.id, existing.id));
      else {
        await tx.insert(products).values(row);
        created++;
      }
    }
    return { rows: rows.length, created, updated: rows.length - created };
  });
}
