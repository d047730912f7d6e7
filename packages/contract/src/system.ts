import { z } from 'zod';
import { defineRoute } from './route.ts';
import { CURRENCIES } from './values/dictionary.ts';

/** The shop's settings, read by every signed-in user (PRODUCT.md "Shop settings"). */
export const shopSettingsSchema = z.object({
  /** The currency a form that takes one starts with; each form can still change it. */
  default_currency: z.enum(CURRENCIES),
  /**
   * When "confirm recycle" needs the seller's identity check: always, or at or above a price per
   * currency (a currency absent from `thresholds` always needs it).
   */
  identity_check: z.object({
    always: z.boolean(),
    thresholds: z.partialRecord(z.enum(CURRENCIES), z.number()),
  }),
  /** Months without a visit or buyback after which a customer's personal data is removed. */
  retention_months: z.number().int(),
  /** A watch-list alert may be acknowledged by one person (WATCH_ACK_SINGLE_PERSON); else two. */
  watch_ack_single_person: z.boolean(),
});
export type ShopSettings = z.infer<typeof shopSettingsSchema>;

export const systemRoutes = {
  health: defineRoute({
    method: 'GET',
    path: '/api/health',
    summary: 'Liveness: the process answers',
    tag: 'system',
    access: 'public',
    data: z.object({ status: z.literal('ok'), version: z.string() }),
  }),
  ready: defineRoute({
    method: 'GET',
    path: '/api/ready',
    summary: 'Readiness: the database answers',
    tag: 'system',
    access: 'public',
    data: z.object({ status: z.literal('ready'), database: z.enum(['pglite', 'postgres']) }),
  }),
  settings: defineRoute({
    method: 'GET',
    path: '/api/settings',
    summary: "The shop's settings: its default currency",
    tag: 'system',
    access: 'user',
    data: shopSettingsSchema,
  }),
};

export const openApiRoute = {
  openapi: defineRoute({
    method: 'GET',
    path: '/api/openapi.json',
    summary: 'This OpenAPI document',
    tag: 'system',
    access: 'public',
  }),
};
