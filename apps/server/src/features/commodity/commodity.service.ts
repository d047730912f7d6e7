import { createHash } from 'node:crypto';
import type {
  CommodityDetail,
  commodityListQuerySchema,
  commodityPageSchema,
  enrollResultSchema,
  enrollSchema,
} from '@jewel/contract/commodity';
import { idSchema } from '@jewel/contract/input';
import { FLOW_STATUS, PRIORITY_URGENT } from '@jewel/contract/values/commodity';
import { COMMODITY_LIST_TABS, COMMODITY_STATUS } from '@jewel/contract/values/commodity-status';
import type { Lang } from '@jewel/contract/values/i18n';
import { paths, withQuery } from '@jewel/contract/values/web-paths';
import { STANDARD_WORKFLOW } from '@jewel/contract/values/workflows';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { checkEnrollCustomer, customerForEnrollment } from '../../domain/customer-records.ts';
import { publishCommodityChange } from '../../domain/live-events.ts';
import { notify } from '../../domain/notify.ts';
import { photoFlags } from '../../domain/photo-owners.ts';
import type { ServiceDeps } from '../../domain/service-deps.ts';
import { shopTimeZone } from '../../domain/shop.ts';
import { matchWatchList } from '../../domain/watch-match.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/unique-violation.ts';
import { presentDetail, presentListItem } from './commodity.presenter.ts';
import * as repo from './commodity.repository.ts';
import { type CommodityFields, checkReferences, invalidField } from './commodity-checks.ts';

type EnrollBody = z.output<typeof enrollSchema>;
type EnrollResult = z.infer<typeof enrollResultSchema>;
type ListQuery = z.output<typeof commodityListQuerySchema>;
export type Page = z.infer<typeof commodityPageSchema>;

export const detailLink = (id: number) => withQuery(paths.commodityDetail, { id });

// ——— reading ———

export async function detail(db: Db, id: number, viewer: repo.Viewer, lang: Lang): Promise<CommodityDetail> {
  const row = await repo.findCommodityDetail(db, id, viewer);
  if (!row) throw new AppError('notFound');
  const c = row.commodity;
  const photos = [
    c.sizePics,
    c.weightPics,
    c.productPics,
    c.accessoryPics,
    c.engravingPics,
    c.inlayPics,
    c.materialPics,
  ];
  const [flows, events, flags] = await Promise.all([
    repo.listFlows(db, id),
    repo.listEvents(db, id),
    photoFlags(db, photos.flat()),
  ]);
  // The ledger is the staff recorders' (docs/roles.md): its entry's link is theirs too.
  const readsLedger = viewer.roleCode === 'recorder' && !viewer.isTmp && c.recycledAt !== null;
  return presentDetail(row, flows, events, viewer, lang, {
    ledgerEntry: readsLedger ? await repo.ledgerEntryOf(db, id) : null,
    photoFlags: flags,
  });
}

/** The cursor is opaque to clients: the last id of the page, base64url-encoded. */
function decodeCursor(cursor: string | undefined): number | null {
  if (!cursor) return null;
  const id = Number(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!idSchema.safeParse(id).success) throw invalidField('cursor');
  return id;
}

async function page(
  db: Db,
  filter: Omit<repo.ListFilter, 'limit' | 'beforeId'>,
  cursor: string | undefined,
  limit: number,
) {
  const rows = await repo.listCommodities(db, { ...filter, beforeId: decodeCursor(cursor), limit: limit + 1 });
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return {
    items: items.map((item) => presentListItem(item, filter.viewer)),
    next_cursor: rows.length > limit && last ? Buffer.from(String(last.id)).toString('base64url') : null,
  } satisfies Page;
}

/**
 * A valuer's comprehensive tab is their queue: the items they may assess, not those they
 * appraised or reconsidered (docs/decisions.md "A valuer's comprehensive tab is their queue").
 */
const comprehensiveQueueOf = (viewer: repo.Viewer, query: ListQuery) =>
  viewer.roleCode === 'valuers' && query.tab === 'comprehensive' ? viewer.userId : null;

/**
 * Callers who see the same page share a key: staff of one role who see the same branches see
 * every commodity of them alike, while a guest's pages, "mine" and a valuer's queues
 * (reconsiderations, comprehensive) are the caller's own.
 */
export function pageKey(kind: 'list' | 'reconsiderations', viewer: repo.Viewer, query: object) {
  const shared =
    kind === 'list' &&
    !viewer.isTmp &&
    (query as ListQuery).scope !== 'mine' &&
    comprehensiveQueueOf(viewer, query as ListQuery) === null;
  // Recorders and valuers see a customer differently: one shared page per role.
  const branches = viewer.branchIds?.join('.') ?? 'all';
  return JSON.stringify([
    kind,
    shared ? `staff:${viewer.roleCode}:${branches}` : `${viewer.roleCode}:${viewer.userId}:${branches}`,
    query,
  ]);
}

