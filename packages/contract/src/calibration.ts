import { z } from 'zod';
import { idNameSchema } from './common.ts';
import { checkPeriod, periodInOrder, periodShape } from './period.ts';
import { defineRoute } from './route.ts';
import { CALIBRATION_MAX_DAYS } from './values/calibration.ts';
import { LANGS } from './values/i18n.ts';

/*
 * Appraiser calibration (PRODUCT.md "Calibration figures"): per valuer and for the shop, over a
 * period of shop days, how often first appraisals are confirmed, how often a comprehensive
 * assessment overturns a valuer, how long a first appraisal takes and Cohen's kappa for
 * authenticity; also per category and per brand. Every regular user reads every valuer's
 * figures; temporary users none. Definitions: docs/decisions.md "Appraiser calibration".
 */

const DAY_MS = 86_400_000;

/** In order, and at most CALIBRATION_MAX_DAYS long. */
function checkCalibrationPeriod(value: { from?: string | undefined; to?: string | undefined }, ctx: z.RefinementCtx) {
  checkPeriod(value, ctx);
  if (!periodInOrder(value) || !value.from || !value.to) return;
  const days = (Date.parse(value.to) - Date.parse(value.from)) / DAY_MS + 1;
  if (days > CALIBRATION_MAX_DAYS) {
    ctx.addIssue({ code: 'custom', path: ['from'], message: 'calibrationPeriodTooLong' });
  }
}

// Without `from` the period starts 29 days before `to`, without `to` it ends today (or 29 days
// after `from`), so that the default is the last 30 days.
export const calibrationQuerySchema = z.object(periodShape).superRefine(checkCalibrationPeriod);
export type CalibrationQuery = z.input<typeof calibrationQuerySchema>;

export const calibrationExportQuerySchema = z
  .object({
    ...periodShape,
    /** The language of the column titles and names; the caller's `lang` header when absent. */
    lang: z.enum(LANGS).optional(),
  })
  .superRefine(checkCalibrationPeriod);
export type CalibrationExportQuery = z.input<typeof calibrationExportQuerySchema>;

/** The figures of one scope (the shop, a valuer, a category or brand of either). */
export const calibrationFiguresSchema = z.object({
  /** Distinct items with a done first appraisal finished in the period. */
  items: z.number().int(),
  /** Those first appraisals that have a done reconsideration in the same round. */
  pairs: z.number().int(),
  /** Pairs whose reconsideration agreed with the first appraisal. */
  agreed: z.number().int(),
  /** agreed / pairs, 0..1; null without pairs. */
  agreement_rate: z.number().nullable(),
  /** Done first appraisals and reconsiderations finished in the period whose round had a done comprehensive assessment. */
  judged: z.number().int(),
  /** Those the comprehensive assessment disagrees with by the agreement rule. */
  overturned: z.number().int(),
  /** overturned / judged, 0..1; null when none was judged. */
  overturned_rate: z.number().nullable(),
  /** Median seconds from start to verdict of the done first appraisals; null without any. */
  median_seconds: z.number().nullable(),
  /** Cohen's kappa for authenticity over the pairs; null without pairs or when chance agreement is 1. */
  kappa: z.number().nullable(),
});
export type CalibrationFigures = z.infer<typeof calibrationFiguresSchema>;

export const calibrationGroupSchema = z.object({
  group: idNameSchema,
  figures: calibrationFiguresSchema,
});
export type CalibrationGroup = z.infer<typeof calibrationGroupSchema>;

export const calibrationValuerSchema = z.object({
  valuer: idNameSchema.extend({ temporary: z.boolean() }),
  figures: calibrationFiguresSchema,
  by_category: z.array(calibrationGroupSchema),
  by_brand: z.array(calibrationGroupSchema),
});
export type CalibrationValuer = z.infer<typeof calibrationValuerSchema>;

export const calibrationSchema = z.object({
  /** The period the figures cover, as shop days (the defaults filled in). */
  period: z.object({ from: z.string(), to: z.string() }),
  shop: calibrationFiguresSchema,
  /** Every valuer with a done first appraisal or reconsideration in the period, by name. */
  valuers: z.array(calibrationValuerSchema),
  shop_by_category: z.array(calibrationGroupSchema),
  shop_by_brand: z.array(calibrationGroupSchema),
});
export type Calibration = z.infer<typeof calibrationSchema>;

export const calibrationRoutes = {
  calibration: defineRoute({
    method: 'GET',
    path: '/api/calibration',
    summary:
      "Appraiser calibration over a period of shop days: the shop's and each valuer's figures, by category and brand",
    tag: 'calibration',
    access: 'regular',
    query: calibrationQuerySchema,
    data: calibrationSchema,
  }),
  calibrationExport: defineRoute({
    method: 'GET',
    path: '/api/calibration/export',
    summary: 'The calibration figures of a period as CSV, one row per scope, valuer and group, as the page shows them',
    tag: 'calibration',
    access: 'regular',
    query: calibrationExportQuerySchema,
  }),
};
