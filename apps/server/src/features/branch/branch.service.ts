import type { Branch, BranchInput } from '@jewel/contract/branches';
import { COMMODITY_STATUS } from '@jewel/contract/values/commodity-status';
import type { Lang } from '@jewel/contract/values/i18n';
import { and, asc, count, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { branches, commodities, sessions, shopChanges, staffBranches, staffChanges, users } from '../../db/schema.ts';
import { addToBranches, type BranchRow, branchDetails, branchName } from '../../domain/branches.ts';
import type { ServiceDeps } from '../../domain/service-deps.ts';
import type { AuthContext } from '../../domain/sessions.ts';
import { readShop, type ShopDefaults, type ShopRow } from '../../domain/shop.ts';
import { AppError } from '../../lib/app-error.ts';

/**
 * Branches as their managers keep them (issue 32, docs/adr/0105): a manager keeps the branches
 * they work at, the shop's owner every one. Opening, changing, closing and staffing a branch each
 * lock the branches' advisory key, so that two managers at once cannot open two branches of one
 * name, or close the last two open ones.
 */

/** One change to the branches at a time, across every instance. */
const BRANCHES_LOCK_KEY = 32_0105;

type Manager = Pick<AuthContext, 'userId'>;

/** Items not yet bought back nor returned: a branch holding any is not closed (a transfer comes first). */
const SETTLED = [COMMODITY_STATUS.recycled, COMMODITY_STATUS.returned];

/** The branches a manager keeps: every one for the shop's owner, else those they work at. */
async function managedIds(db: Db, shop: ShopRow | undefined, userId: number): Promise<number[] | 'all'> {
  if (shop?.ownerId === userId) return 'all';
  const rows = await db
    .select({ id: staffBranches.branchId })
    .from(staffBranches)
    .where(eq(staffBranches.userId, userId));
  return rows.map((row) => row.id);
}

const keeps = (managed: number[] | 'all', id: number) => managed === 'all' || managed.includes(id);

async function lockBranches(tx: Db) {
  await tx.execute(sql`select pg_advisory_xact_lock(${BRANCHES_LOCK_KEY})`);
}

/** How many enabled members of the staff work at each branch. */
async function staffCounts(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: staffBranches.branchId, staff: count() })
    .from(staffBranches)
    .innerJoin(users, and(eq(users.id, staffBranches.userId), eq(users.isEnabled, true)))
    .where(inArray(staffBranches.branchId, ids))
    .groupBy(staffBranches.branchId);
  return new Map(rows.map((row) => [row.id, row.staff]));
}

interface Reading {
  shop: ShopRow | undefined;
  defaults: ShopDefaults;
  lang: Lang;
}

function present(row: BranchRow, staff: number, { shop, defaults, lang }: Reading): Branch {
  return {
    id: row.id,
    own: {
      name: row.name,
      address: row.address,
      phone: row.phone,
      licence_no: row.licenceNo,
      time_zone: row.timeZone,
      currency: row.currency,
    },
    details: branchDetails(row, shop, defaults, lang),
    closed_at: row.closedAt?.toISOString() ?? null,
    staff,
    created_at: row.createdAt.toISOString(),
  };
}

async function presentOne(db: Db, id: number, reading: Reading): Promise<Branch> {
  const [row] = await db.select().from(branches).where(eq(branches.id, id));
  if (!row) throw new AppError('notFound');
  return present(row, (await staffCounts(db, [id])).get(id) ?? 0, reading);
}

/** The branches a manager keeps, open ones first, each in the order it was opened. */
export async function listBranches(db: Db, defaults: ShopDefaults, manager: Manager, lang: Lang) {
  const shop = await readShop(db);
  const managed = await managedIds(db, shop, manager.userId);
  const rows = await db
    .select()
    .from(branches)
    .where(managed === 'all' ? undefined : inArray(branches.id, managed.length > 0 ? managed : [0]))
    .orderBy(sql`${branches.closedAt} is not null`, asc(branches.id));
  const staff = await staffCounts(
    db,
    rows.map((row) => row.id),
  );
  return { items: rows.map((row) => present(row, staff.get(row.id) ?? 0, { shop, defaults, lang })) };
}

const COLUMNS: Record<keyof BranchInput, keyof BranchRow> = {
  name: 'name',
  address: 'address',
  phone: 'phone',
  licence_no: 'licenceNo',
  time_zone: 'timeZone',
  currency: 'currency',
};

