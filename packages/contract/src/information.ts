import { z } from 'zod';
import { idNameSchema, idParamsSchema, pageOf, pageQuerySchema, timestampSchema } from './common.ts';
import { calendarDate, queryIdSchema, text } from './input.ts';
import { defineRoute } from './route.ts';
import { CURRENCIES, STATE_LEVELS } from './values/dictionary.ts';
import { INFORMATION_ORDERS, INFORMATION_SORTS, IS_REAL } from './values/information.ts';
import { TEXT_MAX } from './values/limits.ts';

/*
 * The data base (PRODUCT.md "The other areas"): one row per identified commodity (a final
 * result exists: status 70, 80 or 90), and subtotals, saved filters whose figures are computed
 * in the database and kept as immutable versions.
 */

const optionalId = queryIdSchema.optional();

/**
 * What narrows the data base. The same fields filter the list (as query parameters) and are
 * saved with a subtotal (as JSON). Dates are calendar days in the shop's time zone, both ends
 * included.
 */
export const informationFilterShape = {
  brand_id: optionalId,
  category_id: optionalId,
  /** The catalog product the commodity was linked to. */
  product_id: optionalId,
  /** Contained in the product name, case-insensitive. */
  keyword: text().trim().min(1).max(TEXT_MAX.keyword).optional(),
  /** The identified material, or the registered one when the valuer named none. */
  material_id: optionalId,
  state_level: z.enum(STATE_LEVELS).optional(),
  /** `identify_result.is_real`: 1 genuine, 2 fake, 3 undetermined */
  is_real: z.coerce.number().int().min(IS_REAL.genuine).max(IS_REAL.undetermined).optional(),
  /** The currency of the price estimate. */
  currency: z.enum(CURRENCIES).optional(),
  identified_from: calendarDate().optional(),
  identified_to: calendarDate().optional(),
};

function checkDateRange(value: { identified_from?: string; identified_to?: string }, ctx: z.RefinementCtx) {
  if (value.identified_from && value.identified_to && value.identified_from > value.identified_to) {
    ctx.addIssue({ code: 'custom', path: ['identified_to'], message: 'dateRangeInvalid' });
  }
}

export const informationFilterSchema = z.object(informationFilterShape).superRefine(checkDateRange);
export type InformationFilter = z.output<typeof informationFilterSchema>;

export const informationListQuerySchema = z
  .object({
    ...informationFilterShape,
    sort: z.enum(INFORMATION_SORTS).default('identified_at'),
    order: z.enum(INFORMATION_ORDERS).default('desc'),
    cursor: text().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(50).default(20),
  })
  .superRefine(checkDateRange);
export type InformationListQuery = z.input<typeof informationListQuerySchema>;

/** One identified commodity and its final result. */
export const informationRowSchema = z.object({
  id: z.number().int(),
  no: z.string(),
  /** 70 identified, 80 recycled, 90 returned to the customer. */
  status: z.number().int(),
  brand: idNameSchema,
  category: idNameSchema,
  product: idNameSchema.nullable(),
  product_name: z.string(),
  material: idNameSchema.nullable(),
  state_level: z.string(),
  is_real: z.number().int(),
  price_low: z.number(),
  price_high: z.number(),
  currency: z.string(),
  /** `recycle.is_recycle` once the customer decided: 1 bought, 0 returned; null while 70. */
  is_recycle: z.number().int().nullable(),
  recycle_price: z.number().nullable(),
  recycle_currency: z.string().nullable(),
  identified_at: timestampSchema,
  /** The first product photo's thumbnail; empty when none. */
  thumb: z.string(),
});
export type InformationRow = z.infer<typeof informationRowSchema>;

export const informationPageSchema = z.object({
  items: z.array(informationRowSchema),
  /** Pass back as `cursor` (with the same filter and sort) for the next page; null on the last one. */
  next_cursor: z.string().nullable(),
});

export const informationDetailSchema = informationRowSchema.extend({
  not_genuine_reason: z.string().nullable(),
  expected_sale_price: z.number().nullable(),
  report: z.string(),
  /** The valuer whose verdict is final. */
  valuer: idNameSchema,
  recorder: idNameSchema,
  round: z.number().int(),
  recycled_at: timestampSchema.nullable(),
  product_pics: z.array(z.string()),
});
export type InformationDetail = z.infer<typeof informationDetailSchema>;

