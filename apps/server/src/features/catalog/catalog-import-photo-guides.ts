import { CATALOG_COLUMNS, catalogFileName } from '@jewel/contract/values/catalog-files';
import { type I18nText, LANGS } from '@jewel/contract/values/i18n';
import { MAX_SHOTS_PER_CATEGORY, PHOTO_OUTLINES, PHOTO_SHOT_CODE } from '@jewel/contract/values/photo-guide';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { photoGuideShots } from '../../db/schema.ts';
import { LIST_CODE, lookups, NAME_MAX, readTable } from './catalog-import-shared.ts';
import { CatalogImportRefusedError, type CatalogProblem, problemsOf } from './catalog-problems.ts';

// `photo-guides.csv`: each category's shots in file order (see catalog-import.ts), with the other
// lists of a directory or alone.

const OUTLINES: ReadonlySet<string> = new Set(PHOTO_OUTLINES);
const FILE = catalogFileName('photo-guides');
const COLUMNS = CATALOG_COLUMNS['photo-guides'];

export interface GuideShot {
  line: number;
  category: string;
  code: string;
  name: I18nText;
  outline: string;
}

/** `photo-guides.csv`: one row per shot, a category's shots in file order. */
export function checkPhotoGuides(text: string, problems: CatalogProblem[]): GuideShot[] {
  const problem = problemsOf(FILE, problems);
  const seen = new Map<string, number>();
  const perCategory = new Map<string, number>();
  return readTable(FILE, text, COLUMNS, COLUMNS, problems).flatMap(({ line, value }) => {
    const before = problems.length;
    const category = value('category');
    const code = value('shot');
    if (!LIST_CODE.test(category)) problem(line, 'guideCategory', { value: category });
    if (!PHOTO_SHOT_CODE.test(code)) problem(line, 'shotCode', { code });
    const earlier = seen.get(`${category}/${code}`);
    if (earlier !== undefined) problem(line, 'shotTwice', { code, category, line: earlier });
    else seen.set(`${category}/${code}`, line);
    const shots = (perCategory.get(category) ?? 0) + 1;
    perCategory.set(category, shots);
    if (shots === MAX_SHOTS_PER_CATEGORY + 1) problem(line, 'tooManyShots', { category, max: MAX_SHOTS_PER_CATEGORY });
    const missing = LANGS.filter((lang) => !value(lang));
    if (missing.length > 0) problem(line, 'nameMissing', { langs: missing.join(', ') });
    if (LANGS.some((lang) => value(lang).length > NAME_MAX)) problem(line, 'nameTooLong', { max: NAME_MAX });
    const outline = value('outline');
    if (!OUTLINES.has(outline))
      problem(line, 'unknownOutline', { value: outline, outlines: PHOTO_OUTLINES.join(', ') });
    if (problems.length > before) return [];
    const name = Object.fromEntries(LANGS.map((lang) => [lang, value(lang)])) as I18nText;
    return [{ line, category, code, name, outline }];
  });
}

/** Replaces the shot list of every category the file names; an unknown category refuses it all. */
export async function writePhotoGuides(db: Db, shots: GuideShot[]) {
  if (shots.length === 0) return 0;
  const known = await lookups(db);
  const problems: CatalogProblem[] = shots
    .filter((shot) => !known.category.has(shot.category))
    .map((shot) => ({ file: FILE, line: shot.line, reason: 'unknownCategory', params: { code: shot.category } }));
  if (problems.length > 0) throw new CatalogImportRefusedError(problems);
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
