import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  brands,
  brandTypes,
  commodities,
  commodityEvents,
  dictionaryOptions,
  identifyFlows,
  materials,
  products,
  users,
  verificationLinks,
} from '../../db/schema.ts';
import { inBranches } from '../../domain/branches.ts';

/**
 * What a certificate or a verification page says about an item: never its customer. For staff,
 * only an item of the branches they see (issue 32; null: every one); the public verification
 * page, which a printed code opens, any.
 */
export async function itemFacts(db: Db, id: number, branchIds: readonly number[] | null = null) {
  const [row] = await db
    .select({
      id: commodities.id,
      no: commodities.no,
      status: commodities.status,
      round: commodities.round,
      resultFlowId: commodities.resultFlowId,
      identifiedAt: commodities.identifiedAt,
      productName: commodities.productName,
      productPics: commodities.productPics,
      certificatePics: commodities.certificatePics,
      brand: brands.name,
      type: brandTypes.name,
      product: { name: products.name, names: products.names },
      material: materials.name,
    })
    .from(commodities)
    .innerJoin(brands, eq(brands.id, commodities.brandId))
    .leftJoin(brandTypes, eq(brandTypes.id, commodities.typeId))
    .leftJoin(products, eq(products.id, commodities.productId))
    .leftJoin(materials, eq(materials.id, commodities.materialId))
    .where(and(eq(commodities.id, id), inBranches(commodities.branchId, branchIds)));
  return row ?? null;
}
export type ItemFacts = NonNullable<Awaited<ReturnType<typeof itemFacts>>>;

/** A finished flow's verdict, with the material the valuer identified. */
export async function resultFlow(db: Db, flowId: number) {
  const [row] = await db
    .select({
      id: identifyFlows.id,
      round: identifyFlows.round,
      isReal: identifyFlows.isReal,
      notGenuineReason: identifyFlows.notGenuineReason,
      notGenuineNote: identifyFlows.notGenuineNote,
      stateLevel: identifyFlows.stateLevel,
      finishedAt: identifyFlows.finishedAt,
      createdAt: identifyFlows.createdAt,
      material: materials.name,
    })
    .from(identifyFlows)
    .leftJoin(materials, eq(materials.id, identifyFlows.identifiedMaterialId))
    .where(eq(identifyFlows.id, flowId));
  return row ?? null;
}
export type ResultFlow = NonNullable<Awaited<ReturnType<typeof resultFlow>>>;

/** The valuers who finished a step of the round, in the order they did. */
export async function roundValuers(db: Db, commodityId: number, round: number): Promise<string[]> {
  const rows = await db
    .select({ id: users.id, name: users.name })
    .from(identifyFlows)
    .innerJoin(users, eq(users.id, identifyFlows.valuerId))
    .where(and(eq(identifyFlows.commodityId, commodityId), eq(identifyFlows.round, round), eq(identifyFlows.status, 3)))
    .orderBy(asc(identifyFlows.finishedAt), asc(identifyFlows.id));
  const seen = new Set<number>();
  return rows.filter((row) => !seen.has(row.id) && seen.add(row.id)).map((row) => row.name);
}

/** The dictionary options of the groups a verdict is told with. */
export function verdictLabels(db: Db) {
  return db
    .select({ group: dictionaryOptions.groupKey, value: dictionaryOptions.value, label: dictionaryOptions.label })
    .from(dictionaryOptions)
    .where(
      inArray(dictionaryOptions.groupKey, [
        'identify_result.is_real',
        'identify_result.not_genuine_reason',
        'identify_result.state_level',
      ]),
    );
}

export async function certificateLinkOf(db: Db, flowId: number) {
  const [row] = await db
    .select()
    .from(verificationLinks)
    .where(and(eq(verificationLinks.kind, 'certificate'), eq(verificationLinks.flowId, flowId)));
  return row ?? null;
}

/** Creates the result's certificate link unless one exists (a simultaneous download made it first). */
export async function insertCertificateLink(
  db: Db,
  values: { id: string; commodityId: number; flowId: number; createdBy: number },
) {
  await db
    .insert(verificationLinks)
    .values({ ...values, kind: 'certificate' })
    .onConflictDoNothing();
}

export async function linkById(db: Db, id: string) {
  const [row] = await db.select().from(verificationLinks).where(eq(verificationLinks.id, id));
  return row ?? null;
}

/** When the item was first re-assessed after `since` (the certified result); null if it was not. */
export async function reassessedAfter(db: Db, commodityId: number, since: Date): Promise<Date | null> {
  const [row] = await db
    .select({ at: commodityEvents.createdAt })
    .from(commodityEvents)
    .where(
      and(
        eq(commodityEvents.commodityId, commodityId),
        eq(commodityEvents.action, 'reassess'),
        gt(commodityEvents.createdAt, since),
      ),
    )
    .orderBy(asc(commodityEvents.id))
    .limit(1);
  return row?.at ?? null;
}

/** Sets the photos an item's certificate prints (null: the default); false when there is no such item. */
export async function setCertificatePics(db: Db, id: number, photos: string[] | null): Promise<boolean> {
  const rows = await db
    .update(commodities)
    .set({ certificatePics: photos })
    .where(eq(commodities.id, id))
    .returning({ id: commodities.id });
  return rows.length > 0;
}
