import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { commodities } from '../db/schema.ts';

/**
 * The PostgreSQL channel every server instance LISTENs on (features/live). A NOTIFY sent in a
 * transaction is delivered when it commits and not at all when it rolls back, so a live event
 * never announces a change that did not happen.
 */
export const LIVE_CHANNEL = 'jewel_events';

/** What travels on the channel; each instance turns it into the events of its own streams. */
export type LiveSignal =
  /** These users have new notifications (or read some): each gets their new unread count. */
  | { kind: 'notification'; users: number[] }
  /**
   * A commodity changed: every signed-in user's lists and dashboard refresh. It carries who may
   * see it besides staff (its recorder, its valuer before and after the change), so that a
   * guest's stream hears only its own without a query per stream.
   */
  | { kind: 'commodity'; id: number; status: number; recorderId: number; valuerIds: number[]; branchId?: number }
  /**
   * A session may have ended (revoked, its user disabled, a guest's link revoked or cut short):
   * sent by database triggers (migration 0007), so that every instance forgets the sessions it
   * remembers as live.
   */
  | { kind: 'sessions' }
  /** The catalog changed (products, brands and their lists): the instances' product answers are dropped. */
  | { kind: 'catalog' };

/** Sends a signal through `db` (a transaction or the pool): delivered at commit. */
export async function publishLive(db: Db, signal: LiveSignal) {
  await db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(signal)})`);
}

/**
 * Tells every connected user who may see it that a commodity changed. Call it inside the action's
 * transaction, after its write, with the commodity's new status, its recorder and its valuer
 * before and after the change (a guest valuer hears the item it loses leave).
 */
export async function publishCommodityChange(
  db: Db,
  change: { id: number; status: number; recorderId: number; valuerIds: (number | null | undefined)[] },
) {
  const valuerIds = [...new Set(change.valuerIds.filter((id): id is number => typeof id === 'number'))];
  const signal = { kind: 'commodity', id: change.id, status: change.status, recorderId: change.recorderId, valuerIds };
  // With the branch that holds the item (issue 32), read in the same transaction.
  await db.execute(
    sql`select pg_notify(${LIVE_CHANNEL}, (${JSON.stringify(signal)}::jsonb || jsonb_build_object('branchId',
          (select ${commodities.branchId} from ${commodities} where ${commodities.id} = ${change.id})))::text)`,
  );
}

/** Tells these users' devices their unread count changed (notifications created or read). */
export async function publishUnreadChange(db: Db, userIds: number[]) {
  const users = [...new Set(userIds)];
  // A NOTIFY payload holds under 8000 bytes: far more recipients than a shop has, but split anyway.
  for (let i = 0; i < users.length; i += 500) {
    await publishLive(db, { kind: 'notification', users: users.slice(i, i + 500) });
  }
}

/** Tells every instance the catalog changed (an import, a product's restock status): delivered at commit. */
export async function publishCatalogChange(db: Db) {
  await publishLive(db, { kind: 'catalog' });
}
