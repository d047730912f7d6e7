import { PRIORITY } from '@jewel/contract/values/commodity';
import { COMMODITY_RULES } from '@jewel/contract/values/commodity-status';
import { ApiError } from '../../lib/api-client.ts';

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

/** The server does not know it, or the caller may not see it (a guest's limits). */
export function isMissing(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 403);
}
