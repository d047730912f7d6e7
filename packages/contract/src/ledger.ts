import { z } from 'zod';
import { idNameSchema, idParamsSchema, timestampSchema } from './common.ts';
import { queryIdSchema, text } from './input.ts';
import { checkPeriod, periodShape } from './period.ts';
import { defineRoute } from './route.ts';
import { privateImageSchema } from './upload.ts';
import { CURRENCIES } from './values/dictionary.ts';
import { LANGS } from './values/i18n.ts';
import {
  LEDGER_AGE_MAX,
  LEDGER_CORRECTION_TEXT_MAX,
  LEDGER_EXPORT_FORMATS,
  LEDGER_IDENTITY_METHODS,
  LEDGER_QUANTITY_MAX,
} from './values/ledger.ts';
import { MONEY_MAX } from './values/limits.ts';

/*
 * The dealer's ledger (古物営業法 §16; PRODUCT.md "The dealer's ledger"): one entry per buyback,
 * read and exported by staff recorders only. Nobody edits or deletes an entry; a correction is
 * a new entry that copies the one it corrects with the changed fields, names it (`corrects_id`)
 * and says why. Only the latest entry of a chain can be corrected. docs/decisions.md "The
 * dealer's ledger".
 */

export const ledgerListQuerySchema = z
  .object({
    ...periodShape,
    cursor: text().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(50).default(20),
  })
  .superRefine(checkPeriod);
export type LedgerListQuery = z.input<typeof ledgerListQuerySchema>;

/**
 * One entry with every §16 item. Personal columns of an entry anonymized by the retention job
 * are empty strings (and `anonymized` is true); the seller's age and the rest stay.
 */