export function list(db: Db, viewer: repo.Viewer, query: ListQuery): Promise<Page> {
  const mine = query.scope === 'mine';
  return page(
    db,
    {
      statuses: COMMODITY_LIST_TABS[query.tab],
      keyword: query.keyword || null,
      recorderId: mine && viewer.roleCode === 'recorder' ? viewer.userId : null,
      valuerId: mine && viewer.roleCode === 'valuers' ? viewer.userId : null,
      urgentPriority: query.urgent === 1 ? PRIORITY_URGENT : null,
      viewer,
      queueOf: null,
      comprehensiveOf: comprehensiveQueueOf(viewer, query),
    },
    query.cursor,
    query.limit,
  );
}

/** Valuers only: a recorder has no reconsiderations to take. */
export function reconsiderations(db: Db, viewer: repo.Viewer, query: { cursor?: string; limit: number }) {
  if (viewer.roleCode !== 'valuers') throw new AppError('commodityRoleNotAllowed');
  return page(
    db,
    {
      statuses: [COMMODITY_STATUS.pendingReconsideration, COMMODITY_STATUS.inReconsideration],
      keyword: null,
      recorderId: null,
      valuerId: null,
      urgentPriority: null,
      viewer,
      queueOf: viewer.userId,
      comprehensiveOf: null,
    },
    query.cursor,
    query.limit,
  );
}

// ——— enrollment ———

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * The parsed body (defaults filled in), so that an omitted default and a sent one hash alike. An
 * empty `serial_no` (added later) is left out, so that a body stored before it existed hashes alike.
 */
function bodyHash(body: EnrollBody): string {
  // Without a picked customer or a serial number the body hashes as before they existed: a
  // retry of a submit made before then still finds its enrollment.
  const { idempotency_key: _key, customer_id, ...rest } = body;
  // Likewise without the photo guide's shots (issue 17).
  const commodities = rest.commodities.map(({ serial_no, product_pic_shots, ...c }) => ({
    ...c,
    ...(serial_no === '' ? {} : { serial_no }),
    ...(product_pic_shots.length === 0 ? {} : { product_pic_shots }),
  }));
  const hashed = { ...rest, commodities, ...(customer_id === null ? {} : { customer_id }) };
  return createHash('sha256').update(canonicalJson(hashed)).digest('hex');
}

/** The shop's calendar day: `2026-11-21`. */
function shopDay(timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(),
  );
}

/** Commodity columns of the submitted fields (shared with the update). */
export function commodityColumns(c: CommodityFields) {
  return {
    brandId: c.brand_id,
    typeId: c.type_id,
    categoryId: c.category_id,
    productId: c.product_id,
    productName: c.product_name,
    productCode: c.product_code,
    materialId: c.material_id,
    length: c.length,
    width: c.width,
    sizeUnit: c.size_unit,
    sizePics: c.size_pics,
    weight: c.weight,
    weightUnit: c.weight_unit,
    weightPics: c.weight_pics,
    productStatus: c.product_status,
    productPics: c.product_pics,
    productPicShots: c.product_pic_shots,
    accessories: c.accessories,
    accessoryPics: c.accessory_pics,
    serialNo: c.serial_no,
    engraving: c.engraving,
    engravingPics: c.engraving_pics,
    inlayPics: c.inlay_pics,
    materialPics: c.material_pics,
    remark: c.remark,
    priority: c.priority,
  };
}

function replayOf(existing: NonNullable<Awaited<ReturnType<typeof repo.findEnrollmentByKey>>>, hash: string) {
  if (existing.bodyHash !== hash) throw new AppError('enrollmentKeyReused');
  return { id: existing.id, commodities: existing.commodities, replayed: true };
}

/**
 * Registers a customer and their commodities in one transaction. A submit whose key was seen
 * before answers the first enrollment (or is refused when its body differs); two submits racing
 * with one key meet at the unique index, and the loser answers the winner's enrollment.
 */
