import {
  ALIAS_SEPARATOR,
  CATALOG_COLUMNS,
  CATALOG_REQUIRED,
  catalogFileName,
} from '@jewel/contract/values/catalog-files';
import { type I18nText, LANGS } from '@jewel/contract/values/i18n';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { brands, brandTypes } from '../../db/schema.ts';
import { lookups, NAME_MAX, nextSort, readTable } from './catalog-import-shared.ts';
import { type CatalogProblem, problemsOf } from './catalog-problems.ts';

// `brands.csv`: one row per line of a brand, or a brand alone (see catalog-import.ts).

/** A brand and its lines, in file order. */
export interface BrandEntry {
  name: string;
  types: string[];
  /** Its other names, from every row of it; undefined without the column: a known brand keeps its own. */
  aliases: string[] | undefined;
  /**
   * Its name in each language (`name_<lang>`), the first row's that gives one; undefined without
   * those columns: a known brand keeps its own.
   */
  names: Partial<I18nText> | undefined;
}

/** `brands.csv`: one row per line of a brand (or a brand alone), grouped by brand in file order. */
export function checkBrandList(text: string, problems: CatalogProblem[]): BrandEntry[] {
  const file = catalogFileName('brands');
  const problem = problemsOf(file, problems);
  const found = new Map<string, BrandEntry>();
  for (const { line, value, has } of readTable(file, text, CATALOG_COLUMNS.brands, CATALOG_REQUIRED.brands, problems)) {
    const name = value('brand');
    const type = value('type');
    if (!name || name.length > NAME_MAX || type.length > NAME_MAX) problem(line, 'brandName', { max: NAME_MAX });
    const brand = found.get(name.toLowerCase()) ?? {
      name,
      types: [],
      aliases: has('aliases') ? [] : undefined,
      names: LANGS.some((lang) => has(`name_${lang}`)) ? {} : undefined,
    };
    for (const lang of LANGS) {
      const local = value(`name_${lang}`);
      if (local.length > NAME_MAX) problem(line, 'nameTooLong', { max: NAME_MAX });
      else if (local && brand.names && !brand.names[lang]) brand.names[lang] = local;
    }
    for (const alias of value('aliases')
      .split(ALIAS_SEPARATOR)
      .map((each) => each.trim())
      .filter(Boolean)) {
      if (alias.length > NAME_MAX) problem(line, 'nameTooLong', { max: NAME_MAX });
      else if (!brand.aliases?.includes(alias)) brand.aliases?.push(alias);
    }
    if (type && brand.types.some((other) => other.toLowerCase() === type.toLowerCase()))
      problem(line, 'typeTwice', { type, brand: name });
    else if (type) brand.types.push(type);
    if (name) found.set(name.toLowerCase(), brand);
  }
  return [...found.values()];
}

/** Adds the new brands after the existing ones, and each brand's new lines after its own. */
export async function writeBrands(db: Db, brandList: BrandEntry[]) {
  if (brandList.length === 0) return;
  const known = await lookups(db);
  const added = brandList.filter((brand) => !known.brand.has(brand.name.toLowerCase()));
  if (added.length > 0) {
    const first = await nextSort(db, brands.sort);
    const rows = await db
      .insert(brands)
      .values(
        added.map((brand, index) => ({
          name: brand.name,
          aliases: brand.aliases ?? [],
          names: brand.names ?? {},
          sort: first + index,
        })),
      )
      .returning({ id: brands.id, name: brands.name });
    for (const row of rows) known.brand.set(row.name.toLowerCase(), row.id);
  }
  // A known brand in a file with the columns takes the file's other names and names by language.
  for (const brand of brandList.filter(
    (each) => (each.aliases !== undefined || each.names !== undefined) && !added.includes(each),
  ))
    await db
      .update(brands)
      .set({
        ...(brand.aliases === undefined ? {} : { aliases: brand.aliases }),
        ...(brand.names === undefined ? {} : { names: brand.names }),
      })
      .where(eq(brands.id, known.brand.get(brand.name.toLowerCase()) as number));
  const lastSorts = await db
    .select({ brandId: brandTypes.brandId, sort: sql<number>`max(${brandTypes.sort})` })
    .from(brandTypes)
    .groupBy(brandTypes.brandId);
  const lastSort = new Map(lastSorts.map((row) => [row.brandId, row.sort]));
  const types = brandList.flatMap((brand) => {
    const brandId = known.brand.get(brand.name.toLowerCase()) as number;
    const first = (lastSort.get(brandId) ?? 0) + 1;
    return brand.types
      .filter((name) => !known.type.has(`${brandId}/${name.toLowerCase()}`))
      .map((name, index) => ({ brandId, name, sort: first + index }));
  });
  if (types.length > 0) await db.insert(brandTypes).values(types);
}
