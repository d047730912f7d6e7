import type { CurrencyFigures, InformationFilter } from '@jewel/contract/information';
import type { InformationOrder, InformationSort } from '@jewel/contract/values/information';
import { and, asc, count, desc, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import {
  brands,
  categories,
  commodities,
  identifyFlows,
  materials,
  products,
  subtotals,
  subtotalVersions,
  users,
} from '../../db/schema.ts';
import { inBranches } from '../../domain/branches.ts';
import { shopDayAfter, shopDayStart } from '../../domain/shop.ts';
import { containsPattern } from '../../lib/like.ts';

/*
 * The data base reads identified commodities (a final result exists: `result_flow_id` is set,
 * statuses 70, 80 and 90; a re-assessment clears it) joined with the flow holding that result.
 * The material is the one the valuer identified, else the one registered.
 */

const material = sql`coalesce(${identifyFlows.identifiedMaterialId}, ${commodities.materialId})`;
/** The middle of the price estimate: what "price" sorts by and what the average averages. */
const midPrice = sql`((${identifyFlows.priceLow} + ${identifyFlows.priceHigh}) / 2)`;

/** The branches whose results are read (issue 32); null: every one. */
export type SeenBranches = readonly number[] | null;

/** `array[1, 2]::int[]`: a list of branches as one SQL array (a bound array would be spread). */
const intArray = (ids: readonly number[]) =>
  sql`array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::int[]`;

/** The conditions of a filter over some branches, shared by the list and the subtotals' aggregate. */
export function filterConditions(filter: InformationFilter, timeZone: string, branchIds: SeenBranches): SQL[] {
  const conditions: (SQL | undefined)[] = [
    isNotNull(commodities.resultFlowId),
    inBranches(commodities.branchId, branchIds),
    filter.brand_id === undefined ? undefined : eq(commodities.brandId, filter.brand_id),
    filter.category_id === undefined ? undefined : eq(commodities.categoryId, filter.category_id),
    filter.product_id === undefined ? undefined : eq(commodities.productId, filter.product_id),
    filter.keyword === undefined
      ? undefined
      : sql`lower(${commodities.productName}) like ${containsPattern(filter.keyword.toLowerCase())}`,
    filter.material_id === undefined ? undefined : sql`${material} = ${filter.material_id}`,
    filter.state_level === undefined ? undefined : eq(identifyFlows.stateLevel, filter.state_level),
    filter.is_real === undefined ? undefined : eq(identifyFlows.isReal, filter.is_real),
    filter.currency === undefined ? undefined : eq(identifyFlows.currency, filter.currency),
    filter.identified_from === undefined
      ? undefined
      : sql`${commodities.identifiedAt} >= ${shopDayStart(filter.identified_from, timeZone)}`,
    filter.identified_to === undefined
      ? undefined
      : sql`${commodities.identifiedAt} < ${shopDayAfter(filter.identified_to, timeZone)}`,
  ];
  return conditions.filter((condition): condition is SQL => condition !== undefined);
}

// ——— list ———

/**
 * The sort key of each sort, and its text in a cursor. Rows without a recycle price come last
 * in either direction.
 */
function sortKey(sort: InformationSort, order: InformationOrder) {
  switch (sort) {
    case 'identified_at':
      return {
        expr: sql`${commodities.identifiedAt}`,
        text: sql<string>`to_char(${commodities.identifiedAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
        cast: (value: string) => sql`${value}::timestamptz`,
        pattern: /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/,
        isValue: isInstant,
      };
    case 'price':
      return numericKey(midPrice);
    case 'recycle_price':
      return numericKey(sql`coalesce(${commodities.recyclePrice}, ${order === 'desc' ? -1 : 1e15})`);
  }
}

function numericKey(expr: SQL) {
  return {
    expr,
    text: sql<string>`(${expr})::text`,
    cast: (value: string) => sql`${value}::numeric`,
    pattern: /^-?\d{1,16}(\.\d{1,20})?$/,
    isValue: (_text: string) => true,
  };
}

/** A real instant (no 30 February, no hour 29, no year 0, which PostgreSQL lacks) to the second. */
function isInstant(text: string) {
  const seconds = text.slice(0, 19);
  const time = Date.parse(`${seconds}Z`);
  return !Number.isNaN(time) && !seconds.startsWith('0000') && new Date(time).toISOString().startsWith(seconds);
}

export interface ListOptions {
  sort: InformationSort;
  order: InformationOrder;
  /** The last row of the previous page: its sort key's text and id. */
  after: { key: string; id: number } | null;
  limit: number;
}

/** Is this text a sort key of that sort (so that a forged cursor cannot reach the database)? */
export function isSortKeyText(sort: InformationSort, order: InformationOrder, text: string) {
  const key = sortKey(sort, order);
  return key.pattern.test(text) && key.isValue(text);
}

const identifiedMaterial = alias(materials, 'material');
const finalValuer = alias(users, 'valuer');

/** The row of each identified commodity, with the text of its sort key (for the cursor). */
function selectRows(db: Db, sortText: SQL<string>) {
  return db
    .select({
      id: commodities.id,
      no: commodities.no,
      status: commodities.status,
      round: commodities.round,
      brandId: commodities.brandId,
      brandName: brands.name,
      categoryId: commodities.categoryId,
      categoryName: categories.name,
      productId: commodities.productId,
      catalogName: products.name,
      catalogNames: products.names,
      productName: commodities.productName,
      materialId: identifiedMaterial.id,
      materialName: identifiedMaterial.name,
      stateLevel: identifyFlows.stateLevel,
      isReal: identifyFlows.isReal,
      priceLow: identifyFlows.priceLow,
      priceHigh: identifyFlows.priceHigh,
      currency: identifyFlows.currency,
      isRecycle: commodities.isRecycle,
      recyclePrice: commodities.recyclePrice,
      recycleCurrency: commodities.recycleCurrency,
      identifiedAt: commodities.identifiedAt,
      firstPhoto: sql<string | null>`${commodities.productPics}->>0`,
      sortKey: sortText,
    })
    .from(commodities)
    .innerJoin(identifyFlows, eq(identifyFlows.id, commodities.resultFlowId))
    .innerJoin(brands, eq(brands.id, commodities.brandId))
    .innerJoin(categories, eq(categories.id, commodities.categoryId))
    .leftJoin(products, eq(products.id, commodities.productId))
    .leftJoin(identifiedMaterial, sql`${identifiedMaterial.id} = ${material}`);
}

export type InformationDbRow = Awaited<ReturnType<typeof selectRows>>[number];

/** One page in the chosen order, ties broken by id; the next page starts after `after`. */
export function listRows(
  db: Db,
  filter: InformationFilter,
  timeZone: string,
  options: ListOptions,
  branchIds: SeenBranches,
) {
  const key = sortKey(options.sort, options.order);
  const direction = options.order === 'desc' ? desc : asc;
  const comparison = options.order === 'desc' ? sql.raw('<') : sql.raw('>');
  // The row comparison decides; the plain one beside it lets an index on the key seek to the page.
  const seek = options.order === 'desc' ? sql.raw('<=') : sql.raw('>=');
  const after = options.after
    ? sql`(${key.expr}, ${commodities.id}) ${comparison} (${key.cast(options.after.key)}, ${options.after.id})
        and ${key.expr} ${seek} ${key.cast(options.after.key)}`
    : undefined;
  // Every final result has a price: said for the planner, so that the price index (of priced flows
  // only) serves the price sort.
  const priced = options.sort === 'price' ? sql`${midPrice} is not null` : undefined;
  return selectRows(db, key.text)
    .where(and(...filterConditions(filter, timeZone, branchIds), priced, after))
    .orderBy(direction(key.expr), direction(commodities.id))
    .limit(options.limit);
}

/** One identified commodity with the rest of its final result, or null. */
export async function findRow(db: Db, id: number, branchIds: SeenBranches) {
  const [row] = await db
    .select({
      row: commodities,
      flow: identifyFlows,
      recorderName: users.name,
      valuerName: finalValuer.name,
    })
    .from(commodities)
    .innerJoin(identifyFlows, eq(identifyFlows.id, commodities.resultFlowId))
    .innerJoin(users, eq(users.id, commodities.recorderId))
    .innerJoin(finalValuer, eq(finalValuer.id, identifyFlows.valuerId))
    .where(and(eq(commodities.id, id), inBranches(commodities.branchId, branchIds)))
    .limit(1);
  if (!row) return null;
  const [listed] = await selectRows(db, sql<string>`''`).where(eq(commodities.id, id));
  return listed ? { ...row, listed } : null;
}

// ——— subtotals ———

/**
 * A subtotal's figures in ONE statement, computed by the database. The inner aggregate reads the
 * matching rows once and groups them by (estimate currency, bought or not, recycle currency): a
 * handful of partial sums, counts, minima and maxima (plain columns as keys: cheaper to hash). The outer one folds those few rows into figures per
 * currency (each part counts for its estimate's currency and, for its bought rows, for its
 * recycle price's currency, which may differ) plus the grand total (the empty grouping set).
 * Averages are sums over counts of the same parts, so they equal the plain average. Runs in the
 * caller's transaction.
 */
export async function computeFigures(db: Db, filter: InformationFilter, timeZone: string, branchIds: SeenBranches) {
  const e = sql.raw("filter (where v.kind = 'e')");
  const r = sql.raw("filter (where v.kind = 'r')");
  // Over the whole data base a merge join (an index-only scan of `commodities_result_idx` against
  // the flows' primary key, both in id order) measured ~12 % faster than the parallel hash join the
  // planner prefers (docs/decisions.md). Within the caller's transaction only.
  await db.execute(sql`set local enable_hashjoin = off`);
  const result = (await db.execute(sql`
    with parts as (
      select
        ${identifyFlows.currency} as currency,
        ${commodities.isRecycle} as is_recycle,
        ${commodities.recycleCurrency} as recycle_currency,
        count(*) as n,
        count(*) filter (where ${identifyFlows.isReal} = 1) as genuine,
        min(${identifyFlows.priceLow}) as price_min,
        sum(${identifyFlows.priceLow} + ${identifyFlows.priceHigh}) as price_sum2,
        max(${identifyFlows.priceHigh}) as price_max,
        count(${commodities.recyclePrice}) as recycle_n,
        min(${commodities.recyclePrice}) as recycle_min,
        sum(${commodities.recyclePrice}) as recycle_sum,
        max(${commodities.recyclePrice}) as recycle_max
      from ${commodities}
      join ${identifyFlows} on ${identifyFlows.id} = ${commodities.resultFlowId}
      where ${and(...filterConditions(filter, timeZone, branchIds))}
      group by 1, 2, 3
    )
    select
      v.currency,
      grouping(v.currency) as is_total,
      sum(p.n) ${e} as count,
      sum(p.genuine) ${e} as genuine_count,
      min(p.price_min) ${e} as price_min,
      round(sum(p.price_sum2) ${e} / nullif(2 * sum(p.n) ${e}, 0), 2) as price_avg,
      max(p.price_max) ${e} as price_max,
      sum(p.recycle_n) ${r} as recycle_count,
      min(p.recycle_min) ${r} as recycle_min,
      round(sum(p.recycle_sum) ${r} / nullif(sum(p.recycle_n) ${r}, 0), 2) as recycle_avg,
      max(p.recycle_max) ${r} as recycle_max
    from parts p
    cross join lateral (values ('e', p.currency), ('r', case when p.is_recycle = 1 then p.recycle_currency end))
      as v(kind, currency)
    where v.currency is not null
    group by grouping sets ((v.currency), ())
    order by is_total, v.currency
  `)) as unknown as { rows: Record<string, string | number | null>[] };
  const int = (value: string | number | null | undefined) => Number(value ?? 0);
  const amount = (value: string | number | null | undefined) =>
    value === null || value === undefined ? null : Number(value);
  const total = result.rows.find((row) => int(row.is_total) === 1);
  const byCurrency: CurrencyFigures[] = result.rows
    .filter((row) => int(row.is_total) === 0)
    .map((row) => ({
      currency: String(row.currency),
      count: int(row.count),
      genuine_count: int(row.genuine_count),
      price_min: amount(row.price_min),
      price_avg: amount(row.price_avg),
      price_max: amount(row.price_max),
      recycle_count: int(row.recycle_count),
      recycle_min: amount(row.recycle_min),
      recycle_avg: amount(row.recycle_avg),
      recycle_max: amount(row.recycle_max),
    }));
  return { count: int(total?.count), genuineCount: int(total?.genuine_count), byCurrency };
}

export async function insertSubtotal(
  db: Db,
  name: string,
  filter: InformationFilter,
  userId: number,
  branchIds: readonly number[],
) {
  const [row] = await db
    .insert(subtotals)
    .values({ name, filter, createdBy: userId, branchIds: [...branchIds] })
    .returning({ id: subtotals.id });
  if (!row) throw new Error('subtotal not created');
  return row.id;
}

const creator = alias(users, 'creator');

/** A subtotal the viewer sees: one over branches they all see (issue 32). */
export const subtotalSeen = (branchIds: SeenBranches) =>
  branchIds === null ? undefined : sql`${subtotals.branchIds} <@ ${intArray(branchIds)}`;

/** Locks the subtotal's row, so that versions of one subtotal are numbered one after another. */
export async function lockSubtotal(db: Db, id: number, userId: number, branchIds: SeenBranches) {
  const [row] = await db
    .select({
      subtotal: subtotals,
      creatorName: creator.name,
      computerName: sql<string>`(select ${users.name} from ${users} where ${users.id} = ${userId})`,
    })
    .from(subtotals)
    .innerJoin(creator, eq(creator.id, subtotals.createdBy))
    .where(and(eq(subtotals.id, id), subtotalSeen(branchIds)))
    .for('update', { of: subtotals })
    .limit(1);
  return row ?? null;
}

/** Adds the next version (the caller holds the subtotal's lock). */
export async function insertVersion(
  db: Db,
  subtotalId: number,
  userId: number,
  figures: Awaited<ReturnType<typeof computeFigures>>,
) {
  const [row] = await db
    .insert(subtotalVersions)
    .values({
      subtotalId,
      version: sql`(select coalesce(max(${subtotalVersions.version}), 0) + 1 from ${subtotalVersions} where ${subtotalVersions.subtotalId} = ${subtotalId})`,
      computedBy: userId,
      count: figures.count,
      genuineCount: figures.genuineCount,
      byCurrency: figures.byCurrency,
    })
    .returning();
  if (!row) throw new Error('subtotal version not created');
  return row;
}

const computer = alias(users, 'computer');
const latestVersion = alias(subtotalVersions, 'latest');

/** Subtotals with their latest version and how many versions they have, newest first. */
export async function listSubtotals(db: Db, where: SQL | undefined, page: number, pageSize: number) {
  const versionCount = sql<number>`(select count(*) from ${subtotalVersions} where ${subtotalVersions.subtotalId} = ${subtotals.id})`;
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        subtotal: subtotals,
        creatorName: creator.name,
        latest: latestVersion,
        computerName: computer.name,
        versions: versionCount.mapWith(Number),
      })
      .from(subtotals)
      .innerJoin(creator, eq(creator.id, subtotals.createdBy))
      .innerJoin(
        latestVersion,
        sql`${latestVersion.id} = (select ${subtotalVersions.id} from ${subtotalVersions} where ${subtotalVersions.subtotalId} = ${subtotals.id} order by ${subtotalVersions.version} desc limit 1)`,
      )
      .innerJoin(computer, eq(computer.id, latestVersion.computedBy))
      .where(where)
      .orderBy(desc(subtotals.createdAt), desc(subtotals.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(subtotals).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

export type SubtotalDbRow = Awaited<ReturnType<typeof listSubtotals>>['rows'][number];

export async function findSubtotal(db: Db, id: number, branchIds: SeenBranches) {
  const { rows } = await listSubtotals(db, and(eq(subtotals.id, id), subtotalSeen(branchIds)), 1, 1);
  return rows[0] ?? null;
}

/** A subtotal's versions, newest first. */
export async function listVersions(db: Db, subtotalId: number, page: number, pageSize: number) {
  const where = eq(subtotalVersions.subtotalId, subtotalId);
  const [rows, [counted]] = await Promise.all([
    db
      .select({ version: subtotalVersions, computerName: users.name })
      .from(subtotalVersions)
      .innerJoin(users, eq(users.id, subtotalVersions.computedBy))
      .where(where)
      .orderBy(desc(subtotalVersions.version))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(subtotalVersions).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}
