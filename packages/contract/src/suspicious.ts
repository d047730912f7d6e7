import { z } from 'zod';
import { idNameSchema, idParamsSchema, timestampSchema } from './common.ts';
import { calendarDate, INT_MAX, text } from './input.ts';
import { defineRoute } from './route.ts';
import { AML_TEXT_MAX, SUSPICIOUS_DECISIONS, SUSPICIOUS_STATUSES } from './values/aml.ts';
import { LANGS } from './values/i18n.ts';

/*
 * Suspicious transactions (犯罪収益移転防止法 §8 疑わしい取引の届出; docs/decisions.md "What the law
 * asks at the counter: money laundering"): at any amount, a staff recorder flags a buyback's
 * ledger entry with a reason; another staff recorder reviews the flag as `report` or
 * `no_report` with a note; the flags to report are exported as CSV for the report to the
 * prefectural public safety commission. Staff recorders only: guests and valuers neither flag
 * nor see flags.
 */

export const suspiciousFlagInputSchema = z.object({
  reason: text().trim().min(1).max(AML_TEXT_MAX.reason),
});

export const suspiciousReviewSchema = z.object({
  decision: z.enum(SUSPICIOUS_DECISIONS),
  note: text().trim().min(1).max(AML_TEXT_MAX.note),
});

export const suspiciousListQuerySchema = z.object({
  status: z.enum(SUSPICIOUS_STATUSES).default('open'),
  /** Only the flags of this ledger entry (the entry page). */
  ledger_entry_id: z.coerce.number().int().min(1).max(INT_MAX).optional(),
});

/** A flag with what it is about; no personal data of the seller (the export has it, recorded as a view). */
export const suspiciousFlagSchema = z.object({
  id: z.number().int(),
  ledger_entry_id: z.number().int(),
  /** The entry's number in its branch's ledger (issue 32), as the ledger shows it. */
  ledger_entry_no: z.number().int(),
  commodity_no: z.string(),
  day: z.string(),
  item: z.string(),
  price: z.number(),
  currency: z.string(),
  payment_method: z.string().nullable(),
  reason: z.string(),
  flagged_by: idNameSchema,
  created_at: timestampSchema,
  /** SUSPICIOUS_DECISIONS, or null while it waits for review. */
  decision: z.enum(SUSPICIOUS_DECISIONS).nullable(),
  review_note: z.string().nullable(),
  reviewed_by: idNameSchema.nullable(),
  reviewed_at: timestampSchema.nullable(),
  /** Whether the caller may review it: an open flag raised by someone else. */
  can_review: z.boolean(),
});
export type SuspiciousFlag = z.infer<typeof suspiciousFlagSchema>;

export const suspiciousExportQuerySchema = z
  .object({
    /** Reviewed as `report` on these shop days (both ends included); open ends reach every flag. */
    from: calendarDate().optional(),
    to: calendarDate().optional(),
    lang: z.enum(LANGS).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.from && value.to && value.from > value.to)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'dateRangeInvalid' });
  });

export const suspiciousRoutes = {
  suspiciousFlag: defineRoute({
    method: 'POST',
    path: '/api/ledger/entries/:id/flag',
    summary: 'Flag a buyback (its ledger entry) as suspicious, with a reason, at any amount',
    tag: 'ledger',
    access: 'recorder',
    params: idParamsSchema,
    body: suspiciousFlagInputSchema,
    data: suspiciousFlagSchema,
  }),
  suspiciousList: defineRoute({
    method: 'GET',
    path: '/api/ledger/flags',
    summary: 'Suspicious flags: waiting for review (default), by decision, or of one entry; newest first',
    tag: 'ledger',
    access: 'recorder',
    query: suspiciousListQuerySchema,
    data: z.object({ items: z.array(suspiciousFlagSchema) }),
  }),
  suspiciousReview: defineRoute({
    method: 'POST',
    path: '/api/ledger/flags/:id/review',
    summary: 'Review a flag as "report" or "no report", with a note; by a staff recorder other than the flagger',
    tag: 'ledger',
    access: 'recorder',
    params: idParamsSchema,
    body: suspiciousReviewSchema,
    data: suspiciousFlagSchema,
  }),
  suspiciousExport: defineRoute({
    method: 'GET',
    path: '/api/ledger/flags/export',
    summary: 'The flags reviewed as "report", with the transactions and sellers, as CSV for the report (§8)',
    tag: 'ledger',
    access: 'recorder',
    query: suspiciousExportQuerySchema,
  }),
};
