import type { IdName } from '@jewel/contract/common';
import type { TransferRecord, transferListQuerySchema } from '@jewel/contract/transfer';
import type { Lang } from '@jewel/contract/values/i18n';
import { and, asc, desc, eq, inArray, isNull, lt, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { branches, commodities, commodityTransfers, users } from '../../db/schema.ts';
import { branchChoices, branchName } from '../../domain/branches.ts';
import type { AuthContext } from '../../domain/sessions.ts';
import { readShop } from '../../domain/shop.ts';
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor.ts';

// Both branches' records of transfers (issue 32 item 4, docs/adr/0105 "Transfers"), and the open
// branches a transfer may go to.

const fromBranch = alias(branches, 'from_branch');
const toBranch = alias(branches, 'to_branch');

const validKey = ([at, id]: unknown[]) =>
  typeof at === 'string' && !Number.isNaN(Date.parse(at)) && Number.isInteger(id) && (id as number) > 0;

/** The transfers from or to the branches the caller sees, newest first. */
export async function listTransfers(
  db: Db,
  viewer: AuthContext,
  lang: Lang,
  query: z.output<typeof transferListQuerySchema>,
): Promise<{ items: TransferRecord[]; next_cursor: string | null }> {
  const key = decodeCursor(query.cursor, 2, validKey);
  const conditions: (SQL | undefined)[] = [];
  const seen = viewer.branchIds;
  if (seen !== null) {
    conditions.push(
      or(inArray(commodityTransfers.fromBranchId, [...seen]), inArray(commodityTransfers.toBranchId, [...seen])),
    );
  }
  if (key) {
    const [at, id] = key as [string, number];
    conditions.push(
      or(
        lt(commodityTransfers.transferredAt, new Date(at)),
        and(eq(commodityTransfers.transferredAt, new Date(at)), lt(commodityTransfers.id, id)),
      ),
    );
  }
  const [rows, shop] = await Promise.all([
    db
      .select({
        transfer: commodityTransfers,
        no: commodities.no,
        productName: commodities.productName,
        from: fromBranch,
        to: toBranch,
        by: users.name,
      })
      .from(commodityTransfers)
      .innerJoin(commodities, eq(commodities.id, commodityTransfers.commodityId))
      .innerJoin(fromBranch, eq(fromBranch.id, commodityTransfers.fromBranchId))
      .innerJoin(toBranch, eq(toBranch.id, commodityTransfers.toBranchId))
      .innerJoin(users, eq(users.id, commodityTransfers.transferredBy))
      .where(and(...conditions))
      .orderBy(desc(commodityTransfers.transferredAt), desc(commodityTransfers.id))
      .limit(query.limit + 1),
    readShop(db),
  ]);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => ({
      id: row.transfer.id,
      commodity: { id: row.transfer.commodityId, no: row.no, product_name: row.productName },
      from_branch: { id: row.from.id, name: branchName(row.from, shop, lang) },
      to_branch: { id: row.to.id, name: branchName(row.to, shop, lang) },
      transferred_by: { id: row.transfer.transferredBy, name: row.by },
      transferred_at: row.transfer.transferredAt.toISOString(),
      reason: row.transfer.reason,
    })),
    next_cursor:
      rows.length > query.limit && last
        ? encodeCursor([last.transfer.transferredAt.toISOString(), last.transfer.id])
        : null,
  };
}

/** Every open branch of the chain, oldest first: where an item may be transferred. */
export async function openBranches(db: Db, lang: Lang): Promise<{ items: IdName[] }> {
  const [rows, shop] = await Promise.all([
    db.select().from(branches).where(isNull(branches.closedAt)).orderBy(asc(branches.id)),
    readShop(db),
  ]);
  return { items: branchChoices(rows, shop, lang) };
}
