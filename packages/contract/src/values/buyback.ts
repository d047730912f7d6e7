/**
 * What a lawful buyback needs (docs/decisions.md "Buying lawfully"): the identity documents a
 * seller may show, the youngest seller, and how serial numbers and engravings are compared with
 * the stolen-goods watch list. No zod here: the web app imports it.
 */

/** Documents accepted for the identity check (古物営業法施行規則 §15; China: 居民身份证). */
export const IDENTITY_DOCUMENT_TYPES = [
  'drivers_licence',
  'my_number_card',
  'residence_card',
  'passport',
  'resident_identity_card',
  'health_insurance_card',
  'other',
] as const;
export type IdentityDocumentType = (typeof IDENTITY_DOCUMENT_TYPES)[number];

/** A seller younger than this is refused (PRODUCT.md; 古物営業法 §15 and shops' own rules). */
export const MIN_SELLER_AGE = 18;

/** Whole years from a birth date (`YYYY-MM-DD`) to a day (`YYYY-MM-DD`). */
export function ageOn(birthDate: string, day: string): number {
  const [by = 0, bm = 0, bd = 0] = birthDate.split('-').map(Number);
  const [y = 0, m = 0, d = 0] = day.split('-').map(Number);
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/** Where a watch-list notice came from. */
export const WATCH_SOURCES = ['police', 'association', 'other'] as const;
export type WatchSource = (typeof WATCH_SOURCES)[number];
