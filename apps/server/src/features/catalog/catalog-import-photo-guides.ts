import { readFile } from 'node:fs/promises';
import { type I18nText, LANGS } from '@jewel/contract/values/i18n';
import { MAX_SHOTS_PER_CATEGORY, PHOTO_OUTLINES, PHOTO_SHOT_CODE } from '@jewel/contract/values/photo-guide';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { photoGuideShots } from '../../db/schema.ts';
import { publishCatalogChange } from '../../domain/live-events.ts';
import { type ImportProblem, ImportRefusedError } from '../../lib/import-refused.ts';
import { CATALOG_FILES, inFileOrder, LIST_CODE, lookups, NAME_MAX, readTable } from './catalog-import-shared.ts';

// `photo-guides.csv`: each category's shots in file order (see catalog-import.ts), with the other
// lists of a directory or alone.

const OUTLINES: ReadonlySet<string> = new Set(PHOTO_OUTLINES);
const GUIDE_COLUMNS = ['category', 'shot', ...LANGS, 'outline'] as const;

export interface GuideShot {
  line: number;
  category: string;
  code: string;
  name: I18nText;
  outline: string;
}

/** `photo-guides.csv`: one row per shot, a category's shots in file order. */
export function checkPhotoGuides(file: string, text: string, problems: ImportProblem[]): GuideShot[] {
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
export async function writePhotoGuides(db: Db, shots: GuideShot[]) {
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

/** A `photo-guides.csv` alone: the shot lists of the categories it names, nothing else. */
export async function importPhotoGuides(db: Db, file: string) {
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
