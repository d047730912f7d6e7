import { kappa2, kappaBand, percent, seconds } from '@jewel/contract/values/calibration';
import { formatDuration, formatNumber } from '../../lib/format.ts';
import type { TFunction } from '../../lib/i18n.ts';

/*
 * The figures as the page shows them, rounded by the contract's helpers that the CSV export
 * uses too (values/calibration.ts): percentages with one decimal, kappa with two, whole seconds.
 */

export const NONE = '—';

export function percentText(rate: number | null): string {
  const value = percent(rate);
  return value === null ? NONE : `${formatNumber(value)}%`;
}

export function kappaText(kappa: number | null): string {
  const value = kappa2(kappa);
  return value === null ? NONE : value.toFixed(2);
}

/** "0.72 · substantial" (Landis and Koch); a dash when there is no kappa. */
export function kappaLabel(kappa: number | null, t: TFunction): string {
  const value = kappa2(kappa);
  if (value === null || kappa === null) return NONE;
  return `${value.toFixed(2)} · ${t(`calibration:kappa.${kappaBand(kappa)}`)}`;
}

export function medianText(value: number | null): string {
  const whole = seconds(value);
  return whole === null ? NONE : formatDuration(whole);
}
