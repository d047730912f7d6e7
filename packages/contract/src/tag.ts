import { z } from 'zod';
import { idSchema, text } from './input.ts';
import { defineRoute } from './route.ts';
import { LANGS } from './values/i18n.ts';
import { TAG_COLUMNS, TAG_LAYOUTS, TAG_ROWS, TAG_SHEET_MAX, VERIFICATION_ID_PATTERN } from './values/tag.ts';

/*
 * Item tags and the scan (issue 14; docs/decisions.md "Item tags and the scan"): a printable A4
 * sheet of labels, each with the item's number and a QR of its public verification address; and
 * what the app's scan asks of a scanned address — which item it is, if the caller may see it.
 */

export const tagSheetBodySchema = z.object({
  /** The items to label, in this order; each once. */
  ids: z
    .array(idSchema)
    .min(1)
    .max(TAG_SHEET_MAX)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'idsRepeated' }),
  /** The language of the labels' texts; the caller's `lang` header when absent. */
  lang: z.enum(LANGS).optional(),
  /** Where they are printed: the A4 sheet (the default) or a label printer's labels. */
  layout: z.enum(TAG_LAYOUTS).default('a4-21'),
  /** On the A4 sheet, the first free label (1–21, row by row): a sheet partly used goes back in. */
  start_at: z
    .number()
    .int()
    .min(1)
    .max(TAG_COLUMNS * TAG_ROWS)
    .default(1),
});
export type TagSheetBody = z.input<typeof tagSheetBodySchema>;

export const verificationParamsSchema = z.object({
  id: text().regex(VERIFICATION_ID_PATTERN),
});

export const scannedItemSchema = z.object({
  commodity_id: z.number().int(),
  no: z.string(),
});
export type ScannedItem = z.infer<typeof scannedItemSchema>;

export const tagRoutes = {
  tagSheet: defineRoute({
    method: 'POST',
    path: '/api/commodities/tags',
    summary:
      "A PDF of labels (number, brand and product, QR of the item's verification page) for chosen items: an A4 " +
      'sheet of 21 from a chosen label on, or one label a page for a label printer',
    tag: 'tag',
    access: 'regular',
    body: tagSheetBodySchema,
  }),
  scanResolve: defineRoute({
    method: 'GET',
    path: '/api/verifications/:id/item',
    summary: 'The item a scanned verification link (tag or certificate) belongs to, when the caller may see it',
    tag: 'tag',
    access: 'user',
    params: verificationParamsSchema,
    data: scannedItemSchema,
  }),
};
