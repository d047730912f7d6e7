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

/**
 * The documents a shop's sellers bring most, by the shop's country, read from its currency
 * (issue 29 item 11): in mainland China the resident identity card (居民身份证), then a passport;
 * in Japan a driving licence, then the My Number card, a residence card (在留カード) and a
 * passport (古物営業法施行規則 §15's usual ones).
 */
const MOST_USED_BY_CURRENCY: Partial<Record<string, readonly IdentityDocumentType[]>> = {
  CNY: ['resident_identity_card', 'passport'],
  JPY: ['drivers_licence', 'my_number_card', 'residence_card', 'passport'],
};

/** Every accepted document, the shop's country's most used first, the rest in the list's order. */
export function documentsInShopOrder(shopCurrency: string | undefined): IdentityDocumentType[] {
  const first = MOST_USED_BY_CURRENCY[shopCurrency ?? ''] ?? [];
  return [...first, ...IDENTITY_DOCUMENT_TYPES.filter((type) => !first.includes(type))];
}

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
