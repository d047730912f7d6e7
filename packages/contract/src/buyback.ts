import { z } from 'zod';
import { idParamsSchema, timestampSchema } from './common.ts';
import { calendarDate, text, whenValid } from './input.ts';
import { defineRoute } from './route.ts';
import { IDENTITY_DOCUMENT_TYPES } from './values/buyback.ts';
import {
  BUYBACK_TEXT_MAX,
  DOCUMENT_PICS_MAX,
  looksLikeIndividualNumber,
  MY_NUMBER_CARD,
} from './values/buyback-rules.ts';
import { CURRENCIES } from './values/dictionary.ts';
import { LANGS } from './values/i18n.ts';
import { TEXT_MAX } from './values/limits.ts';
import { PRIVATE_IMAGE_NAME } from './values/patterns.ts';

/*
 * The buyback's lawful part (docs/decisions.md "Buying lawfully: identity check and signature"):
 * the seller's identity check (古物営業法 §15) and signature sent with "confirm recycle", and
 * what the recycle page reads to prepare them.
 */

export const privateNameSchema = text().regex(PRIVATE_IMAGE_NAME);

/**
 * The seller's identity as checked against a document, sent with a buyback. A My Number card is
 * recorded by its type and expiry, never its number (マイナンバー法 §20; docs/decisions.md "What
 * the law asks at the counter: identity"), and a number that is an Individual Number is refused
 * whatever document it was typed for.
 */
export const identityInputSchema = z
  .object({
    document_type: z.enum(IDENTITY_DOCUMENT_TYPES),
    /** Stored only sealed (AES-256-GCM); shown masked as its last 4 characters. Empty for a My Number card. */
    document_number: text().trim().max(BUYBACK_TEXT_MAX.documentNumber).default(''),
    /** The document's expiry date; required for a My Number card, which is recorded by it. */
    document_expiry: calendarDate().nullable().default(null),
    /** Private uploads of kind `document` by the recorder (`POST /api/upload/private`). */
    document_pics: z.array(privateNameSchema).min(1, { error: 'identityPhotoRequired' }).max(DOCUMENT_PICS_MAX),
    name: text().trim().min(1).max(TEXT_MAX.personName),
    address: text().trim().min(1).max(TEXT_MAX.address),
    occupation: text().trim().min(1).max(BUYBACK_TEXT_MAX.occupation),
    birth_date: calendarDate(),
  })
  .superRefine(
    (value, ctx) => {
      const myNumberCard = value.document_type === MY_NUMBER_CARD;
      const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
      if (looksLikeIndividualNumber(value.document_number)) issue('document_number', 'individualNumberRefused');
      else if (myNumberCard && value.document_number !== '') issue('document_number', 'myNumberCardNumberRefused');
      else if (!myNumberCard && value.document_number === '')
        issue('document_number', 'Too small: expected string to have >=1 characters');
      if (myNumberCard && value.document_expiry === null) issue('document_expiry', 'documentExpiryRequired');
    },
    whenValid('document_type', 'document_number', 'document_expiry'),
  );
export type IdentityInput = z.infer<typeof identityInputSchema>;

/** A check of the last IDENTITY_REUSE_HOURS, offered for reuse: never the number, only its hint. */
export const recentCheckSchema = z.object({
  id: z.number().int(),
  document_type: z.enum(IDENTITY_DOCUMENT_TYPES),
  /** The last 4 characters of the number (`****1234`). */
  document_hint: z.string(),
  name: z.string(),
  /** What the check recorded, for the declaration the seller signs (issue 27 item 4). */
  address: z.string(),
  occupation: z.string(),
  birth_date: z.string().nullable(),
  checked_at: timestampSchema,
});
export type RecentCheck = z.infer<typeof recentCheckSchema>;

/** What the recycle page needs to prepare a buyback; staff recorders only. */
export const buybackPrepSchema = z.object({
  customer: z.object({
    id: z.number().int(),
    name: z.string(),
    address: z.string(),
    occupation: z.string(),
    birth_date: z.string().nullable(),
  }),
  /** The shop's rule, as GET /api/settings answers it: the page decides at the entered price. */
  identity_check: z.object({
    always: z.boolean(),
    thresholds: z.partialRecord(z.enum(CURRENCIES), z.number()),
  }),
  /** The shop's day (`YYYY-MM-DD`), on which the seller's age is counted. */
  today: z.string(),
  recent_checks: z.array(recentCheckSchema),
  /**
   * The money-laundering rule (犯罪収益移転防止法 §4; docs/decisions.md "What the law asks at the
   * counter: money laundering"): whether the item is precious goods, the cash thresholds, and the
   * visit's cash total of precious goods so far per currency. The page decides at the entered
   * price and payment method with `amlVerificationRequired` and then asks for the purpose.
   */
  aml: z.object({
    precious: z.boolean(),
    thresholds: z.partialRecord(z.enum(CURRENCIES), z.number()),
    visit_cash_totals: z.partialRecord(z.enum(CURRENCIES), z.number()),
  }),
  /**
   * Why this item needs the check whatever the price: its category or material is flagged in the
   * catalog (issue 27 item 2); empty when neither is.
   */
  any_price_reasons: z.array(
    z.object({
      kind: z.enum(['category', 'material']),
      code: z.string(),
      name: z.record(z.enum(LANGS), z.string()),
    }),
  ),
  /** What the customer has sold in this visit so far, per currency, this item not included (issue 27 item 3). */
  visit_totals: z.partialRecord(z.enum(CURRENCIES), z.number()),
  /** The ledger's §16 品目 of the item in every language, as the signed declaration names it. */
  item: z.record(z.enum(LANGS), z.string()),
});
export type BuybackPrep = z.infer<typeof buybackPrepSchema>;

export const buybackRoutes = {
  commodityBuyback: defineRoute({
    method: 'GET',
    path: '/api/commodities/:id/buyback',
    summary: "Prepare a buyback: the seller's record for prefill, the identity rule and today's checks to reuse",
    tag: 'commodity',
    access: 'recorder',
    params: idParamsSchema,
    data: buybackPrepSchema,
  }),
};