export async function enroll(deps: ServiceDeps, viewer: repo.Viewer, body: EnrollBody): Promise<EnrollResult> {
  if (viewer.roleCode !== 'recorder') throw new AppError('commodityRoleNotAllowed');
  const hash = bodyHash(body);
  const earlier = await repo.findEnrollmentByKey(deps.db, viewer.userId, body.idempotency_key);
  if (earlier) return replayOf(earlier, hash);
  await checkReferences(
    deps.db,
    body.commodities.map((fields, index) => ({ path: `commodities.${index}`, fields })),
    viewer.userId,
    viewer.branchId,
  );
  await checkEnrollCustomer(deps.db, viewer, body.customer_id);
  try {
    // The day in the items' numbers is the shop's (its time zone, as its managers set it).
    const timeZone = await shopTimeZone(deps.db, deps.config);
    const created = await deps.db.transaction((tx) => createEnrollment(tx, timeZone, viewer, body, hash));
    deps.signalHere('commodity');
    return created;
  } catch (error) {
    if (!isUniqueViolation(error, 'enrollments_key_idx')) throw error;
    const winner = await repo.findEnrollmentByKey(deps.db, viewer.userId, body.idempotency_key);
    if (!winner) throw error;
    return replayOf(winner, hash);
  }
}

async function createEnrollment(tx: Db, timeZone: string, viewer: repo.Viewer, body: EnrollBody, hash: string) {
  const { userId: recorderId, branchId } = viewer;
  // The enrollment first: a concurrent submit with the same key stops here, before taking numbers.
  const enrollmentId = await repo.insertEnrollment(tx, {
    recorderId,
    branchId,
    idempotencyKey: body.idempotency_key,
    bodyHash: hash,
    customerName: body.customer_name,
    customerPhone: body.customer_phone,
    customerAddress: body.customer_address,
  });
  // The customer record: the one picked, or found by phone and name, or new (domain/customer-records.ts).
  const customerId = await customerForEnrollment(tx, viewer, {
    customerId: body.customer_id,
    name: body.customer_name,
    phone: body.customer_phone,
    address: body.customer_address,
  });
  await repo.linkEnrollmentCustomer(tx, enrollmentId, customerId);
  const day = shopDay(timeZone);
  const numbers = await repo.reserveNumbers(tx, day, body.commodities.length);
  const standard = body.commodities.some((c) => c.valuer_id !== null)
    ? await repo.findWorkflow(tx, { code: STANDARD_WORKFLOW })
    : null;
  const statusOf = (valuerId: number | null) =>
    valuerId === null ? COMMODITY_STATUS.pendingDistribution : COMMODITY_STATUS.pendingAppraisal;
  const inserted = await repo.insertCommodities(
    tx,
    body.commodities.map((c, index) => ({
      ...commodityColumns(c),
      no: `C${day.replaceAll('-', '')}-${String(numbers[index]).padStart(4, '0')}`,
      enrollmentId,
      recorderId,
      branchId,
      status: statusOf(c.valuer_id),
      valuerId: c.valuer_id,
      workflowId: c.valuer_id === null ? null : (standard?.id ?? null),
    })),
  );
  const created = inserted.map((row, index) => {
    const valuerId = body.commodities[index]?.valuer_id ?? null;
    return { ...row, valuerId, status: statusOf(valuerId) };
  });
  const byValuer = new Map<number, typeof created>();
  for (const row of created) {
    await repo.insertEvents(tx, [
      {
        commodityId: row.id,
        actorId: recorderId,
        action: 'enroll',
        fromStatus: null,
        toStatus: row.status,
        changes: row.valuerId === null ? {} : { valuer_id: row.valuerId },
      },
    ]);
    await publishCommodityChange(tx, { id: row.id, status: row.status, recorderId, valuerIds: [row.valuerId] });
    if (row.valuerId === null) continue;
    await repo.insertFlow(tx, {
      commodityId: row.id,
      round: 1,
      step: 'first',
      valuerId: row.valuerId,
      status: FLOW_STATUS.pending,
    });
    byValuer.set(row.valuerId, [...(byValuer.get(row.valuerId) ?? []), row]);
  }
  // After the enrollment's events, so that the item's history shows the match after its registration.
  await matchWatchList(tx, { commodityIds: inserted.map((row) => row.id) }, 'enrollment', recorderId);
  if (byValuer.size > 0) {
    const from = await repo.userName(tx, recorderId);
    await notify(
      tx,
      [...byValuer].map(([userId, rows]) => distributedNotice(userId, from, rows)),
    );
  }
  return { id: enrollmentId, commodities: inserted, replayed: false };
}

/** `distributed`: one per valuer and call, with the count and the numbers. */
export function distributedNotice(userId: number, from: string, rows: { id: number; no: string }[]) {
  return {
    userId,
    type: 'distributed' as const,
    params: { from, count: rows.length, number: rows.map((row) => row.no).join(', ') },
    link: rows.length === 1 && rows[0] ? detailLink(rows[0].id) : paths.commodityList,
  };
}
