import { IDENTITY_DOCUMENT_TYPES } from './buyback.ts';
import { OCCUPATION_MAX } from './customer.ts';
import { TEXT_MAX } from './limits.ts';

/*
 * The dealer's ledger's fixed values, for the server and the web app alike (no zod here: the web
 * app runs only values/). docs/decisions.md "The dealer's ledger".
 */

/** How the seller's identity was checked: a document type, or `none` (below the shop's threshold). */
export const LEDGER_IDENTITY_METHODS = [...IDENTITY_DOCUMENT_TYPES, 'none'] as const;
export type LedgerIdentityMethod = (typeof LEDGER_IDENTITY_METHODS)[number];

export const LEDGER_EXPORT_FORMATS = ['csv', 'pdf'] as const;
export type LedgerExportFormat = (typeof LEDGER_EXPORT_FORMATS)[number];

/** The oldest a seller's age may be written as, in a correction. */
export const LEDGER_AGE_MAX = 150;
export const LEDGER_QUANTITY_MAX = 10_000;

/**
 * The longest text a correction takes per field: at least what a buyback writes there, so that
 * any entry can be corrected without shortening what it holds.
 */
export const LEDGER_CORRECTION_TEXT_MAX = {
  seller_name: TEXT_MAX.personName,
  seller_address: TEXT_MAX.address,
  seller_occupation: OCCUPATION_MAX,
  // 品目 is the catalog's category, brand and product name together (buyback.service.ts itemAndFeatures).
  item: TEXT_MAX.remark,
  features: TEXT_MAX.remark,
  reason: TEXT_MAX.remark,
} as const;

/** The fields a correction may change (the rest are the transaction's facts or the system's). */
export const LEDGER_CORRECTABLE_FIELDS = [
  'seller_name',
  'seller_address',
  'seller_occupation',
  'seller_age',
  'item',
  'features',
  'quantity',
  'price',
  'currency',
  'identity_method',
] as const;
export type LedgerCorrectableField = (typeof LEDGER_CORRECTABLE_FIELDS)[number];
