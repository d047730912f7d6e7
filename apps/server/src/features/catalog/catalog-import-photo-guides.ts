import { CATALOG_COLUMNS, CATALOG_REQUIRED, catalogFileName } from '@jewel/contract/values/catalog-files';
import { type I18nText, LANGS } from '@jewel/contract/values/i18n';
import {
  MAX_SHOTS_PER_CATEGORY,
  PHOTO_OUTLINES,
  PHOTO_SECTIONS,
  PHOTO_SHOT_CODE,
  type PhotoSection,
} from '@jewel/contract/values/photo-guide';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { photoGuideShots } from '../../db/schema.ts';
import { LIST_CODE, lookups, NAME_MAX, readTable } from './catalog-import-shared.ts';
import { CatalogImportRefusedError, type CatalogProblem, problemsOf } from './catalog-problems.ts';
import { replaceGuideShots } from './photo-guide.repository.ts';

// `photo-guides.csv`: each category's shots in file order (see catalog-import.ts), with the other
// lists of a directory or alone.

const OUTLINES: ReadonlySet<string> = new Set(PHOTO_OUTLINES);
const SECTIONS: ReadonlySet<string> = new Set(PHOTO_SECTIONS);
const FILE = catalogFileName('photo-guides');
const COLUMNS = CATALOG_COLUMNS['photo-guides'];
const REQUIRED = CATALOG_REQUIRED['photo-guides'];

export interface GuideShot {
  line: number;
  category: string;
  code: string;
  name: I18nText;
  outline: string;
  /** The photo section the shot takes (empty cell: null); undefined when the file has no `covers` column. */
  covers: PhotoSection | null | undefined;
}

/**
 * `photo-guides.csv`: one row per shot, a category's shots in file order. `covers` (optional, issue
 * 29 item 10) names the register form's photo section the shot takes, one of PHOTO_SECTIONS.
 */
export function checkPhotoGuides(text: string, problems: CatalogProblem[]): GuideShot[] {
  const problem = problemsOf(FILE, problems);
  const seen = new Map<string, number>();
  const perCategory = new Map<string, number>();
  return readTable(FILE, text, COLUMNS, REQUIRED, problems).flatMap(({ line, value, has }) => {
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
    const covers = value('covers');
    if (covers && !SECTIONS.has(covers))
      problem(line, 'unknownCovers', { value: covers, sections: PHOTO_SECTIONS.join(', ') });
    if (problems.length > before) return [];
    const name = Object.fromEntries(LANGS.map((lang) => [lang, value(lang)])) as I18nText;
    const section = has('covers') ? ((covers || null) as PhotoSection | null) : undefined;
    return [{ line, category, code, name, outline, covers: section }];
  });
}

/**
 * Replaces the shot list of every category the file names; an unknown category refuses it all. A
 * file without the `covers` column keeps what each shot (same category and code) covered.
 */
export async function writePhotoGuides(db: Db, shots: GuideShot[]) {
  if (shots.length === 0) return 0;
  const known = await lookups(db);
  const problems: CatalogProblem[] = shots
    .filter((shot) => !known.category.has(shot.category))
    .map((shot) => ({ file: FILE, line: shot.line, reason: 'unknownCategory', params: { code: shot.category } }));
  if (problems.length > 0) throw new CatalogImportRefusedError(problems);
  const categoryIds = [...new Set(shots.map((shot) => known.category.get(shot.category) as number))];
  const old = await db
    .select({ categoryId: photoGuideShots.categoryId, code: photoGuideShots.code, covers: photoGuideShots.covers })
    .from(photoGuideShots)
    .where(inArray(photoGuideShots.categoryId, categoryIds));
  const oldCovers = new Map(old.map((row) => [`${row.categoryId}/${row.code}`, row.covers]));
  for (const categoryId of categoryIds) {
    await replaceGuideShots(
      db,
      categoryId,
      shots
        .filter((shot) => known.category.get(shot.category) === categoryId)
        .map((shot) => ({
          code: shot.code,
          name: shot.name,
          outline: shot.outline,
          covers: shot.covers === undefined ? (oldCovers.get(`${categoryId}/${shot.code}`) ?? null) : shot.covers,
        })),
    );
  }
  return categoryIds.length;
}
