import { z } from 'zod';
import { idNameSchema, idParamsSchema, pageOf, pageQuerySchema, timestampSchema } from './common.ts';
import { queryIdSchema, text } from './input.ts';
import { defineRoute } from './route.ts';
import { mobileSchema } from './user.ts';
import { WATCH_SOURCES } from './values/buyback.ts';
import { PASSWORD_MAX_LENGTH, TEXT_MAX } from './values/limits.ts';
import { noticeHasMark, WATCH_CSV_MAX_CHARS, WATCH_TEXT_MAX } from './values/watch.ts';

/*
 * The stolen-goods watch list (PRODUCT.md "Stolen-goods watch list", docs/decisions.md "The
 * stolen-goods watch list"): notices typed in or imported as CSV, matches found on commodities
 * by normalized serial number or engraving, and their acknowledgement by a recorder.
 */

const field = (max: number) => text().trim().max(max).default('');

export const watchNoticeInputSchema = z
  .object({
    source: z.enum(WATCH_SOURCES),
    reference: field(WATCH_TEXT_MAX.reference),
    brand: field(WATCH_TEXT_MAX.brand),
    model: field(WATCH_TEXT_MAX.model),
    serial_no: field(WATCH_TEXT_MAX.serial_no),
    engraving: field(WATCH_TEXT_MAX.engraving),
    description: field(WATCH_TEXT_MAX.description),
  })
  .superRefine(
    (value, ctx) => {
      if (!noticeHasMark(value)) ctx.addIssue({ code: 'custom', path: ['serial_no'], message: 'watchNoticeEmpty' });
    },
    // Once every field passed its own check: a refused text answers its own input error.
    { when: (payload) => payload.issues.length === 0 },
  );
export type WatchNoticeInput = z.input<typeof watchNoticeInputSchema>;

export const watchNoticeSchema = z.object({
  id: z.number().int(),
  source: z.enum(WATCH_SOURCES),
  reference: z.string(),
  brand: z.string(),
  model: z.string(),
  serial_no: z.string(),
  engraving: z.string(),
  description: z.string(),
  created_by: idNameSchema,
  created_at: timestampSchema,
  /** A withdrawn notice stops matching; it stays listed, with who withdrew it and why. */
  withdrawn_at: timestampSchema.nullable(),
  /** Null for a notice not withdrawn, and for one withdrawn before the withdrawal was recorded. */
  withdrawn_by: idNameSchema.nullable(),
  withdraw_reason: z.string().nullable(),
  /** Commodities it matched, and how many of them wait for an acknowledgement. */
  match_count: z.number().int(),
  open_match_count: z.number().int(),
});
export type WatchNotice = z.infer<typeof watchNoticeSchema>;

export const WATCH_NOTICE_STATUSES = ['active', 'withdrawn', 'all'] as const;

export const watchNoticeListQuerySchema = pageQuerySchema.extend({
  /** Searches reference, brand, model, serial number (also normalized), engraving and description. */
  keyword: text().trim().max(TEXT_MAX.keyword).optional(),
  status: z.enum(WATCH_NOTICE_STATUSES).default('active'),
});

export const watchCreateResultSchema = z.object({
  notice: watchNoticeSchema,
  /** Commodities not yet bought back that it matched at once. */
  matched: z.number().int(),
});

export const watchImportBodySchema = z.object({
  /** The file's text (UTF-8; a byte order mark is ignored); the first row names the columns. */
  csv: text().min(1).max(WATCH_CSV_MAX_CHARS),
});

/** Why one row of an import was refused. */
export const WATCH_ROW_REFUSALS = ['columns', 'source', 'empty', 'tooLong', 'text', 'duplicate'] as const;
export type WatchRowRefusal = (typeof WATCH_ROW_REFUSALS)[number];

export const watchImportResultSchema = z.object({
  /** Data rows read (the header not counted). */
  rows: z.number().int(),
  imported: z.number().int(),
  /** Commodities not yet bought back that the imported notices matched. */
  matched: z.number().int(),
  /** `line` is the file's line where the row starts (the header is line 1). */
  refused: z.array(
    z.object({ line: z.number().int(), reason: z.enum(WATCH_ROW_REFUSALS), column: z.string().nullable() }),
  ),
});
export type WatchImportResult = z.infer<typeof watchImportResultSchema>;

/** What the commodity holds that matched, `serial_no` or `engraving`. */
export const WATCH_MATCHED_ON = ['serial', 'engraving'] as const;
/** Where the match was found. */
export const WATCH_MATCH_STAGES = ['enrollment', 'update', 'notice', 'recycle'] as const;

