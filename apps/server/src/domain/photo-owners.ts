import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { uploads } from '../db/schema.ts';

/**
 * Who uploaded the photos a commodity or an inquiry names (features/upload stores them): shared
 * by the features that accept photo paths, so it lives here rather than in one of them.
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
