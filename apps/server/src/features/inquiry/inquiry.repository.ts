import type { estimateSchema, InquiryInput, inquiryInputSchema } from '@jewel/contract/inquiry';
import { ESTIMATE_STATUS, INQUIRY_STATUS } from '@jewel/contract/values/inquiry-status';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { brands, inquiries, products, users } from '../../db/schema.ts';
import { inBranches } from '../../domain/branches.ts';

const valuers = alias(users, 'valuer');
/** Statuses in which an inquiry still takes an estimate or a close. */
const OPEN = [INQUIRY_STATUS.open, INQUIRY_STATUS.estimated];

export type InquiryRow = Awaited<ReturnType<typeof selectInquiries>>[number];

function selectInquiries(db: Db, where: SQL | undefined) {
  return db
    .select({
      inquiry: inquiries,
      recorderName: users.name,
      valuerName: valuers.name,
      brandName: brands.name,
      productName: products.name,
      productNames: products.names,
    })
    .from(inquiries)
    .innerJoin(users, eq(users.id, inquiries.recorderId))
    .leftJoin(valuers, eq(valuers.id, inquiries.valuerId))
    .leftJoin(brands, eq(brands.id, inquiries.brandId))
    .leftJoin(products, eq(products.id, inquiries.productId))
    .where(where);
}

/** Which inquiries: each set field narrows the list. */
export interface InquiryFilter {
  recorderId?: number;
  valuerId?: number;
  status?: number;
  /** Taken at one of these branches (issue 32); absent or null: any. */
  branchIds?: readonly number[] | null;
}

function whereOf({ recorderId, valuerId, status, branchIds }: InquiryFilter): SQL | undefined {
  return and(
    inBranches(inquiries.branchId, branchIds),
    recorderId === undefined ? undefined : eq(inquiries.recorderId, recorderId),
    valuerId === undefined ? undefined : eq(inquiries.valuerId, valuerId),
    status === undefined ? undefined : eq(inquiries.status, status),
  );
}

export async function listInquiries(db: Db, filter: InquiryFilter, page: number, pageSize: number) {
  const where = whereOf(filter);
  const [rows, [counted]] = await Promise.all([
    selectInquiries(db, where)
      .orderBy(desc(inquiries.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(inquiries)
      .where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

export async function findInquiry(db: Db, id: number, scope: InquiryFilter = {}) {
  const [row] = await selectInquiries(db, and(eq(inquiries.id, id), whereOf(scope)));
  return row ?? null;
}

/** The inquiry a recorder's submit with this key registered, if any, with what it was sent with. */
export async function findInquiryByKey(db: Db, recorderId: number, key: string) {
  const [row] = await db
    .select({
      id: inquiries.id,
      customer_name: inquiries.customerName,
      contact: inquiries.contact,
      brand_id: inquiries.brandId,
      product_id: inquiries.productId,
      product_name: inquiries.productName,
      photos: inquiries.photos,
      source: inquiries.source,
      priority: inquiries.priority,
      remark: inquiries.remark,
    })
    .from(inquiries)
    .where(and(eq(inquiries.recorderId, recorderId), eq(inquiries.idempotencyKey, key)));
  return row ?? null;
}

export async function insertInquiry(
  db: Db,
  { userId: recorderId, branchId }: { userId: number; branchId: number },
  input: z.output<typeof inquiryInputSchema>,
) {
  const [row] = await db
    .insert(inquiries)
    .values({
      recorderId,
      branchId,
      customerName: input.customer_name,
      contact: input.contact,
      brandId: input.brand_id,
      productId: input.product_id,
      productName: input.product_name,
      photos: input.photos,
      source: input.source,
      priority: input.priority,
      remark: input.remark,
      idempotencyKey: input.idempotency_key ?? null,
    })
    .returning({ id: inquiries.id });
  if (!row) throw new Error('inquiry not created');
  return row.id;
}

/** Sets the estimate while the inquiry is not closed; false when it is (or vanished). */
export async function saveEstimate(db: Db, id: number, valuerId: number, estimate: z.output<typeof estimateSchema>) {
  const updated = await db
    .update(inquiries)
    .set({
      status: INQUIRY_STATUS.estimated,
      estimateStatus: ESTIMATE_STATUS.estimated,
      priceLow: estimate.price_low,
      priceHigh: estimate.price_high,
      currency: estimate.currency,
      estimateNote: estimate.note,
      valuerId,
      estimatedAt: sql`now()`,
    })
    .where(and(eq(inquiries.id, id), inArray(inquiries.status, OPEN)))
    .returning({ id: inquiries.id });
  return updated.length > 0;
}

export async function closeInquiry(db: Db, id: number) {
  const updated = await db
    .update(inquiries)
    .set({ status: INQUIRY_STATUS.closed, closedAt: sql`now()` })
    .where(and(eq(inquiries.id, id), inArray(inquiries.status, OPEN)))
    .returning({ id: inquiries.id });
  return updated.length > 0;
}

/** Do the referenced brand and product exist, and does the product belong to the brand? */
export async function referencesExist(db: Db, input: Pick<InquiryInput, 'brand_id' | 'product_id'>) {
  const [brand] = input.brand_id
    ? await db.select({ id: brands.id }).from(brands).where(eq(brands.id, input.brand_id))
    : [{ id: 0 }];
  const [product] = input.product_id
    ? await db.select({ brandId: products.brandId }).from(products).where(eq(products.id, input.product_id))
    : [{ brandId: input.brand_id ?? 0 }];
  return {
    brand: Boolean(brand),
    product: Boolean(product) && (!input.brand_id || product?.brandId === input.brand_id),
  };
}
