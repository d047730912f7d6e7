import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGS } from '@jewel/contract/values/i18n';
import type { Db } from '../db/client.ts';
import { banners, dictionaryOptions, users, webTranslations, workflows } from '../db/schema.ts';
import { importProducts } from '../features/catalog/catalog-import.ts';
import { importKnowledge } from '../features/knowledge/knowledge-import.ts';
import { hashPassword } from '../lib/password.ts';
import { BANNERS } from './banners-data.ts';
import { DICTIONARY, type DictionaryGroupKey } from './dictionary-data.ts';
import { DEMO_PASSWORD, USERS } from './users-data.ts';
import { WEB_TRANSLATIONS } from './web-translations-data.ts';
import { WORKFLOWS } from './workflows-data.ts';

/**
 * The demo catalog and knowledge base, as an operator would import them: CSV files and Markdown
 * articles under apps/server/seed/, loaded by the importers themselves.
 */
const SEED_DATA_DIR = fileURLToPath(new URL('../../seed', import.meta.url));

/**
 * Fills an empty database with the demo data (PRODUCT.md "Operations"). Does nothing when any
 * user exists, so that real data is never overwritten; otherwise inserts everything in one
 * transaction, the catalog and the knowledge base through the operator importers.
 */
export async function seedDemo(db: Db): Promise<{ seeded: boolean }> {
  const existing = await db.select({ id: users.id }).from(users).limit(1);
  if (existing.length > 0) return { seeded: false };

  const passwordHash = await hashPassword(DEMO_PASSWORD);

  return db.transaction(async (tx) => {
    // Checked again inside the transaction, in case two processes start on the same database.
    const raced = await tx.select({ id: users.id }).from(users).limit(1);
    if (raced.length > 0) return { seeded: false };

    await tx.insert(users).values(USERS.map((user) => ({ ...user, passwordHash })));

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

    await tx.insert(banners).values(BANNERS.map((banner, index) => ({ ...banner, sort: index + 1 })));

    await tx
      .insert(webTranslations)
      .values(
        LANGS.flatMap((lang) => Object.entries(WEB_TRANSLATIONS[lang]).map(([key, value]) => ({ lang, key, value }))),
      );

    await importKnowledge(tx, path.join(SEED_DATA_DIR, 'knowledge'));

    return { seeded: true };
  });
}
