import { and, count, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { brands, commodities, customers, enrollments, identifyFlows, identityChecks, users } from '../../db/schema.ts';
import { inBranches } from '../../domain/branches.ts';
import {
  type CustomerViewer,
  findCustomer,
  insertCustomer,
  phoneDigits,
  phoneDigitsSql,
  updateCustomer,
  visibleTo,
} from '../../domain/customer-records.ts';
import { containsPattern, prefixPattern } from '../../lib/like.ts';

export { type CustomerViewer, findCustomer, insertCustomer, updateCustomer };

/**
 * How many visits of a customer the viewer may see: a guest only their own, staff those at the
 * branches they see (issue 32). Spelled out, as a subquery.
 */
const visitCount = (viewer: CustomerViewer) =>
  sql<number>`(select count(*)::int from "enrollments" "visit" where "visit"."customer_id" = "customers"."id"${
    viewer.isTmp ? sql` and "visit"."recorder_id" = ${viewer.userId}` : sql``
  }${
    viewer.branchIds === null
      ? sql``
      : sql` and "visit"."branch_id" in (${sql.join(
          [0, ...viewer.branchIds].map((id) => sql`${id}`),
          sql`, `,
        )})`
  })`;

export async function listCustomers(
  db: Db,
  viewer: CustomerViewer,
  filter: { keyword: string | null; beforeId: number | null; limit: number },
) {
  const keyword = filter.keyword ?? '';
  const digits = phoneDigits(keyword);
  // Digits (with spaces, dashes, `+`) search phones by prefix; anything else a part of the name.
  const isPhone = digits.length > 0 && /^[0-9+\s-]+$/.test(keyword);
  const match = keyword
    ? isPhone
      ? sql`${phoneDigitsSql} like ${prefixPattern(digits)}`
      : sql`lower(${customers.name}) like ${containsPattern(keyword.toLowerCase())}`
    : undefined;
  return db
    .select({
      id: customers.id,
      name: customers.name,
      phone: customers.phone,
      address: customers.address,
      lastActivityAt: customers.lastActivityAt,
      visits: visitCount(viewer),
    })
    .from(customers)
    .where(
      and(
        isNull(customers.anonymizedAt),
        match,
        filter.beforeId === null ? undefined : lt(customers.id, filter.beforeId),
        visibleTo(viewer),
      ),
    )
    .orderBy(desc(customers.id))
    .limit(filter.limit);
}

const recorder = alias(users, 'visit_recorder');

export async function listVisits(db: Db, viewer: CustomerViewer, customerId: number) {
  return db
    .select({
      id: enrollments.id,
      createdAt: enrollments.createdAt,
      recorderId: recorder.id,
      recorderName: recorder.name,
    })
    .from(enrollments)
    .innerJoin(recorder, eq(recorder.id, enrollments.recorderId))
    .where(
      and(
        eq(enrollments.customerId, customerId),
        viewer.isTmp ? eq(enrollments.recorderId, viewer.userId) : undefined,
        inBranches(enrollments.branchId, viewer.branchIds),
      ),
    )
    .orderBy(desc(enrollments.id));
}

export async function listVisitItems(db: Db, enrollmentIds: number[]) {
  if (enrollmentIds.length === 0) return [];
  return db
    .select({
      enrollmentId: commodities.enrollmentId,
      id: commodities.id,
      no: commodities.no,
      productName: commodities.productName,
      brandName: brands.name,
      status: commodities.status,
      isReal: identifyFlows.isReal,
      priceLow: identifyFlows.priceLow,
      priceHigh: identifyFlows.priceHigh,
      currency: identifyFlows.currency,
      isRecycle: commodities.isRecycle,
      recyclePrice: commodities.recyclePrice,
      recycleCurrency: commodities.recycleCurrency,
      recycledAt: commodities.recycledAt,
    })
    .from(commodities)
    .innerJoin(brands, eq(brands.id, commodities.brandId))
    .leftJoin(identifyFlows, eq(identifyFlows.id, commodities.resultFlowId))
    .where(inArray(commodities.enrollmentId, enrollmentIds))
    .orderBy(commodities.id);
}

export async function countIdentityChecks(db: Db, customerId: number) {
  const [row] = await db.select({ n: count() }).from(identityChecks).where(eq(identityChecks.customerId, customerId));
  return row?.n ?? 0;
}

const checker = alias(users, 'checker');

export async function listIdentityChecks(db: Db, customerId: number) {
  return db
    .select({
      id: identityChecks.id,
      documentType: identityChecks.documentType,
      hint: identityChecks.documentNumberHint,
      documentExpiry: identityChecks.documentExpiry,
      documentPics: identityChecks.documentPics,
      createdAt: identityChecks.createdAt,
      anonymizedAt: identityChecks.anonymizedAt,
      checkerId: checker.id,
      checkerName: checker.name,
    })
    .from(identityChecks)
    .innerJoin(checker, eq(checker.id, identityChecks.checkedBy))
    .where(eq(identityChecks.customerId, customerId))
    .orderBy(desc(identityChecks.id));
}
