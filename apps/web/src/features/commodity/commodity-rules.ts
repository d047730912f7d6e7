import { PRIORITY } from '@jewel/contract/values/commodity';
import { COMMODITY_RULES } from '@jewel/contract/values/commodity-status';

export function isUrgent(priority: number): boolean {
  return priority === PRIORITY.urgent;
}

/** A status a recorder may distribute from, by the status machine. */
export function isDistributable(status: number): boolean {
  return (COMMODITY_RULES.distribute.from as readonly number[]).includes(status);
}
