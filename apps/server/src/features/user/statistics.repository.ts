import type { RecorderStatistics, Statistics, ValuerStatistics } from '@jewel/contract/user';
import { FLOW_STATUS } from '@jewel/contract/values/commodity';
import { COMMODITY_STATUS as S } from '@jewel/contract/values/commodity-status';
import type { RoleCode } from '@jewel/contract/values/roles';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type CommodityColumns, comprehensiveQueue, reconsiderationQueue } from '../../domain/valuer-queues.ts';

export interface StatisticsViewer {
  userId: number;
  role: RoleCode;
  /** Guests are not told of reconsiderations or comprehensive assessments, and cannot see them. */
  isTmp: boolean;
}

type Row = Record<string, string | number | null>;

async function one(db: Db, query: SQL): Promise<Row> {
  // Both drivers answer `{ rows }`; the shared Db type does not say so.
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows[0] ?? {};
}

const statuses = (...values: number[]) => sql.raw(values.join(', '));
const midnight = (timeZone: string) =>
  sql`(date_trunc('day', now() at time zone ${timeZone}) at time zone ${timeZone})`;

/** The commodity row `c` of the queries below, for the valuers' queue conditions. */
const C: CommodityColumns = { id: sql`c.id`, round: sql`c.round`, status: sql`c.status`, valuerId: sql`c.valuer_id` };

/**
 * A recorder's figures over the commodities they registered, one status set each
 * (docs/decisions.md "Dashboard figures, one stage each"): the stages split the total.
 */
async function recorderStatistics(db: Db, userId: number, timeZone: string): Promise<RecorderStatistics> {
  const row = await one(
    db,
    sql`
      select
        count(*) as registered_total,
        count(*) filter (where c.created_at >= ${midnight(timeZone)}) as registered_today,
        count(*) filter (where c.status = ${S.pendingDistribution}) as to_be_distributed,
        count(*) filter (where c.status in (${statuses(S.pendingAppraisal, S.inAppraisal)})) as in_appraisal,
        count(*) filter (where c.status = ${S.toBeModified}) as to_be_modified,
        count(*) filter (where c.status in (${statuses(S.pendingReconsideration, S.inReconsideration)})) as in_reconsideration,
        count(*) filter (where c.status = ${S.pendingComprehensive}) as pending_comprehensive,
        count(*) filter (where c.status = ${S.identified}) as identified,
        count(*) filter (where c.status in (${statuses(S.recycled, S.returned)})) as closed
      from commodities c
      where c.recorder_id = ${userId}
    `,
  );
  const int = (key: string) => Number(row[key] ?? 0);
  return {
    role: 'recorder',
    registered_total: int('registered_total'),
    registered_today: int('registered_today'),
    to_be_distributed: int('to_be_distributed'),
    in_appraisal: int('in_appraisal'),
    to_be_modified: int('to_be_modified'),
    in_reconsideration: int('in_reconsideration'),
    pending_comprehensive: int('pending_comprehensive'),
    identified: int('identified'),
    closed: int('closed'),
  };
}

/**
 * A valuer's figures: their desk (assigned to them, or waiting for a step they may take) and
 * their finished steps. Today starts at midnight in the shop's time zone.
 */
async function valuerStatistics(db: Db, viewer: StatisticsViewer, timeZone: string): Promise<ValuerStatistics> {
  const me = viewer.userId;
  // The queues open to any regular valuer: the same conditions as the lists the figures open.
  const queues = viewer.isTmp
    ? sql`0 as in_reconsideration, 0 as pending_comprehensive`
    : sql`
        count(*) filter (where ${reconsiderationQueue(C, me)}) as in_reconsideration,
        count(*) filter (where ${comprehensiveQueue(C, me)}) as pending_comprehensive`;
  const row = await one(
    db,
    sql`
      with desk as (
        select
          count(*) filter (where c.valuer_id = ${me} and c.status = ${S.pendingAppraisal}) as to_be_appraised_today,
          count(*) filter (where c.valuer_id = ${me} and c.status = ${S.inAppraisal}) as in_appraisal,
          count(*) filter (where c.valuer_id = ${me} and c.status = ${S.toBeModified}) as to_be_modified,
          count(*) filter (where c.valuer_id = ${me} and c.status = ${S.identified}) as identified,
          ${queues}
        from commodities c
        where c.valuer_id = ${me}
          or c.status in (${statuses(S.pendingReconsideration, S.inReconsideration, S.pendingComprehensive)})
      ),
      flows as (
        select
          count(*) filter (where f.step = 'first') as appraisals_total,
          count(*) filter (where f.step = 'first' and f.finished_at >= ${midnight(timeZone)}) as appraisals_today,
          count(*) filter (where f.step = 'reconsideration') as reconsiderations_total,
          count(*) filter (where f.step = 'reconsideration'
            and f.finished_at >= ${midnight(timeZone)}) as reconsiderations_today,
          avg(f.duration_seconds) filter (where f.step = 'first') as average_appraisal_seconds
        from identify_flows f
        where f.valuer_id = ${me} and f.status = ${FLOW_STATUS.done} and f.step in ('first', 'reconsideration')
      )
      select * from desk, flows
    `,
  );
  const int = (key: string) => Number(row[key] ?? 0);
  const average = row.average_appraisal_seconds;
  return {
    role: 'valuers',
    to_be_appraised_today: int('to_be_appraised_today'),
    in_appraisal: int('in_appraisal'),
    to_be_modified: int('to_be_modified'),
    in_reconsideration: int('in_reconsideration'),
    pending_comprehensive: int('pending_comprehensive'),
    identified: int('identified'),
    appraisals_total: int('appraisals_total'),
    appraisals_today: int('appraisals_today'),
    reconsiderations_total: int('reconsiderations_total'),
    reconsiderations_today: int('reconsiderations_today'),
    average_appraisal_seconds: average === null || average === undefined ? null : Math.round(Number(average)),
  };
}

/** The dashboard figures of the caller's role, in one round trip. */
export function readStatistics(db: Db, viewer: StatisticsViewer, timeZone: string): Promise<Statistics> {
  return viewer.role === 'valuers'
    ? valuerStatistics(db, viewer, timeZone)
    : recorderStatistics(db, viewer.userId, timeZone);
}
