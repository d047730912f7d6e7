import type { CommodityStatus } from '@jewel/contract/values/commodity-status';
import { seesCustomerWhole } from '@jewel/contract/values/personal-data';
import {
  and,
  arrayContains,
  asc,
  desc,
  eq,
  gt,
  ilike,
  inArray,
  isNull,
  like,
  lt,
  or,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { literalLimit, preparedQuery } from '../../db/prepared.ts';
import {
  brands,
  brandTypes,
  categories,
  commodities,
  commodityEvents,
  commodityNumbers,
  dictionaryOptions,
  enrollments,
  identifyFlows,
  ledgerEntries,
  materials,
  photoGuideShots,
  products,
  temporaryLinks,
  users,
  workflows,
} from '../../db/schema.ts';
import { inBranches, worksAtBranch } from '../../domain/branches.ts';
import { comprehensiveQueue, reconsiderationQueue } from '../../domain/valuer-queues.ts';
import { containsPattern, prefixPattern } from '../../lib/like.ts';

export type CommodityRow = typeof commodities.$inferSelect;
export type NewCommodity = typeof commodities.$inferInsert;
export type FlowRow = typeof identifyFlows.$inferSelect;
type NewFlow = typeof identifyFlows.$inferInsert;
type NewEvent = typeof commodityEvents.$inferInsert;

/** Who is asking, as far as what they may see is concerned. */
export interface Viewer {
  userId: number;
  roleCode: 'recorder' | 'valuers';
  isTmp: boolean;
  /** Reads as a recorder without holding the role (a manager, ADR 0104): no action is theirs. */
  readOnly?: boolean;
  /** The branch the session works at (issue 32): a registration goes there. */
  branchId: number;
  /** The branches whose items the viewer sees; null: every one (domain/sessions.ts `seenBranches`). */
  branchIds: readonly number[] | null;
}

/**
 * What a viewer may see: everything (staff), or a guest's own share; `…B` only within some
 * branches (issue 32). Each is a shape of the prepared queries.
 */
type Visibility = `${'staff' | Viewer['roleCode']}${'' | 'B'}`;

const visibilityOf = (viewer: Viewer): Visibility =>
  `${viewer.isTmp ? viewer.roleCode : 'staff'}${viewer.branchIds === null ? '' : 'B'}`;

/**
 * Guests see only their own registrations (recorder) or what was distributed to them (valuer);
 * and anyone who does not see every branch, only the items their branches hold.
 */
function visibleAs(
  visibility: Visibility,
  userId: number | Placeholder,
  branchIds: readonly number[] | Placeholder,
): SQL | undefined {
  const share = visibility.startsWith('recorder')
    ? eq(commodities.recorderId, userId)
    : visibility.startsWith('valuers')
      ? eq(commodities.valuerId, userId)
      : undefined;
  const branch = !visibility.endsWith('B')
    ? undefined
    : Array.isArray(branchIds)
      ? inBranches(commodities.branchId, branchIds)
      : sql`${commodities.branchId} = any(${branchIds}::int[])`;
  return and(share, branch);
}

const visibleTo = (viewer: Viewer) => visibleAs(visibilityOf(viewer), viewer.userId, viewer.branchIds ?? []);

// ——— enrollment ———

export async function findEnrollmentByKey(db: Db, recorderId: number, key: string) {
  const [enrollment] = await db
    .select({ id: enrollments.id, bodyHash: enrollments.bodyHash })
    .from(enrollments)
    .where(and(eq(enrollments.recorderId, recorderId), eq(enrollments.idempotencyKey, key)))
    .limit(1);
  if (!enrollment) return null;
  const items = await db
    .select({ id: commodities.id, no: commodities.no })
    .from(commodities)
    .where(eq(commodities.enrollmentId, enrollment.id))
    .orderBy(asc(commodities.id));
  return { ...enrollment, commodities: items };
}

export async function insertEnrollment(db: Db, values: typeof enrollments.$inferInsert): Promise<number> {
  const [row] = await db.insert(enrollments).values(values).returning({ id: enrollments.id });
  if (!row) throw new Error('enrollment insert returned no row');
  return row.id;
}

/** The customer record of an enrollment, once found or created in the same transaction. */
export async function linkEnrollmentCustomer(db: Db, enrollmentId: number, customerId: number) {
  await db.update(enrollments).set({ customerId }).where(eq(enrollments.id, enrollmentId));
}

/** Takes `count` numbers of the day at once; the upsert's row lock makes concurrent takers queue. */
export async function reserveNumbers(db: Db, day: string, count: number): Promise<number[]> {
  const [row] = await db
    .insert(commodityNumbers)
    .values({ day, last: count })
    .onConflictDoUpdate({ target: commodityNumbers.day, set: { last: sql`${commodityNumbers.last} + ${count}` } })
    .returning({ last: commodityNumbers.last });
  if (!row) throw new Error('number upsert returned no row');
  return Array.from({ length: count }, (_, i) => row.last - count + 1 + i);
}

export function insertCommodities(db: Db, rows: NewCommodity[]) {
  return db.insert(commodities).values(rows).returning({ id: commodities.id, no: commodities.no });
}

export async function findEnrollment(db: Db, id: number) {
  const [row] = await db.select().from(enrollments).where(eq(enrollments.id, id)).limit(1);
  return row ?? null;
}

export async function updateEnrollment(
  db: Db,
  id: number,
  customer: { customerName: string; customerPhone: string; customerAddress: string },
) {
  await db.update(enrollments).set(customer).where(eq(enrollments.id, id));
}

// ——— references ———

/** The ids among `ids` that exist in the table. */
async function existing(db: Db, table: typeof brands | typeof categories | typeof materials, ids: number[]) {
  if (ids.length === 0) return new Set<number>();
  const rows = await db.select({ id: table.id }).from(table).where(inArray(table.id, ids));
  return new Set(rows.map((row) => row.id));
}

export const existingBrands = (db: Db, ids: number[]) => existing(db, brands, ids);
export const existingCategories = (db: Db, ids: number[]) => existing(db, categories, ids);
export const existingMaterials = (db: Db, ids: number[]) => existing(db, materials, ids);

/** The photo guide's shot codes of each of the categories. */
export async function categoryShotCodes(db: Db, categoryIds: number[]) {
  const codes = new Map<number, Set<string>>();
  if (categoryIds.length === 0) return codes;
  const rows = await db
    .select({ categoryId: photoGuideShots.categoryId, code: photoGuideShots.code })
    .from(photoGuideShots)
    .where(inArray(photoGuideShots.categoryId, categoryIds));
  for (const row of rows) codes.set(row.categoryId, (codes.get(row.categoryId) ?? new Set()).add(row.code));
  return codes;
}

/** Brand of each type. */
export async function typeBrands(db: Db, ids: number[]) {
  if (ids.length === 0) return new Map<number, number>();
  const rows = await db
    .select({ id: brandTypes.id, brandId: brandTypes.brandId })
    .from(brandTypes)
    .where(inArray(brandTypes.id, ids));
  return new Map(rows.map((row) => [row.id, row.brandId]));
}

export async function findProducts(db: Db, ids: number[]) {
  if (ids.length === 0) return new Map<number, typeof products.$inferSelect>();
  const rows = await db.select().from(products).where(inArray(products.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

/** Owner of each stored photo, by its stored name (thumbnails are not photos). */
/** An enabled valuer (a guest among them while their link lives), or null. */
/** An enabled valuer (a guest's link still live) who works at the branch (issue 32). */
export async function findEnabledValuer(db: Db, id: number, branchId: number) {
  const [row] = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .leftJoin(temporaryLinks, eq(temporaryLinks.id, users.temporaryLinkId))
    .where(
      and(
        eq(users.id, id),
        arrayContains(users.roles, ['valuers']),
        eq(users.isEnabled, true),
        or(eq(users.isTmp, false), and(isNull(temporaryLinks.revokedAt), gt(temporaryLinks.expiresAt, sql`now()`))),
        worksAtBranch(branchId),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Enabled regular valuers: who is told that a reconsideration waits. */
export async function regularValuerIds(db: Db) {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(arrayContains(users.roles, ['valuers']), eq(users.isEnabled, true), eq(users.isTmp, false)));
  return rows.map((row) => row.id);
}

export async function userName(db: Db, id: number) {
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, id)).limit(1);
  return row?.name ?? '';
}

export async function findWorkflow(db: Db, by: { id: number } | { code: string }) {
  const [row] = await db
    .select()
    .from(workflows)
    .where('id' in by ? eq(workflows.id, by.id) : eq(workflows.code, by.code))
    .limit(1);
  return row ?? null;
}

export async function statusLabel(db: Db, status: number) {
  const [row] = await db
    .select({ label: dictionaryOptions.label })
    .from(dictionaryOptions)
    .where(and(eq(dictionaryOptions.groupKey, 'identify_product.status'), eq(dictionaryOptions.value, String(status))))
    .limit(1);
  return row?.label ?? null;
}

// ——— list ———

const recorder = alias(users, 'recorder');
const valuer = alias(users, 'valuer');

export interface ListFilter {
  statuses: readonly CommodityStatus[];
  /** Only ids below this one (the keyset cursor). */
  beforeId: number | null;
  keyword: string | null;
  /** Registered by (recorder) or assigned to (valuer) this user. */
  recorderId: number | null;
  valuerId: number | null;
  urgentPriority: number | null;
  /** Whose list: a guest sees only their share. */
  viewer: Viewer;
  /** Only this valuer's reconsiderations queue. */
  queueOf: number | null;
  /** Only the comprehensive assessments this valuer may make. */
  comprehensiveOf: number | null;
  limit: number;
}

/** Which conditions a list query has, and its page's size: each shape is one prepared statement. */
const listShapeKey = (filter: ListFilter) =>
  [
    filter.statuses.join('.') || 'all',
    visibilityOf(filter.viewer),
    filter.beforeId === null ? '' : 'b',
    filter.keyword ? (seesCustomerWhole(filter.viewer.roleCode) ? 'kp' : 'k') : '',
    filter.recorderId === null ? '' : 'r',
    filter.valuerId === null ? '' : 'v',
    filter.urgentPriority === null ? '' : 'u',
    filter.queueOf === null ? '' : 'q',
    filter.comprehensiveOf === null ? '' : 'c',
    `l${filter.limit}`,
  ].join('');

const listQuery = preparedQuery(
  'commodity_list',
  (db, filter: ListFilter, name) =>
    db
      .select({
        id: commodities.id,
        no: commodities.no,
        status: commodities.status,
        priority: commodities.priority,
        productName: commodities.productName,
        brandName: brands.name,
        firstPhoto: sql<string | null>`${commodities.productPics}->>0`,
        customerName: enrollments.customerName,
        recorderId: recorder.id,
        recorderName: recorder.name,
        valuerId: valuer.id,
        valuerName: valuer.name,
        round: commodities.round,
        createdAt: commodities.createdAt,
        updatedAt: commodities.updatedAt,
      })
      .from(commodities)
      .innerJoin(enrollments, eq(enrollments.id, commodities.enrollmentId))
      .innerJoin(brands, eq(brands.id, commodities.brandId))
      .innerJoin(recorder, eq(recorder.id, commodities.recorderId))
      .leftJoin(valuer, eq(valuer.id, commodities.valuerId))
      .where(
        and(
          filter.statuses.length > 0 ? inArray(commodities.status, [...filter.statuses]) : undefined,
          filter.beforeId === null ? undefined : lt(commodities.id, sql.placeholder('beforeId')),
          filter.keyword
            ? or(
                ilike(commodities.no, sql.placeholder('prefix')),
                sql`lower(${commodities.productName}) like ${sql.placeholder('contains')}`,
                // A customer's phone is the recorders' to search: a valuer could read it digit by digit.
                seesCustomerWhole(filter.viewer.roleCode)
                  ? like(enrollments.customerPhone, sql.placeholder('prefix'))
                  : undefined,
              )
            : undefined,
          filter.recorderId === null ? undefined : eq(commodities.recorderId, sql.placeholder('recorderId')),
          filter.valuerId === null ? undefined : eq(commodities.valuerId, sql.placeholder('valuerId')),
          filter.urgentPriority === null ? undefined : eq(commodities.priority, sql.placeholder('urgentPriority')),
          visibleAs(visibilityOf(filter.viewer), sql.placeholder('viewerId'), sql.placeholder('branchIds')),
          filter.queueOf === null ? undefined : reconsiderationQueue(commodities, sql.placeholder('queueOf')),
          filter.comprehensiveOf === null
            ? undefined
            : comprehensiveQueue(commodities, sql.placeholder('comprehensiveOf')),
        ),
      )
      .orderBy(desc(commodities.id))
      .limit(literalLimit(filter.limit))
      .prepare(name),
  listShapeKey,
);

/** One page, newest first: a backward walk of an (…, id) index, joined row by row, no count. */
export function listCommodities(db: Db, filter: ListFilter) {
  const keyword = filter.keyword ?? '';
  return listQuery(db, filter).execute({
    beforeId: filter.beforeId,
    prefix: prefixPattern(keyword),
    contains: containsPattern(keyword.toLowerCase()),
    recorderId: filter.recorderId,
    valuerId: filter.valuerId,
    urgentPriority: filter.urgentPriority,
    viewerId: filter.viewer.userId,
    branchIds: filter.viewer.branchIds,
    queueOf: filter.queueOf,
    comprehensiveOf: filter.comprehensiveOf,
  });
}

export type ListRow = Awaited<ReturnType<typeof listCommodities>>[number];

// ——— detail ———

const commodityType = alias(brandTypes, 'commodity_type');

const detailQuery = preparedQuery('commodity_detail', (db, visibility: Visibility, name) =>
  db
    .select({
      commodity: commodities,
      enrollment: enrollments,
      recorder: { id: recorder.id, name: recorder.name },
      valuer: { id: valuer.id, name: valuer.name },
      workflow: { id: workflows.id, code: workflows.code, name: workflows.name },
      brand: { id: brands.id, name: brands.name },
      type: { id: commodityType.id, name: commodityType.name },
      category: { id: categories.id, name: categories.name },
      product: { id: products.id, name: products.name, names: products.names },
      material: { id: materials.id, name: materials.name },
    })
    .from(commodities)
    .innerJoin(enrollments, eq(enrollments.id, commodities.enrollmentId))
    .innerJoin(recorder, eq(recorder.id, commodities.recorderId))
    .leftJoin(valuer, eq(valuer.id, commodities.valuerId))
    .leftJoin(workflows, eq(workflows.id, commodities.workflowId))
    .innerJoin(brands, eq(brands.id, commodities.brandId))
    .leftJoin(commodityType, eq(commodityType.id, commodities.typeId))
    .innerJoin(categories, eq(categories.id, commodities.categoryId))
    .leftJoin(products, eq(products.id, commodities.productId))
    .leftJoin(materials, eq(materials.id, commodities.materialId))
    .where(
      and(
        eq(commodities.id, sql.placeholder('id')),
        visibleAs(visibility, sql.placeholder('viewerId'), sql.placeholder('branchIds')),
      ),
    )
    .limit(1)
    .prepare(name),
);

export async function findCommodityDetail(db: Db, id: number, viewer: Viewer) {
  const [row] = await detailQuery(db, visibilityOf(viewer)).execute({
    id,
    viewerId: viewer.userId,
    branchIds: viewer.branchIds,
  });
  return row ?? null;
}

export type DetailRow = NonNullable<Awaited<ReturnType<typeof findCommodityDetail>>>;

const flowValuer = alias(users, 'flow_valuer');

const flowsQuery = preparedQuery('commodity_flows', (db, _variant: 'all', name) =>
  db
    .select({
      flow: identifyFlows,
      valuerName: flowValuer.name,
      material: { id: materials.id, name: materials.name },
    })
    .from(identifyFlows)
    .innerJoin(flowValuer, eq(flowValuer.id, identifyFlows.valuerId))
    .leftJoin(materials, eq(materials.id, identifyFlows.identifiedMaterialId))
    .where(eq(identifyFlows.commodityId, sql.placeholder('commodityId')))
    .orderBy(asc(identifyFlows.round), asc(identifyFlows.id))
    .prepare(name),
);

export const listFlows = (db: Db, commodityId: number) => flowsQuery(db, 'all').execute({ commodityId });

export type FlowWithNames = Awaited<ReturnType<typeof listFlows>>[number];

const eventsQuery = preparedQuery('commodity_events', (db, _variant: 'all', name) =>
  db
    .select({ event: commodityEvents, actorName: users.name })
    .from(commodityEvents)
    .innerJoin(users, eq(users.id, commodityEvents.actorId))
    .where(eq(commodityEvents.commodityId, sql.placeholder('commodityId')))
    .orderBy(asc(commodityEvents.id))
    .prepare(name),
);

export const listEvents = (db: Db, commodityId: number) => eventsQuery(db, 'all').execute({ commodityId });

export type EventWithActor = Awaited<ReturnType<typeof listEvents>>[number];

// ——— actions ———

/** Locks the commodity row for the rest of the transaction; null when it does not exist or is not visible. */
export async function lockCommodity(db: Db, id: number, viewer: Viewer) {
  const [row] = await db
    .select()
    .from(commodities)
    .where(and(eq(commodities.id, id), visibleTo(viewer)))
    .for('update')
    .limit(1);
  return row ?? null;
}

export function roundFlows(db: Db, commodityId: number, round: number) {
  return db
    .select()
    .from(identifyFlows)
    .where(and(eq(identifyFlows.commodityId, commodityId), eq(identifyFlows.round, round)))
    .orderBy(asc(identifyFlows.id));
}

/** Writes the change and raises the version. */
export async function updateCommodity(db: Db, id: number, set: Partial<NewCommodity>) {
  await db
    .update(commodities)
    .set({ ...set, version: sql`${commodities.version} + 1`, updatedAt: sql`now()` })
    .where(eq(commodities.id, id));
}

export async function insertFlow(db: Db, flow: NewFlow): Promise<number> {
  const [row] = await db.insert(identifyFlows).values(flow).returning({ id: identifyFlows.id });
  if (!row) throw new Error('flow insert returned no row');
  return row.id;
}

export async function updateFlow(db: Db, id: number, set: Partial<NewFlow>) {
  await db.update(identifyFlows).set(set).where(eq(identifyFlows.id, id));
}

export async function insertEvents(db: Db, events: NewEvent[]) {
  if (events.length > 0) await db.insert(commodityEvents).values(events);
}

/** The newest ledger entry of a commodity bought back (a correction is newer than what it corrects), or null. */
/** The item's latest ledger entry: its id and its number in its branch's ledger. */
export async function ledgerEntryOf(db: Db, commodityId: number): Promise<{ id: number; no: number } | null> {
  const [row] = await db
    .select({ id: ledgerEntries.id, no: ledgerEntries.branchNo })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.commodityId, commodityId))
    .orderBy(desc(ledgerEntries.id))
    .limit(1);
  return row ?? null;
}
