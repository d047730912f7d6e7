import { markSkeleton } from '@jewel/contract/values/mark-skeleton';
import { and, desc, eq, ilike, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { brands, commodities, users, watchMatches, watchNotices } from '../../db/schema.ts';
import { inBranches } from '../../domain/branches.ts';
import { containsPattern } from '../../lib/like.ts';

export type NoticeRow = typeof watchNotices.$inferSelect;
export type NewNotice = typeof watchNotices.$inferInsert;

const acknowledgers = alias(users, 'acknowledger');
const witnesses = alias(users, 'witness');
const withdrawers = alias(users, 'withdrawer');
const recorders = alias(users, 'recorder');

const matchCounts = {
  matchCount:
    sql<number>`(select count(*) from ${watchMatches} where ${watchMatches.noticeId} = ${watchNotices.id})`.mapWith(
      Number,
    ),
  openMatchCount:
    sql<number>`(select count(*) from ${watchMatches} where ${watchMatches.noticeId} = ${watchNotices.id} and ${watchMatches.acknowledgedAt} is null)`.mapWith(
      Number,
    ),
};

export type NoticeWithCounts = Awaited<ReturnType<typeof selectNotices>>[number];

function selectNotices(db: Db, where: SQL | undefined) {
  return db
    .select({ notice: watchNotices, createdByName: users.name, withdrawnByName: withdrawers.name, ...matchCounts })
    .from(watchNotices)
    .innerJoin(users, eq(users.id, watchNotices.createdBy))
    .leftJoin(withdrawers, eq(withdrawers.id, watchNotices.withdrawnBy))
    .where(where);
}

export interface NoticeFilter {
  keyword?: string | undefined;
  status: 'active' | 'withdrawn' | 'all';
}

function noticeWhere({ keyword, status }: NoticeFilter): SQL | undefined {
  const norm = keyword ? markSkeleton(keyword) : '';
  const pattern = keyword ? containsPattern(keyword) : '';
  return and(
    status === 'active' ? isNull(watchNotices.withdrawnAt) : undefined,
    status === 'withdrawn' ? isNotNull(watchNotices.withdrawnAt) : undefined,
    keyword
      ? or(
          ilike(watchNotices.reference, pattern),
          ilike(watchNotices.brand, pattern),
          ilike(watchNotices.model, pattern),
          ilike(watchNotices.serialNo, pattern),
          ilike(watchNotices.engraving, pattern),
          ilike(watchNotices.description, pattern),
          ...(norm
            ? [
                ilike(watchNotices.serialNorm, containsPattern(norm)),
                ilike(watchNotices.engravingNorm, containsPattern(norm)),
              ]
            : []),
        )
      : undefined,
  );
}

export async function listNotices(db: Db, filter: NoticeFilter, page: number, pageSize: number) {
  const where = noticeWhere(filter);
  const rows = await selectNotices(db, where)
    .orderBy(desc(watchNotices.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [counted] = await db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(watchNotices)
    .where(where);
  return { rows, total: counted?.total ?? 0 };
}

export async function findNotice(db: Db, id: number) {
  const [row] = await selectNotices(db, eq(watchNotices.id, id)).limit(1);
  return row ?? null;
}

export async function insertNotices(db: Db, rows: NewNotice[]) {
  if (rows.length === 0) return [];
  return db.insert(watchNotices).values(rows).returning({ id: watchNotices.id });
}

/** Active notices saying the same thing: an import of the same file twice adds nothing. */
export async function activeNoticeKeys(db: Db): Promise<Set<string>> {
  const rows = await db
    .select({
      source: watchNotices.source,
      reference: watchNotices.reference,
      model: watchNotices.model,
      serialNorm: watchNotices.serialNorm,
      engravingNorm: watchNotices.engravingNorm,
    })
    .from(watchNotices)
    .where(isNull(watchNotices.withdrawnAt));
  return new Set(rows.map(noticeKey));
}

export function noticeKey(n: {
  source: string;
  reference: string;
  model: string;
  serialNorm: string;
  engravingNorm: string;
}): string {
  return JSON.stringify([n.source, n.reference, n.model.toUpperCase(), n.serialNorm, n.engravingNorm]);
}

/** Sets `withdrawn_at`, who and why, once; answers whether this call did it. */
export async function withdrawNotice(db: Db, id: number, userId: number, reason: string): Promise<boolean> {
  const rows = await db
    .update(watchNotices)
    .set({ withdrawnAt: new Date(), withdrawnBy: userId, withdrawReason: reason })
    .where(and(eq(watchNotices.id, id), isNull(watchNotices.withdrawnAt)))
    .returning({ id: watchNotices.id });
  return rows.length > 0;
}

export type MatchRow = Awaited<ReturnType<typeof selectMatches>>[number];

function selectMatches(db: Db, where: SQL | undefined) {
  return db
    .select({
      match: watchMatches,
      notice: watchNotices,
      commodity: {
        id: commodities.id,
        no: commodities.no,
        productName: commodities.productName,
        status: commodities.status,
        serialNo: commodities.serialNo,
        engraving: commodities.engraving,
        recorderId: commodities.recorderId,
      },
      brandName: brands.name,
      recorderName: recorders.name,
      acknowledgedByName: acknowledgers.name,
      witnessName: witnesses.name,
      withdrawnByName: withdrawers.name,
    })
    .from(watchMatches)
    .innerJoin(watchNotices, eq(watchNotices.id, watchMatches.noticeId))
    .innerJoin(commodities, eq(commodities.id, watchMatches.commodityId))
    .innerJoin(brands, eq(brands.id, commodities.brandId))
    .innerJoin(recorders, eq(recorders.id, commodities.recorderId))
    .leftJoin(acknowledgers, eq(acknowledgers.id, watchMatches.acknowledgedBy))
    .leftJoin(witnesses, eq(witnesses.id, watchMatches.witnessId))
    .leftJoin(withdrawers, eq(withdrawers.id, watchNotices.withdrawnBy))
    .where(where);
}

export interface MatchFilter {
  status: 'open' | 'acknowledged' | 'all';
  commodityId?: number | undefined;
  /** A match follows its item's branch (issue 32): those of the branches seen; null, every one. */
  branchIds: readonly number[] | null;
}

function matchWhere({ status, commodityId, branchIds }: MatchFilter): SQL | undefined {
  return and(
    inBranches(commodities.branchId, branchIds),
    status === 'open' ? isNull(watchMatches.acknowledgedAt) : undefined,
    status === 'acknowledged' ? isNotNull(watchMatches.acknowledgedAt) : undefined,
    commodityId === undefined ? undefined : eq(watchMatches.commodityId, commodityId),
  );
}

export async function listMatches(db: Db, filter: MatchFilter, page: number, pageSize: number) {
  const where = matchWhere(filter);
  // Open alerts newest first; the history by when each was acknowledged, newest first.
  const order =
    filter.status === 'acknowledged'
      ? [desc(watchMatches.acknowledgedAt), desc(watchMatches.id)]
      : [desc(watchMatches.id)];
  const rows = await selectMatches(db, where)
    .orderBy(...order)
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [counted] = await db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(watchMatches)
    .innerJoin(commodities, eq(commodities.id, watchMatches.commodityId))
    .where(where);
  return { rows, total: counted?.total ?? 0 };
}

export async function findMatch(db: Db, id: number, branchIds: readonly number[] | null) {
  const [row] = await selectMatches(
    db,
    and(eq(watchMatches.id, id), inBranches(commodities.branchId, branchIds)),
  ).limit(1);
  return row ?? null;
}

/** Locks the match for its acknowledgement. */
export async function lockMatch(db: Db, id: number) {
  const [row] = await db
    .select({ match: watchMatches, status: commodities.status })
    .from(watchMatches)
    .innerJoin(commodities, eq(commodities.id, watchMatches.commodityId))
    .where(eq(watchMatches.id, id))
    .for('update', { of: watchMatches })
    .limit(1);
  return row ?? null;
}

export async function acknowledgeMatch(
  db: Db,
  id: number,
  ack: { userId: number; reason: string; witnessId: number | null; alone: boolean },
) {
  await db
    .update(watchMatches)
    .set({
      acknowledgedBy: ack.userId,
      acknowledgedAt: new Date(),
      reason: ack.reason,
      witnessId: ack.witnessId,
      acknowledgedAlone: ack.alone,
    })
    .where(eq(watchMatches.id, id));
}
