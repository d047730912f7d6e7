import { readFile } from 'node:fs/promises';
import {
  CATALOG_FILE_KINDS,
  catalogFileName,
  LIST_CODE_PATTERN,
  PRODUCT_NAME_MAX,
} from '@jewel/contract/values/catalog-files';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { brands, brandTypes, categories, materials } from '../../db/schema.ts';
import { parseCsv } from '../../lib/csv.ts';
import { CatalogImportRefusedError, type CatalogProblem, problemsOf } from './catalog-problems.ts';

// What every CSV kind of the catalog import (catalog-import.ts) uses: the files of a directory
// and their order, reading a table, problems in file order, the catalog's lookups, the limits.

/** Every name of the lists: a product's limit (the form's too). */
export const NAME_MAX = PRODUCT_NAME_MAX;
export const LIST_CODE = LIST_CODE_PATTERN;
const FILE_ORDER: readonly string[] = CATALOG_FILE_KINDS.map(catalogFileName);

/** Problems by file, then by line (a row's field count is checked before its values). */
export const inFileOrder = (problems: CatalogProblem[]) =>
  problems.sort((a, b) => FILE_ORDER.indexOf(a.file) - FILE_ORDER.indexOf(b.file) || a.line - b.line);

/** One CSV row and the line it starts on; `value` reads a column by name (empty when absent). */
export interface TableRow {
  line: number;
  value(column: string): string;
  /** Whether the file has the column at all. */
  has(column: string): boolean;
}

/**
 * Parses a CSV file with a header of known columns. A bad header throws at once; a row with the
 * wrong number of fields goes to `problems` and is left out.
 */
export function readTable(
  file: string,
  text: string,
  known: readonly string[],
  required: readonly string[],
  problems: CatalogProblem[],
): TableRow[] {
  let records: ReturnType<typeof parseCsv>;
  try {
    records = parseCsv(text);
  } catch (error) {
    const line = Number(/line (\d+)/.exec(String(error))?.[1] ?? 1);
    throw new CatalogImportRefusedError([{ file, line, reason: 'quoteNotClosed' }]);
  }
  const [header, ...rows] = records;
  if (!header) throw new CatalogImportRefusedError([{ file, line: 1, reason: 'fileEmpty' }]);
  const headerProblems: CatalogProblem[] = [];
  const problem = problemsOf(file, headerProblems);
  const columns = header.fields.map((name) => name.trim().toLowerCase());
  const knownLower = known.map((name) => name.toLowerCase());
  for (const name of columns) if (!knownLower.includes(name)) problem(header.line, 'unknownColumn', { column: name });
  for (const name of required)
    if (!columns.includes(name.toLowerCase())) problem(header.line, 'missingColumn', { column: name });
  if (rows.length === 0) problem(header.line, 'noRows');
  if (headerProblems.length > 0) throw new CatalogImportRefusedError(headerProblems);
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
    problems.push({ file, line, reason: 'fieldCount', params: { fields: fields.length, columns: columns.length } });
    return [];
  });
}

/**
 * One read after another: `db` is the import's transaction, one connection, and pg sends a query
 * to a connection still running another only through a queue it deprecates (gone in pg@9).
 */
export async function lookups(db: Db) {
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

/** A file's text, or null when there is no such file. */
export async function readOptional(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** The sort after a list's last entry. */
export const nextSort = async (db: Db, column: typeof categories.sort | typeof materials.sort | typeof brands.sort) =>
  ((await db.select({ sort: sql<number>`coalesce(max(${column}), 0)` }).from(column.table))[0]?.sort ?? 0) + 1;
