import { and, desc, eq, exists, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { customers } from '../db/schema.ts';
import { AppError } from '../lib/app-error.ts';

/*
 * Customer records as the features share them (docs/decisions.md "Customers and retention"):
 * who may see which customer, and how an enrollment finds, links and refreshes its customer.
 */

/** Who asks: recorders only reach this repository (the service refuses valuers). */
export interface CustomerViewer {
  userId: number;
  isTmp: boolean;
  /** The branch the session works at: a record made now belongs to it (issue 32). */
  branchId: number;
  /** The branches whose customers the viewer sees; null: every one. */
  branchIds: readonly number[] | null;
}

/** A phone number as compared: its digits only, so `139 1234-5678` = `13912345678`. */
export const phoneDigits = (phone: string) => phone.replace(/[^0-9]/g, '');
export const phoneDigitsSql = sql`regexp_replace(${customers.phone}, '[^0-9]', '', 'g')`;

/**
 * A guest recorder sees the customers of their own registrations (and those they created);
 * staff recorders the customers made at, or who visited, a branch they see (issue 32).
 */
export function visibleTo(viewer: CustomerViewer): SQL | undefined {
  if (!viewer.isTmp) return inBranches(viewer.branchIds);
  return or(
    eq(customers.createdBy, viewer.userId),
    // Spelled out: inside a subquery an unqualified "id" would be the enrollment's.
    exists(
      sql`(select 1 from "enrollments" "own" where "own"."customer_id" = "customers"."id" and "own"."recorder_id" = ${viewer.userId})`,
    ),
  );
}

function inBranches(branchIds: readonly number[] | null): SQL | undefined {
  if (branchIds === null) return undefined;
  const ids = sql.join(
    branchIds.map((id) => sql`${id}`),
    sql`, `,
  );
  if (branchIds.length === 0) return sql`false`;
  return or(
    sql`${customers.branchId} in (${ids})`,
    exists(
      sql`(select 1 from "enrollments" "here" where "here"."customer_id" = "customers"."id" and "here"."branch_id" in (${ids}))`,
    ),
  );
}

export async function findCustomer(db: Db, viewer: CustomerViewer, id: number) {
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.id, id), visibleTo(viewer)))
    .limit(1);
  return row ?? null;
}

/** A customer not anonymized with this phone (digits compared) and name, visible to the viewer. */
export async function findByPhoneAndName(db: Db, viewer: CustomerViewer, phone: string, name: string) {
  const [row] = await db
    .select()
    .from(customers)
    .where(
      and(
        isNull(customers.anonymizedAt),
        sql`${phoneDigitsSql} = ${phoneDigits(phone)}`,
        eq(customers.name, name.trim()),
        visibleTo(viewer),
      ),
    )
    .orderBy(desc(customers.lastActivityAt))
    .limit(1);
  return row ?? null;
}

export async function insertCustomer(db: Db, values: typeof customers.$inferInsert) {
  const [row] = await db.insert(customers).values(values).returning();
  if (!row) throw new Error('customer insert returned no row');
  return row;
}

export async function updateCustomer(db: Db, id: number, values: Partial<typeof customers.$inferInsert>) {
  await db
    .update(customers)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(customers.id, id));
}

const invalidField = (field: string) => new AppError('validation', { params: { field }, data: { field } });

// ——— enrollment (called by the commodity enroll service) ———

/**
 * The customer an enrollment names, checked before the enrollment's transaction: the record the
 * recorder picked must be one they may see and not anonymized.
 */
export async function checkEnrollCustomer(db: Db, viewer: CustomerViewer, customerId: number | null) {
  if (customerId === null) return;
  const row = await findCustomer(db, viewer, customerId);
  if (!row) throw invalidField('customer_id');
  if (row.anonymizedAt) throw new AppError('customerAnonymized');
}

/**
 * Links an enrollment to its customer, in the enrollment's transaction: the one picked, else the
 * one with the same phone (digits) and name the viewer may see, else a new one. The record takes
 * the contact details given this day (an empty address keeps the known one) and the activity.
 */
export async function customerForEnrollment(
  tx: Db,
  viewer: CustomerViewer,
  given: { customerId: number | null; name: string; phone: string; address: string },
): Promise<number> {
  // A seller is one person across the chain (docs/adr/0105): staff find them by phone and name in
  // every branch, which tells nothing new (both are typed in); the visit then shows them here.
  const matching = viewer.isTmp ? viewer : { ...viewer, branchIds: null };
  const found =
    given.customerId === null
      ? await findByPhoneAndName(tx, matching, given.phone, given.name)
      : await findCustomer(tx, viewer, given.customerId);
  if (!found) {
    const row = await insertCustomer(tx, {
      name: given.name,
      phone: given.phone,
      address: given.address,
      createdBy: viewer.userId,
      branchId: viewer.branchId,
    });
    return row.id;
  }
  await updateCustomer(tx, found.id, {
    name: given.name,
    phone: given.phone,
    ...(given.address ? { address: given.address } : {}),
    lastActivityAt: new Date(),
  });
  return found.id;
}

/**
 * A transaction with the customer (a buyback, a ledger entry): the retention period runs from
 * here (docs/decisions.md "Customers and retention"). Call it in the transaction's `tx`.
 */
export async function recordCustomerActivity(db: Db, customerId: number, at: Date = new Date()) {
  await db
    .update(customers)
    .set({ lastActivityAt: sql`greatest(${customers.lastActivityAt}, ${at.toISOString()}::timestamptz)` })
    .where(eq(customers.id, customerId));
}
