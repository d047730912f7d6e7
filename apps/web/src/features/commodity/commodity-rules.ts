import { PRIORITY } from '@jewel/contract/values/commodity';
import { COMMODITY_RULES } from '@jewel/contract/values/commodity-status';

export function isUrgent(priority: number): boolean {
  return priority === PRIORITY.urgent;
}

/** A status a recorder may distribute from, by the status machine. */
export function isDistributable(status: number): boolean {
  return (COMMODITY_RULES.distribute.from as readonly number[]).includes(status);
}

/**
 * The statuses a history entry shows: the one it left and the one it reached, or only the one it
 * is in when it left none (a registration) or stayed (an edit, a name confirmed): never a change
 * from a status to itself (issue 29 item 11).
 */
export function historyStatuses(event: { from_status: number | null; to_status: number }): number[] {
  return event.from_status === null || event.from_status === event.to_status
    ? [event.to_status]
    : [event.from_status, event.to_status];
}
