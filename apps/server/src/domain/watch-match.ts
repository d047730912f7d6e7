import { IS_RECYCLE } from '@jewel/contract/values/commodity';
import { COMMODITY_STATUS } from '@jewel/contract/values/commodity-status';
import { markSkeleton, SERIAL_INSIDE_MIN } from '@jewel/contract/values/mark-skeleton';
import { paths, withQuery } from '@jewel/contract/values/web-paths';
import type { WATCH_MATCH_STAGES, WATCH_MATCHED_ON } from '@jewel/contract/watch';
import { and, eq, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { commodities, commodityEvents, watchMatches, watchNotices } from '../db/schema.ts';
import { AppError } from '../lib/app-error.ts';
import { type NewNotification, notify } from './notify.ts';
import type { ServiceDeps } from './service-deps.ts';

/*
 * Where the stolen-goods watch list (features/watch) meets the commodities (docs/decisions.md "The stolen-goods watch list"
 * and "The watch list stops a buyback first"): a commodity's serial number or engraving, as a
 * skeleton (`markSkeleton`: look-alike characters folded), equal to a notice's serial number or
 * engraving skeleton, or holding the notice's serial skeleton (of `SERIAL_INSIDE_MIN` characters
 * or more) inside it. Empty marks never match; withdrawn notices never match. A pair matches
 * once (a unique index), whatever finds it first: enrollment, update, a new notice, a buyback.
 */

type Stage = (typeof WATCH_MATCH_STAGES)[number];
type MatchedOn = (typeof WATCH_MATCHED_ON)[number];

interface MarkedCommodity {
  id: number;
  no: string;
  status: number;
  recorderId: number;
  serialNo: string;
  engraving: string;
}

const markedColumns = {
  id: commodities.id,
  no: commodities.no,
  status: commodities.status,
  recorderId: commodities.recorderId,
  serialNo: commodities.serialNo,
  engraving: commodities.engraving,
};

interface Mark {
  on: MatchedOn;
  norm: string;
  text: string;
}

/** A commodity's non-empty marks as skeletons, serial number first. */
function marksOf(c: { serialNo: string; engraving: string }): Mark[] {
  return [
    { on: 'serial' as const, norm: markSkeleton(c.serialNo), text: c.serialNo },
    { on: 'engraving' as const, norm: markSkeleton(c.engraving), text: c.engraving },
  ].filter((mark) => mark.norm !== '');
}

/**
 * The first of a commodity's marks that matches a notice (both as skeletons): equal to its serial
 * or its engraving, or holding its serial inside when that serial is long enough not to turn up
 * by chance (a serial typed into the engraving with other words). Null when none does.
 */
export function matchingMark<M extends { norm: string }>(
  notice: { serialNorm: string; engravingNorm: string },
  marks: M[],
): M | null {
  const equal = [notice.serialNorm, notice.engravingNorm].filter((norm) => norm !== '');
  const inside = notice.serialNorm.length >= SERIAL_INSIDE_MIN ? notice.serialNorm : null;
  return (
    marks.find((mark) => equal.includes(mark.norm)) ??
    (inside === null ? undefined : marks.find((mark) => mark.norm.includes(inside))) ??
    null
  );
}

/** Whether a notice's marks match a commodity's, as the list compares them (the table test's entry). */
export function marksMatch(
  notice: { serialNo: string; engraving: string },
  commodity: { serialNo: string; engraving: string },
): MatchedOn | null {
  const found = matchingMark(
    { serialNorm: markSkeleton(notice.serialNo), engravingNorm: markSkeleton(notice.engraving) },
    marksOf(commodity),
  );
  return found?.on ?? null;
}

/** What a notice is called in a notification or a refusal: its reference, or brand and model. */
export function noticeLabel(notice: { id: number; reference: string; brand: string; model: string }): string {
  return notice.reference || [notice.brand, notice.model].filter(Boolean).join(' ') || `#${notice.id}`;
}

/**
 * Matches commodities against active notices and records what is new: a `watch_matches` row, a
 * `watchMatch` event on the commodity (by `actorId`, whose action found it) and a notification
 * to the commodity's recorder. Runs in the caller's transaction. Answers how many matches are new.
 *
 * `commodityIds`: these commodities (enrollment, buyback); `commodities`: these with the marks
 * given (an update, before it is written); otherwise every commodity not yet bought back (status
 * below 80) that has a mark, against `noticeIds` (a notice added or imported).
 */
export async function matchWatchList(
  tx: Db,
  scope: { commodityIds: number[] } | { commodities: MarkedCommodity[] } | { noticeIds: number[] },
  stage: Stage,
  actorId: number,
): Promise<number> {
  const hasMark = or(ne(commodities.serialNo, ''), ne(commodities.engraving, ''));
  const candidates: MarkedCommodity[] =
    'commodities' in scope
      ? scope.commodities
      : 'commodityIds' in scope
        ? scope.commodityIds.length === 0
          ? []
          : await tx
              .select(markedColumns)
              .from(commodities)
              .where(and(inArray(commodities.id, scope.commodityIds), hasMark))
        : await tx
            .select(markedColumns)
            .from(commodities)
            .where(and(lt(commodities.status, COMMODITY_STATUS.recycled), hasMark));
  const marked = candidates.map((commodity) => ({ commodity, marks: marksOf(commodity) }));
  const norms = [...new Set(marked.flatMap(({ marks }) => marks.map((mark) => mark.norm)))];
  if (norms.length === 0) return 0;
  // A notice's serial inside a commodity's longer mark: asked of the database only for the few
  // commodities of an enrollment, an update or a buyback; a new notice is compared in JS.
  const holding = norms.filter((norm) => norm.length > SERIAL_INSIDE_MIN);
  const inside =
    'noticeIds' in scope || holding.length === 0
      ? undefined
      : and(
          sql`length(${watchNotices.serialNorm}) >= ${SERIAL_INSIDE_MIN}`,
          or(...holding.map((norm) => sql`strpos(${norm}, ${watchNotices.serialNorm}) > 0`)),
        );
  const notices = await tx
    .select({
      id: watchNotices.id,
      reference: watchNotices.reference,
      brand: watchNotices.brand,
      model: watchNotices.model,
      serialNorm: watchNotices.serialNorm,
      engravingNorm: watchNotices.engravingNorm,
    })
    .from(watchNotices)
    .where(
      and(
        isNull(watchNotices.withdrawnAt),
        'noticeIds' in scope
          ? inArray(watchNotices.id, scope.noticeIds)
          : or(inArray(watchNotices.serialNorm, norms), inArray(watchNotices.engravingNorm, norms), inside),
      ),
    );
  const found: { notice: (typeof notices)[number]; commodity: MarkedCommodity; on: MatchedOn; text: string }[] = [];
  for (const notice of notices) {
    for (const { commodity, marks } of marked) {
      const mark = matchingMark(notice, marks);
      if (mark) found.push({ notice, commodity, on: mark.on, text: mark.text });
    }
  }
  if (found.length === 0) return 0;
  const inserted = await tx
    .insert(watchMatches)
    .values(found.map((f) => ({ noticeId: f.notice.id, commodityId: f.commodity.id, matchedOn: f.on, stage })))
    .onConflictDoNothing({ target: [watchMatches.noticeId, watchMatches.commodityId] })
    .returning({ id: watchMatches.id, noticeId: watchMatches.noticeId, commodityId: watchMatches.commodityId });
  const fresh = found.filter((f) =>
    inserted.some((row) => row.noticeId === f.notice.id && row.commodityId === f.commodity.id),
  );
  if (fresh.length === 0) return 0;
  await tx.insert(commodityEvents).values(
    fresh.map((f) => ({
      commodityId: f.commodity.id,
      actorId,
      action: 'watchMatch',
      fromStatus: f.commodity.status,
      toStatus: f.commodity.status,
      changes: { notice_id: f.notice.id, notice: noticeLabel(f.notice), matched_on: f.on, stage },
    })),
  );
  await notify(
    tx,
    fresh.map(
      (f): NewNotification => ({
        userId: f.commodity.recorderId,
        type: 'watch_match',
        params: { number: f.commodity.no, notice: noticeLabel(f.notice), mark: f.text },
        link: withQuery(paths.commodityDetail, { id: f.commodity.id }),
      }),
    ),
  );
  return fresh.length;
}

/** The matches of a commodity that nobody acknowledged yet, with what each notice is called. */
export function openMatchesOf(db: Db, commodityId: number) {
  return db
    .select({
      id: watchMatches.id,
      noticeId: watchNotices.id,
      reference: watchNotices.reference,
      brand: watchNotices.brand,
      model: watchNotices.model,
    })
    .from(watchMatches)
    .innerJoin(watchNotices, eq(watchNotices.id, watchMatches.noticeId))
    .where(and(eq(watchMatches.commodityId, commodityId), isNull(watchMatches.acknowledgedAt)))
    .orderBy(watchMatches.id);
}

/**
 * The watch list's part of "confirm recycle", called first by the buyback: a purchase
 * (`is_recycle` yes) of a visible, identified commodity is checked against the list once more,
 * and is refused (`watchListMatch`, naming the notices) while a match waits for an
 * acknowledgement. The check commits on its own before the refusal: a match found now is
 * recorded (and its recorder told) although the buyback changes nothing. Returning the item to
 * the customer (`is_recycle` no) is never blocked here: the shop does not take it, so the
 * notice's owner is served by the alert and the shop's report, not by keeping the item.
 */
export async function refuseBuybackOnWatchMatch(
  deps: Pick<ServiceDeps, 'db'>,
  viewer: { userId: number; roleCode: string; isTmp: boolean },
  commodityId: number,
  isRecycle: number,
): Promise<void> {
  if (isRecycle !== IS_RECYCLE.yes) return;
  const open = await deps.db.transaction(async (tx) => {
    const [commodity] = await tx
      .select({ id: commodities.id, status: commodities.status, recorderId: commodities.recorderId })
      .from(commodities)
      .where(eq(commodities.id, commodityId))
      .for('update')
      .limit(1);
    // Only a buyback the status machine would let through (an identified item, a recorder who
    // sees it: staff, or the guest who registered it); any other is the buyback's own refusal.
    const allowed =
      commodity?.status === COMMODITY_STATUS.identified &&
      viewer.roleCode === 'recorder' &&
      (!viewer.isTmp || commodity.recorderId === viewer.userId);
    if (!allowed) return [];
    await matchWatchList(tx, { commodityIds: [commodity.id] }, 'recycle', viewer.userId);
    return openMatchesOf(tx, commodity.id);
  });
  if (open.length === 0) return;
  throw new AppError('watchListMatch', {
    params: { matches: open.map((match) => noticeLabel({ ...match, id: match.noticeId })).join(', ') },
    data: { match_ids: open.map((match) => match.id) },
  });
}

/**
 * Brings every notice's stored skeletons (`serial_norm`, `engraving_norm`) up to the current
 * `markSkeleton`, at the server's start after the migrations: a notice stored before the
 * skeleton learnt a look-alike matches it from then on, and is matched at once against the items
 * not yet bought back (stage `notice`, by the notice's creator), as a new notice would be.
 * Answers how many notices changed.
 */
export async function refreshNoticeSkeletons(db: Db): Promise<number> {
  const rows = await db
    .select({
      id: watchNotices.id,
      createdBy: watchNotices.createdBy,
      withdrawnAt: watchNotices.withdrawnAt,
      serialNo: watchNotices.serialNo,
      serialNorm: watchNotices.serialNorm,
      engraving: watchNotices.engraving,
      engravingNorm: watchNotices.engravingNorm,
    })
    .from(watchNotices);
  let changed = 0;
  for (const row of rows) {
    const serialNorm = markSkeleton(row.serialNo);
    const engravingNorm = markSkeleton(row.engraving);
    if (serialNorm === row.serialNorm && engravingNorm === row.engravingNorm) continue;
    await db.transaction(async (tx) => {
      await tx.update(watchNotices).set({ serialNorm, engravingNorm }).where(eq(watchNotices.id, row.id));
      if (row.withdrawnAt === null) await matchWatchList(tx, { noticeIds: [row.id] }, 'notice', row.createdBy);
    });
    changed += 1;
  }
  return changed;
}
