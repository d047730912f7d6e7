import { INTL_LOCALES, type Lang } from '@jewel/contract/values/i18n';
import { currentLanguage } from '../../lib/i18n.ts';

const BYTE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/**
 * A size as people read it: `512 bytes`, `3.4 MB`, `1.2 GB` (units of 1,024, in the reader's
 * language). Here rather than in lib/format.ts: only this page shows sizes, and every page's first
 * load carries that module.
 */
export function formatBytes(bytes: number, lang: Lang = currentLanguage()): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const name = BYTE_UNITS[unit] ?? 'byte';
  return new Intl.NumberFormat(INTL_LOCALES[lang], {
    style: 'unit',
    unit: name,
    // "512 bytes", not "512 byte"; the larger units short: "3.4 MB".
    unitDisplay: name === 'byte' ? 'long' : 'short',
    maximumFractionDigits: 1,
  }).format(value);
}