export const watchMatchSchema = z.object({
  id: z.number().int(),
  matched_on: z.enum(WATCH_MATCHED_ON),
  /** The commodity's text that matched, as the recorder typed it. */
  matched_value: z.string(),
  stage: z.enum(WATCH_MATCH_STAGES),
  created_at: timestampSchema,
  notice: watchNoticeSchema.pick({
    id: true,
    source: true,
    reference: true,
    brand: true,
    model: true,
    serial_no: true,
    engraving: true,
    description: true,
    withdrawn_at: true,
    withdrawn_by: true,
    withdraw_reason: true,
  }),
  commodity: z.object({
    id: z.number().int(),
    no: z.string(),
    product_name: z.string(),
    brand_name: z.string(),
    status: z.number().int(),
    recorder: idNameSchema,
    /** Both marks as typed, shown beside the notice's (whichever matched). */
    serial_no: z.string(),
    engraving: z.string(),
  }),
  acknowledgement: z
    .object({
      by: idNameSchema,
      at: timestampSchema,
      reason: z.string(),
      /** The second staff member who confirmed it with their own password; null when alone. */
      witness: idNameSchema.nullable(),
      /** Acknowledged by one person, as the shop's setting (WATCH_ACK_SINGLE_PERSON) allowed. */
      alone: z.boolean(),
    })
    .nullable(),
});
export type WatchMatch = z.infer<typeof watchMatchSchema>;

export const WATCH_MATCH_STATUSES = ['open', 'acknowledged', 'all'] as const;

export const watchMatchListQuerySchema = pageQuerySchema.extend({
  status: z.enum(WATCH_MATCH_STATUSES).default('open'),
  commodity_id: queryIdSchema.optional(),
});

export const acknowledgeSchema = z.object({
  reason: text().trim().min(1).max(TEXT_MAX.remark),
  /**
   * A second staff member (a recorder or valuer, not a guest, not the caller) confirms with their
   * own sign-in mobile and password; required unless the shop lets one person acknowledge alone
   * (`watch_ack_single_person` in the shop's settings). Wrong passwords count as failed sign-ins.
   */
  witness_mobile: mobileSchema.optional(),
  witness_password: text().max(PASSWORD_MAX_LENGTH).optional(),
});

/** Withdrawing a notice says why (required), like an acknowledgement. */
export const withdrawSchema = z.object({
  reason: text().trim().min(1).max(TEXT_MAX.remark),
});

export const watchRoutes = {
  watchNoticeList: defineRoute({
    method: 'GET',
    path: '/api/watch/notices',
    summary: 'Watch-list notices, newest first, active or withdrawn, with a search (staff)',
    tag: 'watch',
    access: 'regular',
    query: watchNoticeListQuerySchema,
    data: pageOf(watchNoticeSchema),
  }),
  watchNoticeCreate: defineRoute({
    method: 'POST',
    path: '/api/watch/notices',
    summary: 'Add a notice by hand (staff); it is checked at once against items not yet bought back',
    tag: 'watch',
    access: 'regular',
    body: watchNoticeInputSchema,
    data: watchCreateResultSchema,
  }),
  watchNoticeImport: defineRoute({
    method: 'POST',
    path: '/api/watch/notices/import',
    summary: 'Import notices from CSV text (staff): good rows are added, refused rows are listed by line',
    tag: 'watch',
    access: 'regular',
    body: watchImportBodySchema,
    data: watchImportResultSchema,
  }),
  watchNoticeWithdraw: defineRoute({
    method: 'POST',
    path: '/api/watch/notices/:id/withdraw',
    summary: 'Withdraw a notice with a reason (recorders): it stops matching and is kept, with who and why',
    tag: 'watch',
    access: 'recorder',
    params: idParamsSchema,
    body: withdrawSchema,
    data: watchNoticeSchema,
  }),
  watchMatchList: defineRoute({
    method: 'GET',
    path: '/api/watch/matches',
    summary: 'Watch-list matches (alerts): open ones, or the acknowledged history (staff)',
    tag: 'watch',
    access: 'regular',
    query: watchMatchListQuerySchema,
    data: pageOf(watchMatchSchema),
  }),
  watchMatchAcknowledge: defineRoute({
    method: 'POST',
    path: '/api/watch/matches/:id/acknowledge',
    summary:
      'Acknowledge a match with a reason (recorders), confirmed by a second staff member; the buyback is then no longer blocked by it',
    tag: 'watch',
    access: 'recorder',
    params: idParamsSchema,
    body: acknowledgeSchema,
    data: watchMatchSchema,
  }),
};
