import type { AuditKind } from '@jewel/contract/values/audit';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { shopDayAfter, shopDayStart } from '../../domain/shop.ts';

/*
 * The audit trail is a view over the tables that already record each act, in the act's own
 * transaction (issue 28 item 7): nothing is written twice, and no act can be missing from the
 * trail while present in its table.
 *   transition, alert: commodity_events (an alert's acknowledgement is a `watchAcknowledge` event)
 *   setting: shop_changes · staff: staff_changes · identity: identity_views
 *   ledger: ledger_entries that correct another
 */

export interface AuditFilter {
  /** The branches whose records the manager keeps (issue 32); null: every one. */
  branchIds: readonly number[] | null;
  from?: string | undefined;
  to?: string | undefined;
  kind?: AuditKind | undefined;
  person?: number | undefined;
  item?: string | undefined;
}

/** Where a page starts: after this record, in the trail's order (newest first). */
export interface AuditPosition {
  at: string;
  kind: AuditKind;
  id: number;
}

export interface AuditDbRow {
  kind: AuditKind;
  id: number;
  /** The instant, to the microsecond, in UTC (`2026-11-21T06:05:04.123456Z`): the cursor's too. */
  at: string;
  actorId: number;
  actorName: string;
  /** The action, field, change or subject the row records. */
  what: string;
  old: string | null;
  new: string | null;
  /** A reason, a reference. */
  note: string | null;
  itemId: number | null;
  itemNo: string | null;
  customerId: number | null;
  memberName: string | null;
  /** The second member who confirmed an alert's acknowledgement. */
  witnessName: string | null;
  /** A commodity event's details (`changes`). */
  details: Record<string, unknown> | null;
}

/** Every act as one shape: kind, id, at, actor, what, old, new, note, item, customer, member, details. */
const TRAIL = sql`
  select case when e.action = 'watchAcknowledge' then 'alert' else 'transition' end as kind,
         e.id, e.created_at as at, e.actor_id, e.action as what,
         e.from_status::text as old, e.to_status::text as new, null::text as note,
         e.commodity_id, null::int as customer_id, null::int as member_id, e.changes as details,
         null::int as branch_id
    from commodity_events e
  union all
  select 'setting', c.id, c.changed_at, c.changed_by, c.field, c.old_value, c.new_value,
         -- A branch's change names the branch (issue 32): its own name, else the shop's.
         (select coalesce(b.name, s.name, '#' || b.id) from branches b left join shop s on true where b.id = c.branch_id),
         null, null, null, null, c.branch_id
    from shop_changes c
  union all
  select 'staff', s.id, s.changed_at, s.changed_by, s.change, s.old_value, s.new_value, null,
         null, null, s.member_id, null, null
    from staff_changes s
  union all
  select 'identity', v.id, v.created_at, v.viewer_id, v.subject, null, null, nullif(v.ref, ''),
         null, v.customer_id, null, null, null
    from identity_views v
  union all
  -- The entries' numbers in their branch's ledger (issue 32), as the ledger shows them.
  select 'ledger', l.id, l.created_at, l.recorder_id, 'correct',
         (select o.branch_no from ledger_entries o where o.id = l.corrects_id)::text, l.branch_no::text,
         l.correction_reason, l.commodity_id, null, null, null, l.branch_id
    from ledger_entries l
   where l.corrects_id is not null`;

/**
 * The records of the branches a manager keeps (issue 32): an item's transitions and alerts by the
 * item's branch, a ledger correction by its entry's, the shop's own settings and the branches'
 * kept ones, a member's changes when they work at one of them, a view of a customer made at or
 * visiting one of them (a view of no customer, by its viewer working at one).
 */
function keptBranches(branchIds: readonly number[]): SQL {
  const ids = sql.join(
    [0, ...branchIds].map((id) => sql`${id}`),
    sql`, `,
  );
  const worksThere = (user: SQL) =>
    sql`exists (select 1 from staff_branches sb where sb.user_id = ${user} and sb.branch_id in (${ids}))`;
  return sql`(case t.kind
      when 'transition' then i.branch_id in (${ids})
      when 'alert' then i.branch_id in (${ids})
      when 'ledger' then t.branch_id in (${ids})
      when 'setting' then t.branch_id is null or t.branch_id in (${ids})
      when 'staff' then ${worksThere(sql`t.member_id`)}
      else case when t.customer_id is null then ${worksThere(sql`t.actor_id`)}
        else exists (select 1 from customers c where c.id = t.customer_id and (c.branch_id in (${ids})
          or exists (select 1 from enrollments e where e.customer_id = c.id and e.branch_id in (${ids}))))
      end
    end)`;
}

function conditions(filter: AuditFilter, timeZone: string): SQL[] {
  const where: SQL[] = [];
  if (filter.from) where.push(sql`t.at >= ${shopDayStart(filter.from, timeZone)}`);
  if (filter.to) where.push(sql`t.at < ${shopDayAfter(filter.to, timeZone)}`);
  if (filter.kind) where.push(sql`t.kind = ${filter.kind}`);
  if (filter.person !== undefined) where.push(sql`t.actor_id = ${filter.person}`);
  if (filter.item) where.push(sql`i.no = ${filter.item}`);
  if (filter.branchIds !== null) where.push(keptBranches(filter.branchIds));
  return where;
}

async function select(db: Db, where: SQL[], order: SQL, limit: number): Promise<AuditDbRow[]> {
  const result = await db.execute(sql`
    select t.kind, t.id,
           to_char(t.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as at,
           t.actor_id as "actorId", a.name as "actorName", t.what, t.old, t.new, t.note,
           t.commodity_id as "itemId", i.no as "itemNo", t.customer_id as "customerId",
           m.name as "memberName", w.name as "witnessName", t.details
      from (${TRAIL}) t
      join users a on a.id = t.actor_id
      left join commodities i on i.id = t.commodity_id
      left join users m on m.id = t.member_id
      left join users w on t.kind = 'alert' and w.id = (t.details ->> 'witness_id')::int
     ${where.length > 0 ? sql`where ${sql.join(where, sql` and `)}` : sql``}
     order by ${order}
     limit ${limit}`);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  const idOrNull = (value: unknown) => (value === null ? null : Number(value));
  return rows.map((row) => ({
    kind: row.kind as AuditKind,
    id: Number(row.id),
    at: String(row.at),
    actorId: Number(row.actorId),
    actorName: String(row.actorName),
    what: String(row.what),
    old: row.old as string | null,
    new: row.new as string | null,
    note: row.note as string | null,
    itemId: idOrNull(row.itemId),
    itemNo: row.itemNo as string | null,
    customerId: idOrNull(row.customerId),
    memberName: row.memberName as string | null,
    witnessName: row.witnessName as string | null,
    details: row.details as Record<string, unknown> | null,
  }));
}

/** A page of the trail, newest first, after `after`. */
export function auditPage(
  db: Db,
  filter: AuditFilter,
  timeZone: string,
  after: AuditPosition | null,
  limit: number,
): Promise<AuditDbRow[]> {
  const where = conditions(filter, timeZone);
  if (after) where.push(sql`(t.at, t.kind, t.id) < (${after.at}::timestamptz, ${after.kind}, ${after.id})`);
  return select(db, where, sql`t.at desc, t.kind desc, t.id desc`, limit);
}

/** The whole trail of the filter, oldest first (as a file reads), up to `limit` records. */
export function auditRecords(db: Db, filter: AuditFilter, timeZone: string, limit: number): Promise<AuditDbRow[]> {
  return select(db, conditions(filter, timeZone), sql`t.at, t.kind, t.id`, limit);
}
