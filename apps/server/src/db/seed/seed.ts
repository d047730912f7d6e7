import { LANGS } from '@jewel/contract/values/i18n';
import { hashPassword } from '../../lib/password.ts';
import type { Db } from '../client.ts';
import {
  banners,
  brands,
  brandTypes,
  categories,
  dictionaryOptions,
  materials,
  products,
  users,
  webTranslations,
  workflows,
} from '../schema.ts';
import { BANNERS } from './banners-data.ts';
import { BRANDS, CATEGORIES, MATERIALS, PRODUCTS } from './catalog-data.ts';
import { DICTIONARY, type DictionaryGroupKey } from './dictionary-data.ts';
import { seedKnowledge } from './knowledge-seed.ts';
import { DEMO_PASSWORD, USERS } from './users-data.ts';
import { WEB_TRANSLATIONS } from './web-translations-data.ts';
import { WORKFLOWS } from './workflows-data.ts';

/** Looks a name up in a map built from `.returning()`; a miss is a bug in the seed data. */
function idOf(ids: ReadonlyMap<string, number>, key: string): number {
  const id = ids.get(key);
  if (id === undefined) throw new Error(`Seed data refers to an unknown row: ${key}`);
  return id;
}

const typeKey = (brandId: number, name: string) => `${brandId}\u0000${name}`;

/**
 * Fills an empty database with the demo data (PRODUCT.md "Operations"). Does nothing when any
 * user exists, so that real data is never overwritten; otherwise inserts everything in one
 * transaction.
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

    const categoryRows = await tx
      .insert(categories)
      .values(CATEGORIES.map((category, index) => ({ ...category, sort: index + 1 })))
      .returning({ id: categories.id, code: categories.code });
    const categoryIds = new Map(categoryRows.map((row) => [row.code, row.id]));

    const materialRows = await tx
      .insert(materials)
      .values(MATERIALS.map((material, index) => ({ ...material, sort: index + 1 })))
      .returning({ id: materials.id, code: materials.code });
    const materialIds = new Map(materialRows.map((row) => [row.code, row.id]));

    const brandRows = await tx
      .insert(brands)
      .values(BRANDS.map((brand, index) => ({ name: brand.name, logo: '', sort: index + 1 })))
      .returning({ id: brands.id, name: brands.name });
    const brandIds = new Map(brandRows.map((row) => [row.name, row.id]));

    const typeRows = await tx
      .insert(brandTypes)
      .values(
        BRANDS.flatMap((brand) =>
          brand.types.map((name, index) => ({ brandId: idOf(brandIds, brand.name), name, sort: index + 1 })),
        ),
      )
      .returning({ id: brandTypes.id, brandId: brandTypes.brandId, name: brandTypes.name });
    const typeIds = new Map(typeRows.map((row) => [typeKey(row.brandId, row.name), row.id]));

    await tx.insert(products).values(
      PRODUCTS.map((product) => {
        const brandId = idOf(brandIds, product.brand);
        return {
          brandId,
          typeId: product.type === null ? null : idOf(typeIds, typeKey(brandId, product.type)),
          categoryId: idOf(categoryIds, product.category),
          materialId: product.material === null ? null : idOf(materialIds, product.material),
          name: product.name,
          code: product.code,
          image: '',
          replenishStatus: product.replenish,
        };
      }),
    );

    await tx.insert(workflows).values([...WORKFLOWS]);

    await tx.insert(banners).values(BANNERS.map((banner, index) => ({ ...banner, sort: index + 1 })));

    await tx
      .insert(webTranslations)
      .values(
        LANGS.flatMap((lang) => Object.entries(WEB_TRANSLATIONS[lang]).map(([key, value]) => ({ lang, key, value }))),
      );

    await seedKnowledge(tx);

    return { seeded: true };
  });
}
