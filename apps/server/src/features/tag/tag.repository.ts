import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { brands, commodities, verificationLinks } from '../../db/schema.ts';
import { inBranches } from '../../domain/branches.ts';
import type { AuthContext } from '../../domain/sessions.ts';
import { newVerificationId } from '../../lib/qr.ts';

/** Who is asking, as far as what they may see is concerned. */
export type Viewer = Pick<AuthContext, 'userId' | 'roleCode' | 'isTmp' | 'branchIds'>;

/**
 * The commodity list's visibility (commodity.repository `visibleAs`): staff see every item of
 * their branches (issue 32), a guest recorder what they registered, a guest valuer what was
 * distributed to them.
 */
function visibleTo(viewer: Viewer): SQL | undefined {
  const branch = inBranches(commodities.branchId, viewer.branchIds);
  if (!viewer.isTmp) return branch;
  return and(
    branch,
    viewer.roleCode === 'recorder'
      ? eq(commodities.recorderId, viewer.userId)
      : eq(commodities.valuerId, viewer.userId),
  );
}

export interface TagItem {
  id: number;
  no: string;
  brand: string;
  productName: string;
}

/** The items among `ids` the viewer may see, with what a label prints. */
export function findItems(db: Db, viewer: Viewer, ids: number[]): Promise<TagItem[]> {
  return db
    .select({ id: commodities.id, no: commodities.no, brand: brands.name, productName: commodities.productName })
    .from(commodities)
    .innerJoin(brands, eq(brands.id, commodities.brandId))
    .where(and(inArray(commodities.id, ids), visibleTo(viewer)));
}

/**
 * Each item's tag link, made for those that have none. Two printings at once both insert; the
 * unique index (one tag per item) keeps the first and the other's row is dropped, so both then
 * read the same id.
 */
export async function ensureTags(db: Db, commodityIds: number[], createdBy: number): Promise<Map<number, string>> {
  await db
    .insert(verificationLinks)
    .values(
      commodityIds.map((commodityId) => ({ id: newVerificationId(), kind: 'tag' as const, commodityId, createdBy })),
    )
    .onConflictDoNothing();
  const rows = await db
    .select({ id: verificationLinks.id, commodityId: verificationLinks.commodityId })
    .from(verificationLinks)
    .where(and(eq(verificationLinks.kind, 'tag'), inArray(verificationLinks.commodityId, commodityIds)));
  return new Map(rows.map((row) => [row.commodityId, row.id]));
}

/** The item a verification link (tag or certificate) belongs to, if the viewer may see it. */
export async function findLinkedItem(db: Db, viewer: Viewer, linkId: string) {
  const [row] = await db
    .select({ id: commodities.id, no: commodities.no })
    .from(verificationLinks)
    .innerJoin(commodities, eq(commodities.id, verificationLinks.commodityId))
    .where(and(eq(verificationLinks.id, linkId), visibleTo(viewer)));
  return row ?? null;
}
