import type { Db } from '../../db/client.ts';
import { uploads } from '../../db/schema.ts';

export type NewUpload = Omit<typeof uploads.$inferInsert, 'id' | 'createdAt'>;

/** Records a stored photo and its thumbnail; answers the new row's id. */
export async function insertUpload(db: Db, upload: NewUpload): Promise<string> {
  const [row] = await db.insert(uploads).values(upload).returning({ id: uploads.id });
  if (!row) throw new Error('upload insert returned no row');
  return row.id;
}
