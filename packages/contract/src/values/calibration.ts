/**
 * Appraiser calibration (docs/decisions.md "Appraiser calibration"): the limits of a period and
 * how the page and the CSV export round the figures, once for both, so that they show the same
 * numbers. No zod here: the web app imports it.
 */

/** The longest period one request may cover, in shop days (both ends included). */
export const CALIBRATION_MAX_DAYS = 366;
/** The period when none is given: the last 30 shop days, today included. */
export const CALIBRATION_DEFAULT_DAYS = 30;

/** A share (0..1) as a percentage with one decimal (0.8333 → 83.3); null stays null. */
export function percent(rate: number | null): number | null {
  return rate === null ? null : Math.round(rate * 1000) / 10;
}

/** Cohen's kappa with two decimals. */
export function kappa2(kappa: number | null): number | null {
  return kappa === null ? null : Math.round(kappa * 100) / 100;
}

/** Whole seconds. */
export function seconds(value: number | null): number | null {
  return value === null ? null : Math.round(value);
}

/** Landis and Koch's (1977) bands of agreement for a kappa. */
export const KAPPA_BANDS = ['poor', 'slight', 'fair', 'moderate', 'substantial', 'almostPerfect'] as const;
export type KappaBand = (typeof KAPPA_BANDS)[number];

export function kappaBand(kappa: number): KappaBand {
  if (kappa < 0) return 'poor';
  if (kappa <= 0.2) return 'slight';
  if (kappa <= 0.4) return 'fair';
  if (kappa <= 0.6) return 'moderate';
  if (kappa <= 0.8) return 'substantial';
  return 'almostPerfect';
}

/**
 * Fewer items than this behind a rate and the rate is marked a small sample, not set in bold
 * (issue 29 item 7): 1 of 1 agreeing reads "100 %", which says nothing yet.
 */
export const SMALL_SAMPLE = 10;
