import { CATALOG_COLUMNS, CATALOG_REQUIRED, catalogFileName } from '@jewel/contract/values/catalog-files';
import { type I18nText, LANGS } from '@jewel/contract/values/i18n';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { categories, materials } from '../../db/schema.ts';
import { LIST_CODE, NAME_MAX, nextSort, readTable } from './catalog-import-shared.ts';
import { type CatalogProblem, problemsOf } from './catalog-problems.ts';

// `categories.csv` and `materials.csv`: a code and its name in each language a row, materials
// with their purity (see catalog-import.ts).

const FLAG_VALUES: Record<string, boolean> = { '': false, '0': false, '1': true };

export interface NamedEntry {
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

/** `categories.csv` or `materials.csv` (with purity): a code and a name in each language a row. */
export function checkNamedList(
  kind: 'categories' | 'materials',
  text: string,
  problems: CatalogProblem[],
): NamedEntry[] {
  const file = catalogFileName(kind);
  const withPurity = kind === 'materials';
  const problem = problemsOf(file, problems);
  const seen = new Set<string>();
  return readTable(file, text, CATALOG_COLUMNS[kind], CATALOG_REQUIRED[kind], problems).flatMap(
    ({ line, value, has }) => {
      const before = problems.length;
      const code = value('code');
      if (!LIST_CODE.test(code)) problem(line, 'codeFormat', { code });
      else if (seen.has(code)) problem(line, 'listedTwice', { code });
      seen.add(code);
      const missing = LANGS.filter((lang) => !value(lang));
      if (missing.length > 0) problem(line, 'nameMissing', { langs: missing.join(', ') });
      if (LANGS.some((lang) => value(lang).length > NAME_MAX)) problem(line, 'nameTooLong', { max: NAME_MAX });
      const purityText = withPurity ? value('purity') : '';
      const purity = purityText ? Number(purityText) : null;
      if (purity !== null && !(purity > 0 && purity <= 1)) problem(line, 'purity', { value: purityText });
      const anyPrice = has('id_check_any_price') ? FLAG_VALUES[value('id_check_any_price')] : undefined;
      if (has('id_check_any_price') && anyPrice === undefined)
        problem(line, 'flag', { column: 'id_check_any_price', value: value('id_check_any_price') });
      const precious = has('precious') ? FLAG_VALUES[value('precious')] : undefined;
      if (has('precious') && precious === undefined)
        problem(line, 'flag', { column: 'precious', value: value('precious') });
      if (problems.length > before) return [];
      const name = Object.fromEntries(LANGS.map((lang) => [lang, value(lang)])) as I18nText;
      return [{ code, name, purity, idCheckAnyPrice: anyPrice, precious }];
    },
  );
}

/** A file with the flag's column sets it on the known entries too; one without keeps theirs. */
const keptFlag = (entries: NamedEntry[]) => ({
  ...(entries.some((entry) => entry.idCheckAnyPrice !== undefined)
    ? { idCheckAnyPrice: sql`excluded.id_check_any_price` }
    : {}),
  ...(entries.some((entry) => entry.precious !== undefined) ? { precious: sql`excluded.precious` } : {}),
});

/** Adds the lists' new entries after the existing ones and renames the known ones. */
export async function writeNamedLists(db: Db, lists: { categories: NamedEntry[]; materials: NamedEntry[] }) {
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
}
