/** Fixed option values of some dictionary groups; no zod here, the web app imports it. */
export const CURRENCIES = ['CNY', 'USD', 'JPY'] as const;
export type Currency = (typeof CURRENCIES)[number];
export const SIZE_UNITS = ['mm', 'cm', 'm'] as const;
export const WEIGHT_UNITS = ['g'] as const;
export const STATE_LEVELS = ['N', 'S', 'SA', 'A', 'AB', 'B', 'BC', 'C'] as const;
export const REPLENISH_STATUS = { notNeeded: 0, wanted: 1, urgentlyWanted: 2 } as const;

/** Whether amounts in `currency` are whole numbers only: the contract refuses a fraction of a yen. */
export function isWholeCurrency(currency: string): boolean {
  return currency === 'JPY';
}
