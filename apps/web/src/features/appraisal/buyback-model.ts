import type { BuybackPrep, IdentityInput } from '@jewel/contract/buyback';
import { ageOn, type IdentityDocumentType, MIN_SELLER_AGE } from '@jewel/contract/values/buyback';
import {
  BUYBACK_TEXT_MAX,
  DOCUMENT_PICS_MAX,
  identityCheckRequired,
  looksLikeIndividualNumber,
  MY_NUMBER_CARD,
} from '@jewel/contract/values/buyback-rules';
import { TEXT_MAX } from '@jewel/contract/values/limits';
import { privateNameOf, resolveEntries, uploadSummary } from '../../lib/photos/photo-uploads.ts';

/**
 * The lawful part of the recycle form (docs/decisions.md "Buying lawfully: identity check and
 * signature"): the seller's identity check, or today's check reused, and the signature.
 */
export interface IdentityValues {
  /** A check of the last 24 hours reused instead of a new one. */
  reuse_check_id: number | null;
  document_type: IdentityDocumentType | null;
  /** Never for a My Number card (マイナンバー法 §20): the card is named by its expiry instead. */
  document_number: string;
  /** The document's expiry (`YYYY-MM-DD`); asked for a My Number card. */
  document_expiry: string;
  /** Photo entries (`local:<id>` while uploading) bound for private uploads of kind `document`. */
  document_pics: string[];
  name: string;
  address: string;
  occupation: string;
  birth_date: string;
  /** The signature pad has strokes on it. */
  signed: boolean;
}

export type IdentityField = Exclude<keyof IdentityValues, 'signed'> | 'signature';

/** In the order of the form on screen, for the first error to be scrolled to. */
export const IDENTITY_FIELDS: readonly IdentityField[] = [
  'reuse_check_id',
  'document_type',
  'document_number',
  'document_expiry',
  'document_pics',
  'name',
  'address',
  'occupation',
  'birth_date',
  'signature',
];

export type IdentityProblem =
  | 'required'
  | 'chooseOne'
  | 'tooLong'
  | 'photoRequired'
  | 'photosUploading'
  | 'photosFailed'
  | 'tooYoung'
  | 'futureDate'
  | 'individualNumber'
  | 'expired'
  | 'signatureRequired';

export function initialIdentity(prep: BuybackPrep | undefined): IdentityValues {
  const customer = prep?.customer;
  return {
    reuse_check_id: null,
    document_type: null,
    document_number: '',
    document_expiry: '',
    document_pics: [],
    name: customer?.name ?? '',
    address: customer?.address ?? '',
    occupation: customer?.occupation ?? '',
    birth_date: customer?.birth_date ?? '',
    signed: false,
  };
}

/** The visit's buybacks so far in this currency (issue 27 item 3), and whether the item is checked at any price. */
export function visitOf(prep: BuybackPrep, currency: string) {
  return {
    visitTotal: prep.visit_totals[currency as keyof typeof prep.visit_totals] ?? 0,
    anyPrice: prep.any_price_reasons.length > 0,
  };
}

/**
 * Whether the shop's rule asks for a check at this price, with what this customer sold in this
 * visit and the item's goods (none typed yet: whether every price does).
 */
export function checkNeeded(prep: BuybackPrep | undefined, price: number | null, currency: string): boolean {
  if (!prep) return false;
  const visit = visitOf(prep, currency);
  // Before a price: needed when every price of this currency needs it.
  return (
    identityCheckRequired(prep.identity_check, price ?? 0, currency, visit) &&
    (price !== null || visit.anyPrice || thresholdOf(prep, currency) === null)
  );
}

/** The lowest price needing the check in this currency, or null when every price needs it. */
export function thresholdOf(prep: BuybackPrep | undefined, currency: string): number | null {
  if (!prep || prep.identity_check.always) return null;
  return prep.identity_check.thresholds[currency as keyof typeof prep.identity_check.thresholds] ?? null;
}

/** What is wrong with the lawful part, field by field; `needed` is the rule at the entered price. */
export function checkIdentity(
  values: IdentityValues,
  needed: boolean,
  today: string,
): Partial<Record<IdentityField, IdentityProblem>> {
  const problems: Partial<Record<IdentityField, IdentityProblem>> = {};
  if (!values.signed) problems.signature = 'signatureRequired';
  if (!needed || values.reuse_check_id !== null) return problems;
  if (values.document_type === null) problems.document_type = 'chooseOne';
  const text = (field: 'document_number' | 'name' | 'address' | 'occupation', max: number) => {
    const value = values[field].trim();
    if (!value) problems[field] = 'required';
    else if (value.length > max) problems[field] = 'tooLong';
  };
  if (values.document_type === MY_NUMBER_CARD) {
    // The card is named by its expiry; its number is never asked (マイナンバー法 §20).
    if (!values.document_expiry) problems.document_expiry = 'required';
    else if (values.document_expiry < today) problems.document_expiry = 'expired';
  } else {
    text('document_number', BUYBACK_TEXT_MAX.documentNumber);
    // An Individual Number typed for any other document is refused too, saying why.
    if (looksLikeIndividualNumber(values.document_number)) problems.document_number = 'individualNumber';
  }
  const uploads = uploadSummary(values.document_pics);
  if (values.document_pics.length === 0) problems.document_pics = 'photoRequired';
  else if (uploads.failed > 0) problems.document_pics = 'photosFailed';
  else if (uploads.pending > 0) problems.document_pics = 'photosUploading';
  text('name', TEXT_MAX.personName);
  text('address', TEXT_MAX.address);
  text('occupation', BUYBACK_TEXT_MAX.occupation);
  if (!values.birth_date) problems.birth_date = 'required';
  else if (values.birth_date > today) problems.birth_date = 'futureDate';
  else if (ageOn(values.birth_date, today) < MIN_SELLER_AGE) problems.birth_date = 'tooYoung';
  return problems;
}

/** The body's identity part: a new check, today's check reused, or none below the threshold. */
export function identityBody(
  values: IdentityValues,
  needed: boolean,
): { identity: IdentityInput | null; identity_check_id: number | null } {
  if (values.reuse_check_id !== null) return { identity: null, identity_check_id: values.reuse_check_id };
  if (!needed || values.document_type === null) return { identity: null, identity_check_id: null };
  const pics = (resolveEntries(values.document_pics) ?? []).map((url) => privateNameOf(url) ?? url);
  return {
    identity: {
      document_type: values.document_type,
      document_number: values.document_type === MY_NUMBER_CARD ? '' : values.document_number.trim(),
      document_expiry: values.document_type === MY_NUMBER_CARD ? values.document_expiry || null : null,
      document_pics: pics.slice(0, DOCUMENT_PICS_MAX),
      name: values.name.trim(),
      address: values.address.trim(),
      occupation: values.occupation.trim(),
      birth_date: values.birth_date,
    },
    identity_check_id: null,
  };
}

/** The form field a refusal's `data.field` names (`identity.birth_date` → `birth_date`). */
export function identityFieldOf(path: string): IdentityField | null {
  if (path === 'signature') return 'signature';
  if (path === 'identity_check_id') return 'reuse_check_id';
  if (path === 'identity') return 'document_type';
  const [head, name] = path.split('.');
  if (head !== 'identity' || !name) return null;
  return (IDENTITY_FIELDS as readonly string[]).includes(name) ? (name as IdentityField) : null;
}
