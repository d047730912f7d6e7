/**
 * The correction form's values and their checks, mirroring the contract's `ledgerCorrectionSchema`
 * (packages/contract/src/ledger.ts) without loading zod in the browser: the same limits, refused
 * characters (values/text.ts) and ranges. correction-model.test.ts proves that what these checks let through, the schema accepts.
 */
import type { LedgerCorrectionInput, LedgerEntryDetail } from '@jewel/contract/ledger';
import {
  LEDGER_AGE_MAX,
  LEDGER_CORRECTION_TEXT_MAX,
  LEDGER_QUANTITY_MAX,
  type LedgerCorrectableField,
} from '@jewel/contract/values/ledger';
import { MONEY_MAX } from '@jewel/contract/values/limits';
import { isCleanText } from '@jewel/contract/values/text';

/** The form's values: texts as typed; numbers are read when checked. */
export interface CorrectionDraft {
  seller_name: string;
  seller_address: string;
  seller_occupation: string;
  seller_age: string;
  item: string;
  features: string;
  quantity: string;
  price: string;
  currency: string;
  identity_method: string;
  reason: string;
}
export type CorrectionField = keyof CorrectionDraft;

/** The longest text each field takes: the contract's limits, and the digits of the numbers. */
export const CORRECTION_LIMITS = {
  ...LEDGER_CORRECTION_TEXT_MAX,
  seller_age: 3,
  quantity: 5,
  price: 14,
} as const;

/** The entry's values, as the form opens. */
export function draftOf(entry: LedgerEntryDetail): CorrectionDraft {
  return {
    seller_name: entry.seller_name,
    seller_address: entry.seller_address,
    seller_occupation: entry.seller_occupation,
    seller_age: entry.seller_age === null ? '' : String(entry.seller_age),
    item: entry.item,
    features: entry.features,
    quantity: String(entry.quantity),
    price: String(entry.price),
    currency: entry.currency,
    identity_method: entry.identity_method,
    reason: '',
  };
}

/**
 * Why a field is wrong, as a key of the `ledger:correct` texts; `nothingChanged` is the form's
 * as a whole (the server refuses a correction that changes nothing).
 */
export type CorrectionProblem =
  | 'required'
  | 'tooLong'
  | 'characters'
  | 'invalidAge'
  | 'invalidQuantity'
  | 'invalidPrice'
  | 'reasonRequired'
  | 'nothingChanged';
export type CorrectionProblems = Partial<Record<CorrectionField | 'form', CorrectionProblem>>;

type TextField = 'seller_name' | 'seller_address' | 'seller_occupation' | 'item' | 'features';

const wholeNumber = (text: string, min: number, max: number) => {
  const value = Number(text.trim());
  return text.trim() !== '' && Number.isInteger(value) && value >= min && value <= max ? value : null;
};

const amount = (text: string) => {
  const trimmed = text.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value <= MONEY_MAX ? value : null;
};

/**
 * Reads the draft against the entry: what is wrong, in the order of the form, and the request
 * (only what differs is sent). The request is meant to be sent only when nothing is wrong.
 */
export function readCorrection(
  draft: CorrectionDraft,
  entry: LedgerEntryDetail,
): { problems: CorrectionProblems; body: LedgerCorrectionInput } {
  const problems: CorrectionProblems = {};
  const changes: Partial<Record<LedgerCorrectableField, string | number>> = {};
  /** A text's own problem once trimmed: too long or holding characters the API refuses. */
  const textProblem = (field: TextField | 'reason', value: string): CorrectionProblem | null => {
    if (value.length > CORRECTION_LIMITS[field]) return 'tooLong';
    return isCleanText(value) ? null : 'characters';
  };
  const text = (field: TextField) => {
    const value = draft[field].trim();
    if (value === entry[field]) return;
    const problem = value === '' ? 'required' : textProblem(field, value);
    if (problem) problems[field] = problem;
    else changes[field] = value;
  };
  text('seller_name');
  text('seller_address');
  text('seller_occupation');
  if (draft.seller_age.trim() !== (entry.seller_age === null ? '' : String(entry.seller_age))) {
    const age = wholeNumber(draft.seller_age, 0, LEDGER_AGE_MAX);
    if (age === null) problems.seller_age = 'invalidAge';
    else changes.seller_age = age;
  }
  text('item');
  text('features');
  const quantity = wholeNumber(draft.quantity, 1, LEDGER_QUANTITY_MAX);
  if (quantity === null) problems.quantity = 'invalidQuantity';
  else if (quantity !== entry.quantity) changes.quantity = quantity;
  const price = amount(draft.price);
  if (price === null) problems.price = 'invalidPrice';
  else if (price !== entry.price) changes.price = price;
  if (draft.currency !== entry.currency) changes.currency = draft.currency;
  if (draft.identity_method !== entry.identity_method) changes.identity_method = draft.identity_method;
  const reason = draft.reason.trim();
  const reasonProblem = reason === '' ? 'reasonRequired' : textProblem('reason', reason);
  if (reasonProblem) problems.reason = reasonProblem;
  if (Object.keys(problems).length === 0 && Object.keys(changes).length === 0) problems.form = 'nothingChanged';
  return { problems, body: { ...changes, reason } as LedgerCorrectionInput };
}
