import { z } from 'zod';
import { idNameSchema, timestampSchema } from './common.ts';
import { queryIdSchema, text } from './input.ts';
import { checkPeriod, periodShape } from './period.ts';
import { defineRoute } from './route.ts';
import { AUDIT_KINDS, AUDIT_PAGE_MAX } from './values/audit.ts';
import { LANGS } from './values/i18n.ts';

/*
 * The audit trail, for the shop's managers (issue 28 item 7): every transition, setting change,
 * staff change, identity view, ledger correction and alert acknowledgement, newest first, by
 * person, item, kind and period; and the same as a CSV file. Each record is told in the reader's
 * language by the server, so that the page and the file say the same words.
 */

export const auditKindSchema = z.enum(AUDIT_KINDS);

const auditFilterShape = {
  ...periodShape,
  kind: auditKindSchema.optional(),
  /** The member of staff who acted. */
  person: queryIdSchema.optional(),
  /** An item's number, as printed on its tag (`C20261121-0007`). */
  item: text().trim().min(1).max(40).optional(),
};

export const auditListQuerySchema = z
  .object({
    ...auditFilterShape,
    cursor: text().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(AUDIT_PAGE_MAX).default(20),
  })
  .superRefine(checkPeriod);
export type AuditListQuery = z.input<typeof auditListQuerySchema>;

export const auditExportQuerySchema = z
  .object({
    ...auditFilterShape,
    /** The language of the file; the caller's `lang` header when absent. */
    lang: z.enum(LANGS).optional(),
  })
  .superRefine(checkPeriod);
export type AuditExportQuery = z.input<typeof auditExportQuerySchema>;

/** One record of the trail, told in the reader's language. */
export const auditRecordSchema = z.object({
  /** `kind:id`, unique in the trail. */
  key: z.string(),
  kind: auditKindSchema,
  at: timestampSchema,
  /** Who acted. */
  actor: idNameSchema,
  /** What they did: "Appraisal started", "Time zone changed", "Identity details viewed". */
  what: z.string(),
  /** From what to what, when something changed: "In appraisal → Appraised", "Asia/Shanghai → Asia/Tokyo". */
  change: z.string().nullable(),
  /** Whom or what else it names: the member changed, the customer viewed, the reason given, a witness. */
  note: z.string().nullable(),
  /** The item it is about, if any. */
  item: z.object({ id: z.number().int(), no: z.string() }).nullable(),
});
export type AuditRecord = z.infer<typeof auditRecordSchema>;

export const auditPageSchema = z.object({
  items: z.array(auditRecordSchema),
  /** The cursor of the next page; null on the last. */
  next_cursor: z.string().nullable(),
});

export const auditRoutes = {
  auditList: defineRoute({
    method: 'GET',
    path: '/api/audit',
    summary: 'The audit trail, newest first, by person, item, kind and period of shop days, by keyset pages',
    tag: 'audit',
    access: 'manager',
    query: auditListQuerySchema,
    data: auditPageSchema,
  }),
  auditExport: defineRoute({
    method: 'GET',
    path: '/api/audit/export',
    summary: 'The audit trail of the same filter as a CSV file, oldest first, in a chosen language',
    tag: 'audit',
    access: 'manager',
    query: auditExportQuerySchema,
  }),
};
