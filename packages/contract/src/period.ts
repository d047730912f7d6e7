import type { z } from 'zod';
import { calendarDate } from './input.ts';

/**
 * A period of shop days (the shop's time zone), both ends included: the ledger's, calibration's,
 * the audit trail's. What an open end means is each call's to say.
 */
export const periodShape = {
  from: calendarDate().optional(),
  to: calendarDate().optional(),
};

type Period = { from?: string | undefined; to?: string | undefined };

/** False for a period that ends before it starts. */
export function periodInOrder(value: Period): boolean {
  return !(value.from && value.to && value.from > value.to);
}

/** Refuses a period that ends before it starts: `dateRangeInvalid` on `to`. */
export function checkPeriod(value: Period, ctx: z.RefinementCtx): void {
  if (!periodInOrder(value)) ctx.addIssue({ code: 'custom', path: ['to'], message: 'dateRangeInvalid' });
}
