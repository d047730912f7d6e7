import { z } from 'zod';
import { idNameSchema, idParamsSchema, pageOf, pageQuerySchema, timestampSchema } from './common.ts';
import { idSchema, text, whenValid } from './input.ts';
import { defineRoute } from './route.ts';
import { PRIORITY } from './values/commodity.ts';
import { CURRENCIES, isWholeCurrency } from './values/dictionary.ts';
import { INQUIRY_STATUS } from './values/inquiry-status.ts';
import { MAX_PHOTOS_PER_FIELD, MONEY_MAX, TEXT_MAX } from './values/limits.ts';
import { OPTION_CODE_PATTERN, STORED_IMAGE_PATH } from './values/patterns.ts';

const id = idSchema;
const money = z.number().nonnegative().max(MONEY_MAX);

/** A customer asking what the shop would pay, before bringing the item (PRODUCT.md "Product inquiry"). */
export const inquiryInputSchema = z.object({
  customer_name: text().trim().min(1).max(TEXT_MAX.personName),
  /** A phone number, a WeChat or LINE id: whatever the customer gave. */
  contact: text().trim().min(1).max(TEXT_MAX.contact),
  brand_id: id.nullable().default(null),
  /** The catalog product, when known; the name may be the customer's own words. */
  product_id: id.nullable().default(null),
  product_name: text().trim().min(1).max(TEXT_MAX.productName),
  photos: z.array(text().regex(STORED_IMAGE_PATH)).max(MAX_PHOTOS_PER_FIELD).default([]),
  /** `inquiry.source` */
  source: text().regex(OPTION_CODE_PATTERN),
  /** `inquiry.priority`: 1 normal, 2 urgent */
  priority: z.number().int().min(PRIORITY.normal).max(PRIORITY.urgent).default(PRIORITY.normal),
  remark: text().trim().max(TEXT_MAX.remark).default(''),
  /**
   * Made on the phone when the form opens; a submit sent again with it (the outbox, a retry after a
   * timeout) answers the inquiry the first one registered instead of registering another.
   */
  idempotency_key: z.uuid().optional(),
});
export type InquiryInput = z.input<typeof inquiryInputSchema>;

export const estimateSchema = z
  .object({
    price_low: money,
    price_high: money,
    currency: z.enum(CURRENCIES),
    note: text().trim().max(TEXT_MAX.remark).default(''),
  })
  .superRefine(
    (value, ctx) => {
      if (value.price_high < value.price_low) {
        ctx.addIssue({ code: 'custom', path: ['price_high'], message: 'priceRangeInvalid' });
      }
      if (isWholeCurrency(value.currency)) {
        for (const field of ['price_low', 'price_high'] as const) {
          if (!Number.isInteger(value[field])) {
            ctx.addIssue({ code: 'custom', path: [field], message: 'wholeCurrencyRequired' });
          }
        }
      }
    },
    whenValid('price_low', 'price_high', 'currency'),
  );
export type EstimateInput = z.input<typeof estimateSchema>;

export const inquirySchema = z.object({
  id: z.number().int(),
  /** A valuer gets the initial only (`values/personal-data.ts` `seesCustomerWhole`). */
  customer_name: z.string(),
  /** Empty for a valuer. */
  contact: z.string(),
  brand: idNameSchema.nullable(),
  product: idNameSchema.nullable(),
  product_name: z.string(),
  photos: z.array(z.string()),
  source: z.string(),
  priority: z.number().int(),
  remark: z.string(),
  status: z.number().int(),
  estimate_status: z.number().int(),
  estimate: z
    .object({
      price_low: z.number(),
      price_high: z.number(),
      currency: z.string(),
      note: z.string(),
      valuer: idNameSchema,
      at: timestampSchema,
    })
    .nullable(),
  recorder: idNameSchema,
  created_at: timestampSchema,
  closed_at: timestampSchema.nullable(),
});
export type Inquiry = z.infer<typeof inquirySchema>;

export const inquiryListQuerySchema = pageQuerySchema.extend({
  status: z.coerce.number().int().min(INQUIRY_STATUS.open).max(INQUIRY_STATUS.closed).optional(),
  /** `mine`: registered by the caller (recorder) or estimated by the caller (valuer). */
  scope: z.enum(['all', 'mine']).default('all'),
});

export const inquiryRoutes = {
  inquiryCreate: defineRoute({
    method: 'POST',
    path: '/api/inquiries',
    summary: 'Register a price inquiry (recorders)',
    tag: 'inquiry',
    access: 'user',
    body: inquiryInputSchema,
    data: inquirySchema,
  }),
  inquiryList: defineRoute({
    method: 'GET',
    path: '/api/inquiries',
    summary: 'Price inquiries, newest first, by status',
    tag: 'inquiry',
    access: 'user',
    query: inquiryListQuerySchema,
    data: pageOf(inquirySchema),
  }),
  inquiryDetail: defineRoute({
    method: 'GET',
    path: '/api/inquiries/:id',
    summary: 'One price inquiry',
    tag: 'inquiry',
    access: 'user',
    params: idParamsSchema,
    data: inquirySchema,
  }),
  inquiryEstimate: defineRoute({
    method: 'POST',
    path: '/api/inquiries/:id/estimate',
    summary: 'Give (or revise) the estimate of an open inquiry (valuers); the recorder is notified',
    tag: 'inquiry',
    access: 'regular',
    params: idParamsSchema,
    body: estimateSchema,
    data: inquirySchema,
  }),
  inquiryClose: defineRoute({
    method: 'POST',
    path: '/api/inquiries/:id/close',
    summary: 'Close an inquiry (recorders)',
    tag: 'inquiry',
    access: 'user',
    params: idParamsSchema,
    data: inquirySchema,
  }),
};