function columnsOf(input: BranchInput) {
  return {
    name: input.name,
    address: input.address,
    phone: input.phone,
    licenceNo: input.licence_no,
    timeZone: input.time_zone,
    currency: input.currency,
  };
}

/** Refuses a name another open branch already reads (its own, or the shop's where it has none), in any case. */
async function checkNameFree(
  tx: Db,
  shop: ShopRow | undefined,
  name: string | null,
  except: number | null,
  lang: Lang,
) {
  const wanted = branchName({ name }, shop, lang).trim().toLowerCase();
  const open = await tx.select().from(branches).where(isNull(branches.closedAt));
  const taken = open.some((row) => row.id !== except && branchName(row, shop, lang).trim().toLowerCase() === wanted);
  if (taken) throw new AppError('branchNameTaken');
}

/** Each detail that differs, as the change log writes it (null: the shop's). */
async function recordChanges(tx: Db, branchId: number, by: number, before: BranchRow | null, after: BranchRow) {
  const changed = (Object.keys(COLUMNS) as (keyof BranchInput)[])
    .map((field) => ({
      branchId,
      field,
      oldValue: before ? (before[COLUMNS[field]] as string | null) : null,
      newValue: after[COLUMNS[field]] as string | null,
      changedBy: by,
    }))
    .filter((change) => change.oldValue !== change.newValue);
  if (changed.length > 0) await tx.insert(shopChanges).values(changed);
}

/** Opens a branch; the manager who opens it works there, so that they keep it. */
export async function createBranch(db: Db, defaults: ShopDefaults, manager: Manager, input: BranchInput, lang: Lang) {
  const shop = await readShop(db);
  if (!shop) throw new AppError('shopNotSetUp');
  const id = await db.transaction(async (tx) => {
    await lockBranches(tx);
    await checkNameFree(tx, shop, input.name, null, lang);
    const [row] = await tx.insert(branches).values(columnsOf(input)).returning();
    if (!row) throw new Error('branch not created');
    await addToBranches(tx, manager.userId, [row.id]);
    await recordChanges(tx, row.id, manager.userId, null, row);
    await tx
      .insert(shopChanges)
      .values({ branchId: row.id, field: 'open', newValue: 'true', changedBy: manager.userId });
    return row.id;
  });
  return presentOne(db, id, { shop, defaults, lang });
}

/** The branch, locked, when this manager keeps it: `notFound` when there is none, `branchNotHeld` when not theirs. */
async function keptBranch(tx: Db, shop: ShopRow | undefined, manager: Manager, id: number): Promise<BranchRow> {
  const [row] = await tx.select().from(branches).where(eq(branches.id, id)).for('update');
  if (!row) throw new AppError('notFound');
  if (!keeps(await managedIds(tx, shop, manager.userId), id)) throw new AppError('branchNotHeld');
  return row;
}

export async function changeBranch(
  db: Db,
  defaults: ShopDefaults,
  manager: Manager,
  id: number,
  input: BranchInput,
  lang: Lang,
) {
  const shop = await readShop(db);
  await db.transaction(async (tx) => {
    await lockBranches(tx);
    const before = await keptBranch(tx, shop, manager, id);
    if (!before.closedAt) await checkNameFree(tx, shop, input.name, id, lang);
    const [after] = await tx.update(branches).set(columnsOf(input)).where(eq(branches.id, id)).returning();
    if (!after) throw new AppError('notFound');
    await recordChanges(tx, id, manager.userId, before, after);
  });
  return presentOne(db, id, { shop, defaults, lang });
}

/**
 * Closes a branch, or opens it again. Closing keeps every record; it is refused for the last open
 * branch, for one that is some enabled member's only open branch (they could no longer sign in),
 * and for one holding items not yet bought back nor returned. The sessions working there end.
 */
