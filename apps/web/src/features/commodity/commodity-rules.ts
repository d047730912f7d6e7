import { PRIORITY } from '@jewel/contract/values/commodity';
import { COMMODITY_RULES } from '@jewel/contract/values/commodity-status';

export function isUrgent(priority: number): boolean {
  return priority === PRIORITY.urgent;
}

/** A status a recorder may distribute from, by the status machine. */
export function isDistributable(status: number): boolean {
  return (COMMODITY_RULES.distribute.from as readonly number[]).includes(status);
}

/** `?id=` of a commodity page; anything but a positive whole number is no commodity. */
export function idParam(value: string | null): number | null {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