/**
 * One currency's figures. The price estimate: the lowest `price_low`, the average of the
 * midpoints `(price_low + price_high) / 2`, the highest `price_high`. The recycle price: over
 * the rows bought in this currency (the recycle currency may differ from the estimate's).
 */
export const currencyFiguresSchema = z.object({
  currency: z.string(),
  /** Rows whose estimate is in this currency. */
  count: z.number().int(),
  genuine_count: z.number().int(),
  price_min: z.number().nullable(),
  price_avg: z.number().nullable(),
  price_max: z.number().nullable(),
  /** Rows bought (recycled) for a price in this currency. */
  recycle_count: z.number().int(),
  recycle_min: z.number().nullable(),
  recycle_avg: z.number().nullable(),
  recycle_max: z.number().nullable(),
});
export type CurrencyFigures = z.infer<typeof currencyFiguresSchema>;

/** One computation of a subtotal, never changed afterwards. */
export const subtotalVersionSchema = z.object({
  id: z.number().int(),
  /** 1, 2, 3… per subtotal. */
  version: z.number().int(),
  computed_at: timestampSchema,
  computed_by: idNameSchema,
  count: z.number().int(),
  genuine_count: z.number().int(),
  /** genuine_count / count, 0..1; null when count is 0. */
  genuine_share: z.number().nullable(),
  /** By currency code (CNY, JPY, USD). */
  by_currency: z.array(currencyFiguresSchema),
});
export type SubtotalVersion = z.infer<typeof subtotalVersionSchema>;

export const subtotalSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  filter: informationFilterSchema,
  created_by: idNameSchema,
  created_at: timestampSchema,
  versions: z.number().int(),
  latest: subtotalVersionSchema,
});
export type Subtotal = z.infer<typeof subtotalSchema>;

export const subtotalCreateSchema = z.object({
  name: text().trim().min(1).max(TEXT_MAX.subtotalName),
  filter: informationFilterSchema.default({}),
});
export type SubtotalCreateInput = z.input<typeof subtotalCreateSchema>;

export const informationRoutes = {
  informationList: defineRoute({
    method: 'GET',
    path: '/api/information',
    summary: 'The data base: identified commodities and their results, filtered and sorted, by keyset pages',
    tag: 'information',
    access: 'regular',
    query: informationListQuerySchema,
    data: informationPageSchema,
  }),
  informationDetail: defineRoute({
    method: 'GET',
    path: '/api/information/:id',
    summary: 'One identified commodity and its final result',
    tag: 'information',
    access: 'regular',
    params: idParamsSchema,
    data: informationDetailSchema,
  }),
  subtotalCreate: defineRoute({
    method: 'POST',
    path: '/api/subtotals',
    summary: 'Save a named filter of the data base and compute its first version',
    tag: 'information',
    access: 'regular',
    body: subtotalCreateSchema,
    data: subtotalSchema,
  }),
  subtotalList: defineRoute({
    method: 'GET',
    path: '/api/subtotals',
    summary: "The shop's subtotals, newest first, each with its latest version",
    tag: 'information',
    access: 'regular',
    query: pageQuerySchema,
    data: pageOf(subtotalSchema),
  }),
  subtotalDetail: defineRoute({
    method: 'GET',
    path: '/api/subtotals/:id',
    summary: 'One subtotal with its latest version',
    tag: 'information',
    access: 'regular',
    params: idParamsSchema,
    data: subtotalSchema,
  }),
  subtotalVersions: defineRoute({
    method: 'GET',
    path: '/api/subtotals/:id/versions',
    summary: "A subtotal's versions, newest first",
    tag: 'information',
    access: 'regular',
    params: idParamsSchema,
    query: pageQuerySchema,
    data: pageOf(subtotalVersionSchema),
  }),
  subtotalRecompute: defineRoute({
    method: 'POST',
    path: '/api/subtotals/:id/recompute',
    summary: 'Compute the subtotal again as a new version; earlier versions stay as they were',
    tag: 'information',
    access: 'regular',
    params: idParamsSchema,
    data: subtotalSchema,
  }),
};
