import type { GuideShot, PhotoGuide } from '@jewel/contract/catalog-admin';
import type { PhotoOutline, PhotoSection } from '@jewel/contract/values/photo-guide';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { categories, photoGuideShots } from '../../db/schema.ts';
import { publishCatalogChange } from '../../domain/live-events.ts';
import { AppError } from '../../lib/app-error.ts';

/** A shot as it is written: the import's (`covers` already decided) and the form's. */
export type ShotToWrite = Omit<GuideShot, 'outline' | 'covers'> & { outline: string; covers: PhotoSection | null };

/**
 * Makes `shots`, in their order, the photo guide of the category `categoryId`: the one writer of
 * `photo-guides.csv`'s import and of the category's form.
 */
export async function replaceGuideShots(db: Db, categoryId: number, shots: ShotToWrite[]) {
  await db.delete(photoGuideShots).where(eq(photoGuideShots.categoryId, categoryId));
  if (shots.length === 0) return;
  await db.insert(photoGuideShots).values(
    shots.map((shot, index) => ({
      categoryId,
      code: shot.code,
      name: shot.name,
      outline: shot.outline,
      covers: shot.covers,
      sort: index + 1,
    })),
  );
}

/** A category's photo guide as entered, every shot's name in every language; null for no such category. */
export async function photoGuideOf(db: Db, categoryId: number): Promise<PhotoGuide | null> {
  const [category] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId));
  return category ? shotsOf(db, categoryId) : null;
}

/** The shots of a category known to exist, in order. */
async function shotsOf(db: Db, categoryId: number): Promise<PhotoGuide> {
  const rows = await db
    .select({
      code: photoGuideShots.code,
      name: photoGuideShots.name,
      outline: photoGuideShots.outline,
      covers: photoGuideShots.covers,
    })
    .from(photoGuideShots)
    .where(eq(photoGuideShots.categoryId, categoryId))
    .orderBy(asc(photoGuideShots.sort), asc(photoGuideShots.id));
  return { shots: rows.map((row) => ({ ...row, name: { ...row.name }, outline: row.outline as PhotoOutline })) };
}

/**
 * Replaces a category's photo guide from its form (issue 28 item 5), all at once: every picker and
 * register page follows the catalog signal. An item keeps the photos it has under a shot left out
 * (they show as its other photos). 404 for no such category.
 */
export function savePhotoGuide(db: Db, categoryId: number, guide: PhotoGuide) {
  return db.transaction(async (tx) => {
    const [category] = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.id, categoryId))
      .for('update');
    if (!category) throw new AppError('notFound');
    await replaceGuideShots(tx, categoryId, guide.shots);
    await publishCatalogChange(tx);
    return shotsOf(tx, categoryId);
  });
}
