/**
 * When a reconsideration agrees with the first appraisal (PRODUCT.md "The commodity life
 * cycle"): same authenticity, same state level, and prices in the same currency whose range
 * middles lie within 10 % of the larger one. Once for the server, which decides 50 → 70 or
 * → 60 with it, and the web app, which marks the fields two verdicts differ in with it, so that
 * a result page never calls two verdicts in agreement while marking a field "different".
 * No zod here: the web app imports it.
 */

export const AGREEMENT_PRICE_TOLERANCE = 0.1;

/** The fields the rule compares, in the order a comparison shows them. */
export const AGREEMENT_FIELDS = ['is_real', 'state_level', 'price'] as const;
export type AgreementField = (typeof AGREEMENT_FIELDS)[number];

export interface VerdictForAgreement {
  is_real: number;
  state_level: string;
  currency: string;
  price_low: number;
  price_high: number;
}

function pricesAgree(a: VerdictForAgreement, b: VerdictForAgreement): boolean {
  if (a.currency !== b.currency) return false;
  const midA = (a.price_low + a.price_high) / 2;
  const midB = (b.price_low + b.price_high) / 2;
  const larger = Math.max(midA, midB);
  return larger === 0 || Math.abs(midA - midB) <= AGREEMENT_PRICE_TOLERANCE * larger;
}

/** The fields in which `a` and `b` disagree by the rule; none when they agree. */
export function verdictDifferences(a: VerdictForAgreement, b: VerdictForAgreement): AgreementField[] {
  const differs: Record<AgreementField, boolean> = {
    is_real: a.is_real !== b.is_real,
    state_level: a.state_level !== b.state_level,
    price: !pricesAgree(a, b),
  };
  return AGREEMENT_FIELDS.filter((field) => differs[field]);
}

export function verdictsAgree(a: VerdictForAgreement, b: VerdictForAgreement): boolean {
  return verdictDifferences(a, b).length === 0;
}
