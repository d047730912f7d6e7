import type { ShopSetup } from '@jewel/contract/setup';
import type { Db } from '../../db/client.ts';
import { shop, users } from '../../db/schema.ts';
import { addToBranches, FIRST_BRANCH } from '../../domain/branches.ts';
import { presentShopState, readShop, shopColumns } from '../../domain/shop.ts';
import { AppError } from '../../lib/app-error.ts';
import { hashPassword } from '../../lib/password.ts';
import { claimShop, seedDemo, seedStartingData } from '../../seed/seed.ts';

/**
 * Sets up an empty shop (issue 28): the shop's row with its details, its owner (its first
 * manager, at the counter as a recorder, who signs in with the mobile and password given here), and the starting data, in one transaction.
 * Once: a shop set up (or running the demo) answers `shopAlreadySetUp` and nothing changes; of
 * two racing setups the shop's one row keeps the first, and the second writes nothing.
 */
export async function setUpShop(db: Db, input: ShopSetup) {
  if (await readShop(db)) throw new AppError('shopAlreadySetUp');
  const passwordHash = await hashPassword(input.owner.password);
  await db.transaction(async (tx) => {
    const { shop: details, owner } = input;
    const claimed = await claimShop(tx, { demo: false, ...shopColumns(details) });
    if (!claimed) throw new AppError('shopAlreadySetUp');
    const [user] = await tx
      .insert(users)
      .values({ name: owner.name, mobile: owner.mobile, passwordHash, roles: ['recorder'], manager: true })
      .returning({ id: users.id });
    if (!user) throw new Error('owner not created');
    await tx.update(shop).set({ ownerId: user.id });
    await addToBranches(tx, user.id, [FIRST_BRANCH]);
    await seedStartingData(tx);
  });
  return presentShopState(await readShop(db));
}

/** "Explore with demo data": the demo seed, on an empty shop only. */
export async function exploreDemo(db: Db) {
  const { seeded } = await seedDemo(db);
  if (!seeded) throw new AppError('shopAlreadySetUp');
  return presentShopState(await readShop(db));
}
