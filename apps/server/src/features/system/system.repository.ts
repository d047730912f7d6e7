import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** Fails when the database cannot answer. */
export async function ping(db: Db) {
  await db.execute(sql`select 1`);
}
