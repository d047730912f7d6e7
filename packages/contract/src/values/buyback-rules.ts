/**
 * The buyback's rules that the server and the recycle page share (docs/decisions.md "Buying
 * lawfully: identity check and signature"). No zod here: the web app imports it.
 */

/** The longest identity document number and occupation the forms take. */
export const BUYBACK_TEXT_MAX = { documentNumber: 40, occupation: 60 } as const;
/** Photos of one identity document: its front, back and any other page. */
export const DOCUMENT_PICS_MAX = 4;
/** A check made this many hours ago or less may be reused for another item of the same seller. */
export const IDENTITY_REUSE_HOURS = 24;

/** The shop's rule (ID_CHECK), as GET /api/settings and the buyback preparation answer it. */
export interface IdentityCheckRule {
  always: boolean;
  thresholds: Partial<Record<string, number>>;
}

/** What the shop has bought from this customer in this visit, and whether the goods are checked at any price. */
export interface VisitContext {
  /** The visit's buybacks so far in this currency, this one not included (issue 27 item 3). */
  visitTotal?: number;
  /** The item's category or material is checked whatever the price (catalog data, issue 27 item 2). */
  anyPrice?: boolean;
}

/**
 * Whether a buyback at this price needs the seller's identity check: always; for goods checked at
 * any price; or when the visit's total with this price is at or above the currency's threshold;
 * a currency the rule does not name always needs it.
 */
export function identityCheckRequired(
  rule: IdentityCheckRule,
  price: number,
  currency: string,
  visit: VisitContext = {},
): boolean {
  if (rule.always || visit.anyPrice) return true;
  const threshold = rule.thresholds[currency];
  return threshold === undefined || (visit.visitTotal ?? 0) + price >= threshold;
}

/**
 * The check digit of an Individual Number (個人番号, "My Number") from its first 11 digits
 * (番号法施行令 §8): P_n is the n-th digit from the right, Q_n = n + 1 for n ≤ 6 and n − 5 for
 * n ≥ 7; r = Σ P_n × Q_n mod 11; the digit is 0 when r ≤ 1, else 11 − r.
 */
export function individualNumberCheckDigit(first11: string): number {
  let sum = 0;
  for (let n = 1; n <= 11; n++) {
    const digit = Number(first11[11 - n]);
    sum += digit * (n <= 6 ? n + 1 : n - 5);
  }
  const r = sum % 11;
  return r <= 1 ? 0 : 11 - r;
}

/**
 * Whether a typed number is an Individual Number: exactly 12 digits once spaces and hyphens are
 * removed (full-width digits folded), the last one the check digit. マイナンバー法 §20 forbids
 * collecting it, whatever document it was typed for.
 */
export function looksLikeIndividualNumber(typed: string): boolean {
  const digits = typed.normalize('NFKC').replace(/[\s\-‐‑‒–—―ー−]/g, '');
  if (!/^[0-9]{12}$/.test(digits)) return false;
  return individualNumberCheckDigit(digits.slice(0, 11)) === Number(digits[11]);
}

/** The document type whose number is never recorded: the card is named with its expiry instead. */
export const MY_NUMBER_CARD = 'my_number_card';
