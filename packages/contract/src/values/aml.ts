/**
 * The money-laundering rules at the counter (犯罪による収益の移転防止に関する法律, "the Act";
 * docs/decisions.md "What the law asks at the counter: money laundering"), shared by the server
 * and the recycle page. No zod here: the web app imports it.
 */

/** How the seller was paid. Every buyback records one. */
export const PAYMENT_METHODS = ['cash', 'bank_transfer'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * Cash paid above this, for precious metals or stones or goods made of them, needs the
 * verification at transaction (the Act §4; 施行令 §7(1): 代金の支払が現金で二百万円を超える
 * 宝石・貴金属等の売買契約). Japan's rule only: a currency not listed has no such rule unless the
 * shop configures one (AML_CASH_THRESHOLD).
 */
export const AML_DEFAULT_THRESHOLDS: Partial<Record<string, number>> = { JPY: 2_000_000 };

/** The longest purpose of a transaction and suspicious-flag reason or review note. */
export const AML_TEXT_MAX = { purpose: 200, reason: 1000, note: 1000 } as const;

/**
 * Whether a buyback needs the verification at transaction: precious goods, paid in cash, and
 * the visit's cash total of precious goods in that currency (the earlier buybacks of the visit
 * plus this one: splitting a sale does not avoid it, 施行令 §7(3)) strictly above the threshold.
 * 2,000,000 JPY exactly is not "above"; 2,000,001 is.
 */
export function amlVerificationRequired(
  thresholds: Partial<Record<string, number>>,
  sale: { precious: boolean; paymentMethod: PaymentMethod | null; currency: string; visitTotal: number },
): boolean {
  const threshold = thresholds[sale.currency];
  if (threshold === undefined || !sale.precious || sale.paymentMethod !== 'cash') return false;
  return sale.visitTotal > threshold;
}

/** A suspicious flag's review: file the report (the Act §8) or not. */
export const SUSPICIOUS_DECISIONS = ['report', 'no_report'] as const;
export type SuspiciousDecision = (typeof SUSPICIOUS_DECISIONS)[number];

/** The review list's filters: waiting for review, or by decision. */
export const SUSPICIOUS_STATUSES = ['open', 'report', 'no_report', 'all'] as const;
export type SuspiciousStatus = (typeof SUSPICIOUS_STATUSES)[number];
