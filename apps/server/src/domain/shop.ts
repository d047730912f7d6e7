import type { ShopState } from '@jewel/contract/setup';
import type { Lang } from '@jewel/contract/values/i18n';
import type { Db } from '../db/client.ts';
import { shop } from '../db/schema.ts';
import { TEXTS, translate } from '../i18n/messages.ts';

export type ShopRow = typeof shop.$inferSelect;

/** Once set up a shop stays so: its row is kept per database, and read again only until then. */
const setUp = new WeakMap<Db, ShopRow>();

/** The shop's row, or undefined while it is not set up (issue 28). */
export async function readShop(db: Db): Promise<ShopRow | undefined> {
  const known = setUp.get(db);
  if (known) return known;
  const [row] = await db.select().from(shop).limit(1);
  if (row) setUp.set(db, row);
  return row;
}

export function presentShopState(row: ShopRow | undefined): ShopState {
  return { set_up: row !== undefined, demo: row?.demo ?? false, name: row?.name ?? null };
}

/** The mark every document of the demo's data carries (issue 28); undefined for a real shop. */
export async function demoWatermark(db: Db, lang: Lang): Promise<string | undefined> {
  return (await readShop(db))?.demo ? translate(TEXTS.demoWatermark, lang) : undefined;
}
