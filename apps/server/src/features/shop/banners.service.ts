import type { BannerInput, BannerRecord } from '@jewel/contract/shop';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { banners } from '../../db/schema.ts';
import { requireOwnNewPicture } from '../../domain/photo-owners.ts';
import { AppError } from '../../lib/app-error.ts';

/*
 * The dashboard's banners, for managers (issue 28 item 6): entered in every language, shown in
 * their order, hidden rather than deleted. The dashboard (`/api/user/banners`) shows the active
 * ones in the reader's language.
 */

type BannerRow = typeof banners.$inferSelect;

function present(row: BannerRow): BannerRecord {
  return {
    id: row.id,
    title: row.title,
    text: { 'zh-Hans': '', 'zh-Hant': '', en: '', ja: '', ...row.text },
    image: row.image,
    link: row.link,
    active: row.isActive,
  };
}

export async function listBanners(db: Db): Promise<BannerRecord[]> {
  return (await db.select().from(banners).orderBy(asc(banners.sort), asc(banners.id))).map(present);
}

/** The columns a banner's input writes: a line only in the languages it has one in. */
const columns = (input: BannerInput) => ({
  title: input.title,
  text: Object.fromEntries(Object.entries(input.text).filter(([, line]) => line)),
  image: input.image,
  link: input.link,
  isActive: input.active,
});

/**
 * Adds a banner (`id` null, after the others) or changes one. A new picture must be a photo this
 * manager uploaded, or one the app ships; a picture kept as it was may be anyone's.
 */
export async function saveBanner(db: Db, managerId: number, id: number | null, input: BannerInput) {
  const [before] = id === null ? [] : await db.select().from(banners).where(eq(banners.id, id));
  if (id !== null && !before) throw new AppError('notFound');
  await requireOwnNewPicture(db, managerId, input.image, before?.image, 'image');
  const [saved] =
    id === null
      ? await db
          .insert(banners)
          .values({
            ...columns(input),
            sort: sql`(select coalesce(max(${banners.sort}), 0) + 1 from ${banners})`,
          })
          .returning()
      : await db.update(banners).set(columns(input)).where(eq(banners.id, id)).returning();
  if (!saved) throw new AppError('notFound');
  return present(saved);
}
