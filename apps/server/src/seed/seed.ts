import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_PASSWORD } from '@jewel/contract/values/demo';
import { LANGS } from '@jewel/contract/values/i18n';
import type { Db } from '../db/client.ts';
import { banners, dictionaryOptions, shop, users, webTranslations, workflows } from '../db/schema.ts';
import { addToBranches, FIRST_BRANCH } from '../domain/branches.ts';
import { importProducts } from '../features/catalog/catalog-import.ts';
import { importKnowledge } from '../features/knowledge/knowledge-import.ts';
import { hashPassword } from '../lib/password.ts';
import { BANNERS } from './banners-data.ts';
import { DICTIONARY, type DictionaryGroupKey } from './dictionary-data.ts';
import { USERS } from './users-data.ts';
import { WEB_TRANSLATIONS } from './web-translations-data.ts';
import { WORKFLOWS } from './workflows-data.ts';

/**
 * The demo catalog and knowledge base, as an operator would import them: CSV files and Markdown
 * articles under apps/server/seed/, loaded by the importers themselves.
 */
const SEED_DATA_DIR = fileURLToPath(new URL('../../seed', import.meta.url));

/**
 * What every shop starts with, real or demo: the dictionary (statuses, currencies, reasons), the
 * workflows, the catalog and the knowledge base, the last two through the operator importers.
 * Inside the caller's transaction.
 */
export async function seedStartingData(tx: Db): Promise<void> {
  await tx.insert(dictionaryOptions).values(
    (Object.entries(DICTIONARY) as [DictionaryGroupKey, (typeof DICTIONARY)[DictionaryGroupKey]][]).flatMap(
      ([groupKey, options]) =>
        options.map((option, index) => ({
          groupKey,
          value: String(option.value),
          valueType: typeof option.value === 'number' ? ('number' as const) : ('string' as const),
          label: option.label,
          sort: index + 1,
        })),
    ),
  );
  await importProducts(tx, path.join(SEED_DATA_DIR, 'catalog'));
  await tx.insert(workflows).values([...WORKFLOWS]);
  await importKnowledge(tx, path.join(SEED_DATA_DIR, 'knowledge'));
}

/**
 * Takes the shop's one row for whoever sets it up, inside their transaction: false when the shop
 * is set up already (or another setup got there first), and the caller then writes nothing.
 */
export async function claimShop(tx: Db, row: typeof shop.$inferInsert): Promise<boolean> {
  const claimed = await tx.insert(shop).values(row).onConflictDoNothing().returning({ id: shop.id });
  return claimed.length > 0;
}

/**
 * Fills an empty shop with the demo data (PRODUCT.md "Operations"), when asked: `DEMO=1` at
 * start, "Explore with demo data" on the setup page, or the `seed` command. Does nothing to a
 * shop already set up, so that real data is never overwritten; otherwise inserts everything in
 * one transaction: the shop's row marked demo, the demo accounts, the starting data, the
 * banners and the app-name overrides.
 */
export async function seedDemo(db: Db): Promise<{ seeded: boolean }> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  return db.transaction(async (tx) => {
    if (!(await claimShop(tx, { demo: true }))) return { seeded: false };

    const staff = await tx
      .insert(users)
      .values(USERS.map((user) => ({ ...user, passwordHash })))
      .returning({ id: users.id });
    for (const { id } of staff) await addToBranches(tx, id, [FIRST_BRANCH]);
    await seedStartingData(tx);
    await tx.insert(banners).values(BANNERS.map((banner, index) => ({ ...banner, sort: index + 1 })));
    await tx
      .insert(webTranslations)
      .values(
        LANGS.flatMap((lang) => Object.entries(WEB_TRANSLATIONS[lang]).map(([key, value]) => ({ lang, key, value }))),
      );

    return { seeded: true };
  });
}
