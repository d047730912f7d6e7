import { and, asc, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ledgerEntries, users } from '../../db/schema.ts';
import { inBranches } from '../../domain/branches.ts';

/*
 * Ledger entries are only read and inserted here: the table's trigger refuses every update and
 * delete but the retention job's blanking (migration 0011), and no route asks for one.
 */

export interface Period {
  from?: string | undefined;
  to?: string | undefined;
}

/** The entry that corrects this one (at most one: only the latest of a chain is corrected), and its number. */
const correctedById = sql<
  number | null
>`(select min(c.id) from ledger_entries c where c.corrects_id = ${ledgerEntries.id})`.as('corrected_by_id');
const correctedByNo = sql<
  number | null
>`(select min(c.branch_no) from ledger_entries c where c.corrects_id = ${ledgerEntries.id})`.as('corrected_by_no');
/** The number of the entry this one corrects (of the same branch's ledger). */
const correctsNo = sql<
  number | null
>`(select o.branch_no from ledger_entries o where o.id = ${ledgerEntries.correctsId})`.as('corrects_no');

const entryColumns = {
  entry: ledgerEntries,
  recorderName: users.name,
  correctedById,
  correctedByNo,
  correctsNo,
};

export type LedgerDbRow = {
  entry: typeof ledgerEntries.$inferSelect;
  recorderName: string;
  correctedById: number | null;
  correctedByNo: number | null;
  correctsNo: number | null;
};

/** The branches whose ledgers the viewer reads (issue 32); null: every one. */
export type SeenBranches = readonly number[] | null;

function periodConditions(period: Period): SQL[] {
  const conditions: SQL[] = [];
  if (period.from) conditions.push(gte(ledgerEntries.day, period.from));
  if (period.to) conditions.push(lte(ledgerEntries.day, period.to));
  return conditions;
}

function selectEntries(db: Db) {
  return db.select(entryColumns).from(ledgerEntries).innerJoin(users, eq(users.id, ledgerEntries.recorderId));
}

/** A page of the period, newest first (day, then id), after the cursor's entry. */
export async function listEntries(
  db: Db,
  period: Period,
  options: { after: { day: string; id: number } | null; limit: number },
  branchIds: SeenBranches,
): Promise<LedgerDbRow[]> {
  const conditions = periodConditions(period);
  const branch = inBranches(ledgerEntries.branchId, branchIds);
  if (branch) conditions.push(branch);
  if (options.after) {
    conditions.push(
      sql`(${ledgerEntries.day}, ${ledgerEntries.id}) < (${options.after.day}::date, ${options.after.id})`,
    );
  }
  const rows = await selectEntries(db)
    .where(and(...conditions))
    .orderBy(desc(ledgerEntries.day), desc(ledgerEntries.id))
    .limit(options.limit);
  return rows.map(normalize);
}

/** Every entry of the period in one branch's ledger, oldest first, as a paper ledger reads. */
export async function allEntries(db: Db, period: Period, branchId: number): Promise<LedgerDbRow[]> {
  const rows = await selectEntries(db)
    .where(and(...periodConditions(period), eq(ledgerEntries.branchId, branchId)))
    .orderBy(asc(ledgerEntries.day), asc(ledgerEntries.transactedAt), asc(ledgerEntries.id));
  return rows.map(normalize);
}

export async function findEntry(db: Db, id: number, branchIds: SeenBranches): Promise<LedgerDbRow | null> {
  const [row] = await selectEntries(db).where(
    and(eq(ledgerEntries.id, id), inBranches(ledgerEntries.branchId, branchIds)),
  );
  return row ? normalize(row) : null;
}

/** Locks the entry against a second correction at the same time (a lock, not an update: the trigger lets it be). */
export async function lockEntry(
  db: Db,
  id: number,
  branchIds: SeenBranches,
): Promise<typeof ledgerEntries.$inferSelect | null> {
  const [row] = await db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.id, id), inBranches(ledgerEntries.branchId, branchIds)))
    .for('update');
  return row ?? null;
}

export async function correctionOf(db: Db, id: number): Promise<number | null> {
  const [row] = await db
    .select({ id: ledgerEntries.id })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.correctsId, id))
    .limit(1);
  return row?.id ?? null;
}

export async function insertEntry(db: Db, values: typeof ledgerEntries.$inferInsert): Promise<number> {
  const [row] = await db.insert(ledgerEntries).values(values).returning({ id: ledgerEntries.id });
  if (!row) throw new Error('ledger entry not inserted');
  return row.id;
}

export interface ChainDbRow {
  id: number;
  no: number;
  createdAt: Date;
  recorderId: number;
  recorderName: string;
  correctsId: number | null;
  correctsNo: number | null;
  correctionReason: string | null;
}

/**
 * The whole chain an entry belongs to: up to its original entry through `corrects_id`, then
 * down through the entries that correct it. Oldest first.
 */
export async function chainOf(db: Db, id: number): Promise<ChainDbRow[]> {
  const result = await db.execute(sql`
    with recursive up(id, corrects_id) as (
      select id, corrects_id from ledger_entries where id = ${id}
      union
      select e.id, e.corrects_id from ledger_entries e join up on e.id = up.corrects_id
    ),
    down(id) as (
      select id from up where corrects_id is null
      union
      select e.id from ledger_entries e join down on e.corrects_id = down.id
    )
    select e.id, e.branch_no, e.created_at, e.recorder_id, u.name as recorder_name, e.corrects_id,
           (select o.branch_no from ledger_entries o where o.id = e.corrects_id) as corrects_no, e.correction_reason
    from ledger_entries e join users u on u.id = e.recorder_id
    where e.id in (select id from down union select id from up)
    order by e.id`);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  return rows.map((row) => ({
    id: Number(row.id),
    no: Number(row.branch_no),
    createdAt: new Date(row.created_at as string | Date),
    recorderId: Number(row.recorder_id),
    recorderName: String(row.recorder_name),
    correctsId: row.corrects_id === null ? null : Number(row.corrects_id),
    correctsNo: row.corrects_no === null ? null : Number(row.corrects_no),
    correctionReason: (row.correction_reason as string | null) ?? null,
  }));
}

const numberOrNull = (value: number | null) => (value === null ? null : Number(value));

function normalize(row: LedgerDbRow): LedgerDbRow {
  return {
    ...row,
    correctedById: numberOrNull(row.correctedById),
    correctedByNo: numberOrNull(row.correctedByNo),
    correctsNo: numberOrNull(row.correctsNo),
  };
}
