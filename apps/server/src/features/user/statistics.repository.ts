import type { Statistics } from '@jewel/contract/user';
import { FLOW_STATUS } from '@jewel/contract/values/commodity';
import { COMMODITY_STATUS as S } from '@jewel/contract/values/commodity-status';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

export type StatisticsScope = 'recorder' | 'valuer';

/**
 * The dashboard counts (docs/decisions.md "Dashboard counts and live events") in one round trip:
 * each half an index-only count over the caller's commodities or flows.
 * A recorder's commodities are those they registered; a valuer's those assigned to them for the
 * first appraisal of the current round. Flows: a valuer's own; for a recorder, those on their
 * commodities. "Today" starts at midnight in the shop's time zone.
 */
export async function readStatistics(db: Db, userId: number, scope: StatisticsScope, timeZone: string) {
  const today = sql`(date_trunc('day', now() at time zone ${timeZone}) at time zone ${timeZone})`;
  const commodityOwner = scope === 'recorder' ? sql`c.recorder_id = ${userId}` : sql`c.valuer_id = ${userId}`;
  const flowSource =
    scope === 'recorder'
      ? sql`identify_flows f join commodities c on c.id = f.commodity_id where c.recorder_id = ${userId}`
      : sql`identify_flows f where f.valuer_id = ${userId}`;
  const statuses = (...values: number[]) => sql.raw(values.join(', '));
  // Both drivers answer `{ rows }`; the shared Db type does not say so.
  const result = (await db.execute(sql`
    with start as (select ${today} as today),
    mine as (
      select
        count(*) as registered_total,
        count(*) filter (where c.created_at >= (select today from start)) as registered_today,
        count(*) filter (where c.status = ${S.toBeModified}) as to_be_modified,
        count(*) filter (where c.status in (${statuses(S.pendingAppraisal, S.inAppraisal)})) as in_appraisal,
        count(*) filter (where c.status in (${statuses(S.pendingReconsideration, S.inReconsideration, S.pendingComprehensive)})) as in_reconsideration,
        count(*) filter (where c.status in (${statuses(S.identified, S.recycled, S.returned)})) as identified
      from commodities c
      where ${commodityOwner}
    ),
    flows as (
      select
        count(*) filter (where f.step = 'first') as appraisals_total,
        count(*) filter (where f.step = 'first' and f.finished_at >= (select today from start)) as appraisals_today,
        count(*) filter (where f.step = 'reconsideration') as reconsiderations_total,
        count(*) filter (where f.step = 'reconsideration' and f.finished_at >= (select today from start)) as reconsiderations_today,
        avg(f.duration_seconds)
          filter (where f.step = 'first') as average_appraisal_seconds
      from ${flowSource} and f.status = ${FLOW_STATUS.done} and f.step in ('first', 'reconsideration')
    )
    select * from mine, flows
  `)) as unknown as { rows: Record<string, string | number | null>[] };
  const row = result.rows[0] ?? {};
  const int = (key: string) => Number(row[key] ?? 0);
  const average = row.average_appraisal_seconds;
  const statistics: Statistics = {
    registered_total: int('registered_total'),
    registered_today: int('registered_today'),
    to_be_modified: int('to_be_modified'),
    in_appraisal: int('in_appraisal'),
    in_reconsideration: int('in_reconsideration'),
    identified: int('identified'),
    appraisals_total: int('appraisals_total'),
    appraisals_today: int('appraisals_today'),
    reconsiderations_total: int('reconsiderations_total'),
    reconsiderations_today: int('reconsiderations_today'),
    average_appraisal_seconds: average === null || average === undefined ? null : Math.round(Number(average)),
    // What waits on the caller's desk now: assigned and not yet submitted.
    to_be_appraised_today: int('in_appraisal'),
  };
  return statistics;
}
