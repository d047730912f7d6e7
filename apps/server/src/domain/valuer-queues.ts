import { COMMODITY_STATUS as S } from '@jewel/contract/values/commodity-status';
import { type AnyColumn, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { identifyFlows } from '../db/schema.ts';

/**
 * The queues open to any regular valuer, as SQL conditions on one commodity row, read the way the
 * status machine's actors read them (contract `values/commodity-status.ts`). Shared by the
 * commodity list (the reconsiderations queue, a valuer's comprehensive tab) and the dashboard
 * figures (docs/decisions.md "Dashboard figures, one stage each"), so that a figure counts what
 * the list it opens shows.
 */

/** The commodity's columns the conditions read: the table's, or those of a raw alias (`sql\`c.id\``). */
export interface CommodityColumns {
  id: AnyColumn | SQL;
  round: AnyColumn | SQL;
  status: AnyColumn | SQL;
  valuerId: AnyColumn | SQL;
}

/** The valuer asking: an id, or a prepared statement's placeholder for it. */
type Valuer = number | Placeholder;

/** The valuer of the latest flow of `step` in the commodity's current round. */
function latestValuer(c: CommodityColumns, step: 'first' | 'reconsideration'): SQL {
  return sql`(select f.valuer_id from ${identifyFlows} f where f.commodity_id = ${c.id} and f.round = ${c.round}
    and f.step = ${step} order by f.id desc limit 1)`;
}

/**
 * Reconsiderations the valuer may take or is taking: waiting ones whose first appraisal another
 * valuer made (`otherValuer`), and those they started (`reconsideringValuer`).
 */
export function reconsiderationQueue(c: CommodityColumns, valuer: Valuer): SQL {
  const theirs = sql`exists (select 1 from ${identifyFlows} f where f.commodity_id = ${c.id}
    and f.round = ${c.round} and f.step = 'reconsideration' and f.valuer_id = ${valuer})`;
  return sql`((${c.status} = ${S.pendingReconsideration} and ${c.valuerId} <> ${valuer})
    or (${c.status} = ${S.inReconsideration} and ${theirs}))`;
}

/**
 * Comprehensive assessments the valuer may make: waiting ones where they made neither the first
 * appraisal nor the reconsideration of the current round (`uninvolvedValuer`).
 */
export function comprehensiveQueue(c: CommodityColumns, valuer: Valuer): SQL {
  return sql`(${c.status} = ${S.pendingComprehensive}
    and ${latestValuer(c, 'first')} is distinct from ${valuer}
    and ${latestValuer(c, 'reconsideration')} is distinct from ${valuer})`;
}
