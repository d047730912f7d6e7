import type { PhotoFlag } from '@jewel/contract/values/commodity';
import { and, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { uploads } from '../db/schema.ts';
import { AppError } from '../lib/app-error.ts';

/**
 * What the uploads table knows of the photos a commodity or an inquiry names (features/upload
 * stores them): who uploaded each, and which were kept though the phone's check found them poor.
 * Shared by the features that accept or show photo paths, so it lives here rather than in one of them.
 */

/** Who uploaded each of these stored names; names we never stored are absent. */
export async function uploadOwners(db: Db, names: string[]) {
  if (names.length === 0) return new Map<string, number>();
  const rows = await db
    .select({ name: uploads.name, ownerId: uploads.ownerId })
    .from(uploads)
    .where(inArray(uploads.name, names));
  return new Map(rows.map((row) => [row.name, row.ownerId]));
}

const FILES_PREFIX = '/api/files/';

/** `/api/files/<name>` → `<name>`. */
export const storedName = (path: string) => path.slice(FILES_PREFIX.length);

/** The index of the first photo path that the user did not upload here, or -1 when all are theirs. */
export async function firstForeignPhoto(db: Db, paths: string[], userId: number): Promise<number> {
  const owners = await uploadOwners(db, paths.map(storedName));
  return paths.findIndex((path) => owners.get(storedName(path)) !== userId);
}

/**
 * A manager's record given a picture (a dashboard banner's, a knowledge article's cover: ADR
 * 0095): a new one that is a stored photo must be one this manager uploaded, else 1001 names
 * `field`; one kept as it was (`before`) may be anyone's, and the app's own images pass.
 */
export async function requireOwnNewPicture(
  db: Db,
  userId: number,
  picture: string,
  before: string | undefined,
  field: string,
): Promise<void> {
  if (picture === before || !picture.startsWith(FILES_PREFIX)) return;
  if ((await firstForeignPhoto(db, [picture], userId)) >= 0)
    throw new AppError('validation', { params: { field }, data: { field } });
}

/** The flag of each of these photos that was kept though blurred or dark (issue 29 item 9), by path. */
export async function photoFlags(db: Db, paths: string[]): Promise<Record<string, PhotoFlag>> {
  const names = paths.filter((path) => path.startsWith(FILES_PREFIX)).map(storedName);
  if (names.length === 0) return {};
  const rows = await db
    .select({ name: uploads.name, flag: uploads.flag })
    .from(uploads)
    .where(and(inArray(uploads.name, names), isNotNull(uploads.flag)));
  return Object.fromEntries(rows.flatMap((row) => (row.flag ? [[`${FILES_PREFIX}${row.name}`, row.flag]] : [])));
}
