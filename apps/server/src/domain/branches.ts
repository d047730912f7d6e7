import type { Branch } from '@jewel/contract/branches';
import type { IdName } from '@jewel/contract/common';
import type { Lang } from '@jewel/contract/values/i18n';
import { and, asc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { branches, ledgerEntries, staffBranches, temporaryLinks, users } from '../db/schema.ts';
import { TEXTS, translate } from '../i18n/messages.ts';
import { AppError } from '../lib/app-error.ts';
import { identityOf, readShop, rulesOf, type ShopDefaults, type ShopIdentity, type ShopRow } from './shop.ts';

/**
 * Branches (issue 32, docs/adr/0105), as every part of the server reads them: sessions work at
 * one, items and visits belong to one, documents print one's details.
 */

/** The branch the migration made: every record of a one-shop database, and every shop's first. */
export const FIRST_BRANCH = 1;

export type BranchRow = typeof branches.$inferSelect;

/** A branch's name as people read it: its own, else the shop's (the app's for the demo). */
export function branchName(branch: Pick<BranchRow, 'name'>, shop: ShopRow | undefined, lang: Lang): string {
  return branch.name ?? shop?.name ?? translate(TEXTS.appName, lang);
}

/** The details a branch runs by: each it left null, the shop's (and the environment's where the shop has none). */
export function branchDetails(
  branch: BranchRow,
  shop: ShopRow | undefined,
  defaults: ShopDefaults,
  lang: Lang,
): Branch['details'] {
  const rules = rulesOf(shop, defaults);
  return {
    name: branchName(branch, shop, lang),
    address: branch.address ?? shop?.address ?? '',
    phone: branch.phone ?? shop?.phone ?? '',
    licence_no: branch.licenceNo ?? shop?.licenceNo ?? '',
    time_zone: branch.timeZone ?? rules.timeZone,
    currency: branch.currency ?? rules.currency,
  };
}

/** The open branches a person works at, first opened first: what the sign-in and the personal center offer. */
export async function openBranchesOf(db: Db, userId: number) {
  return db
    .select({ branch: branches })
    .from(staffBranches)
    .innerJoin(branches, eq(branches.id, staffBranches.branchId))
    .where(and(eq(staffBranches.userId, userId), isNull(branches.closedAt)))
    .orderBy(asc(branches.id))
    .then((rows) => rows.map((row) => row.branch));
}

export function branchChoices(rows: BranchRow[], shop: ShopRow | undefined, lang: Lang): IdName[] {
  return rows.map((branch) => ({ id: branch.id, name: branchName(branch, shop, lang) }));
}

/**
 * A person works at this branch: a member of the staff given it, or a guest whose link is for it.
 * For a query over `users` left-joined with `temporary_links` on the guest's link.
 */
export function worksAtBranch(branchId: number): SQL {
  return or(
    sql`exists (select 1 from ${staffBranches} where ${staffBranches.userId} = ${users.id} and ${staffBranches.branchId} = ${branchId})`,
    and(eq(users.isTmp, true), eq(temporaryLinks.branchId, branchId)),
  ) as SQL;
}

/** Gives a new member of the staff their branches (the invitation's, the setup's, the demo's). */
export async function addToBranches(db: Db, userId: number, branchIds: readonly number[]) {
  if (branchIds.length === 0) return;
  await db
    .insert(staffBranches)
    .values(branchIds.map((branchId) => ({ userId, branchId })))
    .onConflictDoNothing();
}

/** The branch, open; `branchClosed` when it is closed, `notFound` when there is none. */
export async function openBranch(db: Db, id: number): Promise<BranchRow> {
  const [row] = await db.select().from(branches).where(eq(branches.id, id)).limit(1);
  if (!row) throw new AppError('notFound');
  if (row.closedAt) throw new AppError('branchClosed');
  return row;
}

/**
 * The next number of a branch's ledger (issue 32): 1, 2, 3… per branch. The branch's row is
 * locked for the rest of the transaction (not against registrations, which only reference it),
 * so two buybacks at one branch take turns and never share a number.
 */
export async function nextLedgerNo(tx: Db, branchId: number): Promise<number> {
  await tx.execute(sql`select 1 from ${branches} where ${branches.id} = ${branchId} for no key update`);
  const [row] = await tx
    .select({ last: sql<number>`coalesce(max(${ledgerEntries.branchNo}), 0)` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.branchId, branchId));
  return Number(row?.last ?? 0) + 1;
}

/** What a document prints of a branch (its ledger): the shop's identity as that office's. */
export async function branchIdentity(db: Db, branchId: number, lang: Lang): Promise<ShopIdentity> {
  const [branch] = await db.select().from(branches).where(eq(branches.id, branchId));
  if (!branch) throw new AppError('notFound');
  return identityOf(await readShop(db), lang, branch);
}

/**
 * The rows of the branches a session sees (issue 32): no condition when it sees every one (null),
 * so that a one-branch shop's queries stay as they were.
 */
export function inBranches(column: AnyPgColumn, branchIds: readonly number[] | null | undefined): SQL | undefined {
  return branchIds == null ? undefined : inArray(column, [...branchIds]);
}
