import { z } from 'zod';
import { idNameSchema, idParamsSchema, timestampSchema } from './common.ts';
import { calendarDate, text } from './input.ts';
import { defineRoute } from './route.ts';
import { privateImageSchema } from './upload.ts';
import { IDENTITY_DOCUMENT_TYPES } from './values/buyback.ts';
import { OCCUPATION_MAX } from './values/customer.ts';
import { TEXT_MAX } from './values/limits.ts';
import { CUSTOMER_PHONE_PATTERN } from './values/patterns.ts';

/*
 * Customers as records (issue 13 item 1; docs/decisions.md "Customers and retention"). Recorders
 * only: staff recorders see every customer, a guest recorder only the customers of their own
 * registrations; valuers make no customer call at all. Identity checks are a call of their own,
 * for staff recorders, and every call of it is recorded as a view of identity data.
 */

const optionalText = (max: number) => text().trim().max(max).default('');

export const customerInputSchema = z.object({
  name: text().trim().min(1).max(TEXT_MAX.personName),
  phone: text().trim().regex(CUSTOMER_PHONE_PATTERN),
  address: optionalText(TEXT_MAX.address),
  occupation: optionalText(OCCUPATION_MAX),
  birth_date: calendarDate().nullable().default(null),
});
export type CustomerInput = z.input<typeof customerInputSchema>;

export const customerListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  address: z.string(),
  /** Enrollments the caller may see. */
  visits: z.number().int(),
  last_activity_at: timestampSchema,
});
export type CustomerListItem = z.infer<typeof customerListItemSchema>;

export const customerPageSchema = z.object({
  items: z.array(customerListItemSchema),
  /** Pass back as `cursor` for the next page; null on the last one. */
  next_cursor: z.string().nullable(),
});

export const customerListQuerySchema = z.object({
  /** The start of a phone number (digits compared, spaces and dashes ignored) or part of a name. */
  keyword: text().trim().max(TEXT_MAX.keyword).optional(),
  cursor: text().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type CustomerListQuery = z.input<typeof customerListQuerySchema>;

/** One item of a visit, with its outcome. */
export const customerVisitItemSchema = z.object({
  id: z.number().int(),
  no: z.string(),
  product_name: z.string(),
  brand_name: z.string(),
  status: z.number().int(),
  /** The final verdict once fixed (status 70 and later). */
  result: z
    .object({
      is_real: z.number().int(),
      price_low: z.number(),
      price_high: z.number(),
      currency: z.string(),
    })
    .nullable(),
  /** The outcome: bought (1, with the price) or returned to the customer (0). */
  recycle: z
    .object({
      is_recycle: z.number().int(),
      price: z.number().nullable(),
      currency: z.string().nullable(),
      at: timestampSchema,
    })
    .nullable(),
});

export const customerVisitSchema = z.object({
  /** The enrollment. */
  id: z.number().int(),
  created_at: timestampSchema,
  recorder: idNameSchema,
  commodities: z.array(customerVisitItemSchema),
});
export type CustomerVisit = z.infer<typeof customerVisitSchema>;

export const customerDetailSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  phone: z.string(),
  address: z.string(),
  occupation: z.string(),
  birth_date: z.string().nullable(),
  created_at: timestampSchema,
  updated_at: timestampSchema,
  last_activity_at: timestampSchema,
  /** Set once the retention job removed the personal data. */
  anonymized_at: timestampSchema.nullable(),
  /** The visits the caller may see, newest first. */
  visits: z.array(customerVisitSchema),
  /** How many identity checks there are; their details are `customerIdentityChecks`' (staff recorders). */
  identity_check_count: z.number().int(),
});
export type CustomerDetail = z.infer<typeof customerDetailSchema>;

export const identityCheckSummarySchema = z.object({
  id: z.number().int(),
  document_type: z.enum(IDENTITY_DOCUMENT_TYPES),
  /** The document number masked: `****1234`; empty once removed by the retention job. */
  document_number_masked: z.string(),
  /** The expiry of a document named by it: a My Number card, whose number is never kept (issue 27). */
  document_expiry: z.string().nullable(),
  checked_at: timestampSchema,
  checked_by: idNameSchema,
  /** Signed links valid for minutes; each one handed out is recorded as a view. */
  document_pics: z.array(privateImageSchema),
  anonymized: z.boolean(),
});
export type IdentityCheckSummary = z.infer<typeof identityCheckSummarySchema>;

export const customerRoutes = {
  customerList: defineRoute({
    method: 'GET',
    path: '/api/customers',
    summary: 'Customers by phone prefix or name, latest activity first, by keyset (cursor) pages; recorders',
    tag: 'customer',
    access: 'user',
    query: customerListQuerySchema,
    data: customerPageSchema,
  }),
  customerCreate: defineRoute({
    method: 'POST',
    path: '/api/customers',
    summary: 'Create a customer record; recorders',
    tag: 'customer',
    access: 'user',
    body: customerInputSchema,
    data: customerDetailSchema,
  }),
  customerDetail: defineRoute({
    method: 'GET',
    path: '/api/customers/:id',
    summary: "A customer's record and every visit the caller may see, with outcomes; recorders",
    tag: 'customer',
    access: 'user',
    params: idParamsSchema,
    data: customerDetailSchema,
  }),
  customerUpdate: defineRoute({
    method: 'POST',
    path: '/api/customers/:id/update',
    summary: "Edit a customer's record; recorders",
    tag: 'customer',
    access: 'user',
    params: idParamsSchema,
    body: customerInputSchema,
    data: customerDetailSchema,
  }),
  customerIdentityChecks: defineRoute({
    method: 'GET',
    path: '/api/customers/:id/identity-checks',
    summary: "A customer's identity checks, masked, with signed photo links; staff recorders; every read recorded",
    tag: 'customer',
    access: 'recorder',
    params: idParamsSchema,
    data: z.array(identityCheckSummarySchema),
  }),
};