export const ledgerEntrySchema = z.object({
  id: z.number().int(),
  /**
   * The ledger is kept per business office (issue 32): the branch whose ledger it is, and the
   * entry's number there (1, 2, 3… per branch), the number shown and printed.
   */
  branch_id: z.number().int(),
  no: z.number().int(),
  /** 取引の年月日: the buyback's instant, and its shop day. */
  transacted_at: timestampSchema,
  day: z.string(),
  commodity_id: z.number().int(),
  commodity_no: z.string(),
  /** 品目, in the reader's language. */
  item: z.string(),
  quantity: z.number().int(),
  /** 特徴, in the reader's language. */
  features: z.string(),
  /** 代価 */
  price: z.number(),
  currency: z.string(),
  /** 相手方の氏名、住所、職業、年齢 */
  seller_name: z.string(),
  seller_address: z.string(),
  seller_occupation: z.string(),
  seller_age: z.number().int().nullable(),
  /** 確認の方法: one of LEDGER_IDENTITY_METHODS (an older value is passed through as written). */
  identity_method: z.string(),
  /** The document's number, masked (`****1234`, as the identity check keeps its last 4); empty when none. */
  identity_document_hint: z.string(),
  /** The document's expiry (`YYYY-MM-DD`) when it is named by it: a My Number card, whose number is never kept. */
  identity_document_expiry: z.string().nullable(),
  customer_id: z.number().int(),
  recorder: idNameSchema,
  /** The entry this one corrects (and its number), or null for an original entry. */
  corrects_id: z.number().int().nullable(),
  corrects_no: z.number().int().nullable(),
  correction_reason: z.string().nullable(),
  /** The entry that corrects this one (and its number), or null while it is the latest of its chain. */
  corrected_by_id: z.number().int().nullable(),
  corrected_by_no: z.number().int().nullable(),
  created_at: timestampSchema,
  anonymized: z.boolean(),
  /** How the seller was paid (PAYMENT_METHODS); null on entries written before it was recorded ("not recorded"). */
  payment_method: z.string().nullable(),
  /** 取引を行う目的, when the verification at transaction applied (犯罪収益移転防止法 §4); '' otherwise or once anonymized. */
  transaction_purpose: z.string(),
  /** Whether the verification at transaction applied: the entry and its identity check are kept 7 years. */
  aml_verified: z.boolean(),
  /**
   * The declaration the seller signed (施行規則 §15; issue 27 item 4), exactly as shown, and its
   * language; '' and null for entries written before it existed, '' once anonymized.
   */
  declaration_text: z.string(),
  declaration_lang: z.enum(LANGS).nullable(),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

export const ledgerPageSchema = z.object({
  /** Newest first: by shop day, then by entry (a correction above what it corrects). */
  items: z.array(ledgerEntrySchema),
  next_cursor: z.string().nullable(),
});

/** One entry of a correction chain. */
export const ledgerChainLinkSchema = z.object({
  id: z.number().int(),
  no: z.number().int(),
  created_at: timestampSchema,
  recorder: idNameSchema,
  corrects_id: z.number().int().nullable(),
  corrects_no: z.number().int().nullable(),
  correction_reason: z.string().nullable(),
});
export type LedgerChainLink = z.infer<typeof ledgerChainLinkSchema>;

export const ledgerEntryDetailSchema = ledgerEntrySchema.extend({
  /** The seller's signature, through a link valid for minutes; null when none or anonymized. */
  signature: privateImageSchema.nullable(),
  /** The whole chain this entry belongs to, from the original entry to the latest correction. */
  chain: z.array(ledgerChainLinkSchema),
});
export type LedgerEntryDetail = z.infer<typeof ledgerEntryDetailSchema>;

const correctionText = (max: number) => text().trim().min(1).max(max);

/**
 * A correction: the fields to change (at least one must differ) and why. Item and features are
 * written in one language and stand for every language of the new entry.
 */
export const ledgerCorrectionSchema = z.object({
  seller_name: correctionText(LEDGER_CORRECTION_TEXT_MAX.seller_name).optional(),
  seller_address: correctionText(LEDGER_CORRECTION_TEXT_MAX.seller_address).optional(),
  seller_occupation: correctionText(LEDGER_CORRECTION_TEXT_MAX.seller_occupation).optional(),
  seller_age: z.number().int().min(0).max(LEDGER_AGE_MAX).optional(),
  item: correctionText(LEDGER_CORRECTION_TEXT_MAX.item).optional(),
  features: correctionText(LEDGER_CORRECTION_TEXT_MAX.features).optional(),
  quantity: z.number().int().min(1).max(LEDGER_QUANTITY_MAX).optional(),
  price: z.number().min(0).max(MONEY_MAX).multipleOf(0.01).optional(),
  currency: z.enum(CURRENCIES).optional(),
  identity_method: z.enum(LEDGER_IDENTITY_METHODS).optional(),
  reason: correctionText(LEDGER_CORRECTION_TEXT_MAX.reason),
});
export type LedgerCorrectionInput = z.input<typeof ledgerCorrectionSchema>;
export const ledgerExportQuerySchema = z
  .object({
    ...periodShape,
    format: z.enum(LEDGER_EXPORT_FORMATS),
    /** The branch whose ledger (issue 32): the one the caller works at when absent. */
    branch_id: queryIdSchema.optional(),
    /** The language of the columns and labels; the caller's `lang` header when absent. */
    lang: z.enum(LANGS).optional(),
  })
  .superRefine(checkPeriod);
export type LedgerExportQuery = z.input<typeof ledgerExportQuerySchema>;

export const ledgerRoutes = {
  ledgerList: defineRoute({
    method: 'GET',
    path: '/api/ledger/entries',
    summary: "The dealer's ledger over a period of shop days, newest first, by keyset pages",
    tag: 'ledger',
    access: 'recorder',
    query: ledgerListQuerySchema,
    data: ledgerPageSchema,
  }),
  ledgerDetail: defineRoute({
    method: 'GET',
    path: '/api/ledger/entries/:id',
    summary: 'One ledger entry with its signature and its chain of corrections',
    tag: 'ledger',
    access: 'recorder',
    params: idParamsSchema,
    data: ledgerEntryDetailSchema,
  }),
  ledgerCorrect: defineRoute({
    method: 'POST',
    path: '/api/ledger/entries/:id/correct',
    summary: 'Correct an entry: a new entry with the changed fields that points at it; the entry stays as it was',
    tag: 'ledger',
    access: 'recorder',
    params: idParamsSchema,
    body: ledgerCorrectionSchema,
    data: ledgerEntryDetailSchema,
  }),
  ledgerExport: defineRoute({
    method: 'GET',
    path: '/api/ledger/export',
    summary: 'The ledger over a period as a CSV file or a printable PDF (A4 landscape), in a chosen language',
    tag: 'ledger',
    access: 'recorder',
    query: ledgerExportQuerySchema,
  }),
};
