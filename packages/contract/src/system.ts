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
  /** Managers sign in with a passkey or a sign-in provider, never a password (ADR 0103). */
  managers_strong_sign_in: z.boolean(),
});
export type ShopSettings = z.infer<typeof shopSettingsSchema>;

/** One dependency's state as this instance sees it: the kind in use, never an address or a key. */
const dependencyState = z.enum(['up', 'down']);

/**
 * What `/api/ready` found, the same for nginx, a load balancer and the operator: the database and
 * the object storage, each with its kind and state. Sent with 200 (`ready`, or `degraded` when only
 * the storage is down) and as the `data` of the 503 `notReady` answer when the database is down.
 */
export const readinessChecksSchema = z.object({
  database: z.object({ kind: z.enum(['pglite', 'postgres']), state: dependencyState }),
  storage: z.object({ kind: z.enum(['local', 's3']), state: dependencyState }),
});
export type ReadinessChecks = z.infer<typeof readinessChecksSchema>;

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
    summary:
      'Readiness: each dependency and its state. 200 `ready`, or `degraded` while only the object storage is down ' +
      '(photos fail, the rest works); 503 `notReady` with the same checks as its data while the database is down',
    tag: 'system',
    access: 'public',
    data: z.object({ status: z.enum(['ready', 'degraded']), checks: readinessChecksSchema }),
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

/**
 * Prometheus metrics of this instance (text format), for the operator's scraper only: with
 * `Authorization: Bearer <METRICS_TOKEN>`; 401 `metricsTokenInvalid` otherwise, and answered like
 * an unknown call while METRICS_TOKEN is unset (docs/deploy.md "Metrics and alerts").
 */
export const metricsRoute = {
  metrics: defineRoute({
    method: 'GET',
    path: '/api/metrics',
    summary: "This instance's metrics in Prometheus' text format, for the bearer of METRICS_TOKEN",
    tag: 'system',
    access: 'public',
  }),
};
