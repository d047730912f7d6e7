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

/**
 * Whether a buyback at this price needs the seller's identity check: always, or at or above the
 * currency's threshold; a currency the rule does not name always needs it.
 */
export function identityCheckRequired(rule: IdentityCheckRule, price: number, currency: string): boolean {
  if (rule.always) return true;
  const threshold = rule.thresholds[currency];
  return threshold === undefined || price >= threshold;
}