export async function setBranchState(
  { db, config, signalHere }: ServiceDeps,
  manager: Manager,
  id: number,
  open: boolean,
  lang: Lang,
) {
  const shop = await readShop(db);
  await db.transaction(async (tx) => {
    await lockBranches(tx);
    const before = await keptBranch(tx, shop, manager, id);
    if (open === (before.closedAt === null)) return;
    if (open) {
      await checkNameFree(tx, shop, before.name, id, lang);
    } else {
      await checkClosable(tx, id);
      await tx
        .update(sessions)
        .set({ revokedAt: sql`now()`, revokedReason: 'branch-closed' })
        .where(and(eq(sessions.branchId, id), isNull(sessions.revokedAt)));
    }
    await tx
      .update(branches)
      .set({ closedAt: open ? null : sql`now()` })
      .where(eq(branches.id, id));
    await tx.insert(shopChanges).values({
      branchId: id,
      field: 'open',
      oldValue: String(!open),
      newValue: String(open),
      changedBy: manager.userId,
    });
  });
  signalHere('sessions');
  return presentOne(db, id, { shop, defaults: config, lang });
}

async function checkClosable(tx: Db, id: number) {
  const [others] = await tx
    .select({ n: count() })
    .from(branches)
    .where(and(isNull(branches.closedAt), sql`${branches.id} <> ${id}`));
  if (!others?.n) throw new AppError('lastBranch');
  const onlyHere = await tx
    .select({ name: users.name })
    .from(staffBranches)
    .innerJoin(users, and(eq(users.id, staffBranches.userId), eq(users.isEnabled, true)))
    .where(
      and(
        eq(staffBranches.branchId, id),
        sql`not exists (select 1 from ${staffBranches} other join ${branches} b on b.id = other.branch_id
                         where other.user_id = ${users.id} and other.branch_id <> ${id} and b.closed_at is null)`,
      ),
    )
    .orderBy(asc(users.name));
  if (onlyHere.length > 0)
    throw new AppError('branchStaffed', { params: { names: onlyHere.map((row) => row.name).join(', ') } });
  const [underWay] = await tx
    .select({ n: count() })
    .from(commodities)
    .where(and(eq(commodities.branchId, id), notInArray(commodities.status, SETTLED)));
  if (underWay?.n) throw new AppError('branchHasItemsUnderWay', { params: { count: underWay.n } });
}

/**
 * Sets the branches a member works at. A manager adds or takes away only branches they keep (a
 * branch kept by someone else stays as it is); every branch given must be open. The member's
 * sessions working at a branch taken away end. Recorded in the staff's changes.
 */
export async function setStaffBranches(
  { db, signalHere }: ServiceDeps,
  manager: Manager,
  memberId: number,
  branchIds: number[],
) {
  if (memberId === manager.userId) throw new AppError('staffSelf');
  const shop = await readShop(db);
  const result = await db.transaction(async (tx) => {
    await lockBranches(tx);
    const [member] = await tx.select({ isTmp: users.isTmp }).from(users).where(eq(users.id, memberId));
    if (!member || member.isTmp) throw new AppError('notFound');
    const managed = await managedIds(tx, shop, manager.userId);
    const current = (
      await tx.select({ id: staffBranches.branchId }).from(staffBranches).where(eq(staffBranches.userId, memberId))
    ).map((row) => row.id);
    const added = branchIds.filter((id) => !current.includes(id));
    const removed = current.filter((id) => !branchIds.includes(id));
    if ([...added, ...removed].some((id) => !keeps(managed, id))) throw new AppError('branchNotHeld');
    if (added.length > 0) {
      const found = await tx.select().from(branches).where(inArray(branches.id, added));
      if (found.length < added.length) throw new AppError('notFound');
      if (found.some((row) => row.closedAt)) throw new AppError('branchClosed');
    }
    if (removed.length > 0) {
      await tx
        .delete(staffBranches)
        .where(and(eq(staffBranches.userId, memberId), inArray(staffBranches.branchId, removed)));
      await tx
        .update(sessions)
        .set({ revokedAt: sql`now()`, revokedReason: 'branches-changed' })
        .where(and(eq(sessions.userId, memberId), inArray(sessions.branchId, removed), isNull(sessions.revokedAt)));
    }
    await addToBranches(tx, memberId, added);
    const after = [...current.filter((id) => !removed.includes(id)), ...added].sort((a, b) => a - b);
    if (added.length + removed.length > 0)
      await tx.insert(staffChanges).values({
        memberId,
        change: 'branches',
        oldValue: [...current].sort((a, b) => a - b).join(', '),
        newValue: after.join(', '),
        changedBy: manager.userId,
      });
    return after;
  });
  signalHere('sessions');
  return { branch_ids: result };
}
