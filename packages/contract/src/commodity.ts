import { z } from 'zod';
import { identityInputSchema, privateNameSchema } from './buyback.ts';
import { idNameSchema, idParamsSchema, timestampSchema } from './common.ts';
import { INT_MAX, idSchema, text, timestamp, whenValid } from './input.ts';
import { defineRoute } from './route.ts';
import { AML_TEXT_MAX, PAYMENT_METHODS } from './values/aml.ts';
import { FLOW_STEPS, IS_RECYCLE, PHOTO_FLAGS, PRIORITY, REQUIRED_PHOTOS } from './values/commodity.ts';
import { COMMODITY_ACTIONS, COMMODITY_LIST_TABS, COMMODITY_STATUS_VALUES } from './values/commodity-status.ts';
import { DECLARATION_TEXT_MAX } from './values/declaration.ts';
import { CURRENCIES, isWholeCurrency, SIZE_UNITS, STATE_LEVELS, WEIGHT_UNITS } from './values/dictionary.ts';
import { LANGS } from './values/i18n.ts';
import { IS_REAL } from './values/information.ts';
import {
  MAX_COMMODITIES_PER_ENROLLMENT,
  MAX_PHOTOS_PER_FIELD,
  MEASURE_MAX,
  METAL_WEIGHT_MAX_G,
  MONEY_MAX,
  TEXT_MAX,
} from './values/limits.ts';
import { CUSTOMER_PHONE_PATTERN, OPTION_CODE_PATTERN, STORED_IMAGE_PATH } from './values/patterns.ts';
import { PRODUCT_PIC_SHOT } from './values/photo-guide.ts';

/*
 * A refinement's message may be an error name of the contract (`error-codes.ts`): the server
 * then answers that error, naming the field, instead of the generic validation error.
 */

const id = idSchema;
const photoPath = text().regex(STORED_IMAGE_PATH);
const photos = z.array(photoPath).max(MAX_PHOTOS_PER_FIELD);
const requiredPhotos = (error: string) => photos.min(1, { error });
const measure = z.number().nonnegative().max(MEASURE_MAX).nullable().default(null);
const money = z.number().nonnegative().max(MONEY_MAX);
const optionalText = (max: number) => text().trim().max(max).default('');

export const commodityStatusSchema = z.union(COMMODITY_STATUS_VALUES.map((value) => z.literal(value)));
export const commodityActionSchema = z.enum(COMMODITY_ACTIONS);
export const currencySchema = z.enum(CURRENCIES);
export const stateLevelSchema = z.enum(STATE_LEVELS);

/** One commodity as the recorder registers it (SPEC.md §3 "Commodity registration"). */
export const commodityInputSchema = z.object({
  brand_id: id,
  type_id: id.nullable().default(null),
  category_id: id,
  /** The catalog product, when the recorder picked one; the name may be an assumed one. */
  product_id: id.nullable().default(null),
  product_name: text().trim().min(1).max(TEXT_MAX.productName),
  product_code: optionalText(TEXT_MAX.productCode),
  material_id: id.nullable().default(null),
  length: measure,
  width: measure,
  size_unit: z.enum(SIZE_UNITS).default('mm'),
  size_pics: requiredPhotos(REQUIRED_PHOTOS.size_pics),
  weight: measure,
  weight_unit: z.enum(WEIGHT_UNITS).default('g'),
  weight_pics: photos.default([]),
  /** `identify_product.product_status` */
  product_status: z.number().int().min(1).max(9),
  product_pics: requiredPhotos(REQUIRED_PHOTOS.product_pics),
  /**
   * The photo guide's shot of each product photo, by position ('' for an extra photo); empty when
   * not told. When given, as many as `product_pics`, each a shot of the category (or '').
   */
  product_pic_shots: z.array(text().regex(PRODUCT_PIC_SHOT)).max(MAX_PHOTOS_PER_FIELD).default([]),
  /** `identify_product.product_accessories` values */
  accessories: z.array(text().regex(OPTION_CODE_PATTERN)).max(20).default([]),
  accessory_pics: requiredPhotos(REQUIRED_PHOTOS.accessory_pics),
  /** The maker's serial number or date code; checked against the stolen-goods watch list. */
  serial_no: optionalText(TEXT_MAX.serialNo),
  engraving: optionalText(TEXT_MAX.engraving),
  engraving_pics: photos.default([]),
  inlay_pics: photos.default([]),
  material_pics: photos.default([]),
  remark: optionalText(TEXT_MAX.remark),
  /** `identify_product.valuation_priority` */
  priority: z.number().int().min(PRIORITY.normal).max(PRIORITY.urgent).default(PRIORITY.normal),
  /** The valuer chosen at enrollment: the commodity then starts at 20 instead of 10. */
  valuer_id: id.nullable().default(null),
});
export type CommodityInput = z.input<typeof commodityInputSchema>;

export const customerSchema = z.object({
  customer_name: text().trim().min(1).max(TEXT_MAX.personName),
  customer_phone: text().trim().regex(CUSTOMER_PHONE_PATTERN),
  customer_address: optionalText(TEXT_MAX.address),
});

export const enrollSchema = customerSchema.extend({
  /**
   * The customer record picked on the form (a returning customer); without it the server links
   * the customer with the same phone and name, or creates one (docs/decisions.md "Customers and retention").
   */
  customer_id: id.nullable().default(null),
  /** Made once per draft on the device: a retried submit returns the first enrollment. */
  idempotency_key: z.uuid(),
  commodities: z.array(commodityInputSchema).min(1).max(MAX_COMMODITIES_PER_ENROLLMENT, { error: 'enrollmentTooMany' }),
});
export type EnrollInput = z.input<typeof enrollSchema>;

export const enrollResultSchema = z.object({
  id: z.number().int(),
  commodities: z.array(z.object({ id: z.number().int(), no: z.string() })),
  /** True when this answer repeats an earlier submit with the same key. */
  replayed: z.boolean(),
});

const version = z.number().int().min(0).max(INT_MAX);
const versioned = z.object({ version });

/** Every field again; the customer is the enrollment's, shared by its commodities. */
export const commodityUpdateSchema = commodityInputSchema
  .omit({ valuer_id: true })
  .extend(customerSchema.shape)
  .extend(versioned.shape);

export const metalCalcSchema = z.object({
  weight_g: z.number().positive().max(METAL_WEIGHT_MAX_G),
  /** Fine-metal share, 0.999 for 24K. */
  purity: z.number().positive().max(1),
  spot_price_per_g: money,
  currency: currencySchema,
  value: money,
  /** When the spot price was taken. */
  at: timestampSchema,
});

/** The calculation as the valuer sends it: the time is an ISO 8601 timestamp. */
const metalCalcInputSchema = metalCalcSchema.extend({ at: timestamp() });

/** An appraisal verdict (PRODUCT.md "Appraisal flow"); the same for every step. */
export const appraisalInputSchema = versioned
  .extend({
    identified_material_id: id.nullable().default(null),
    /** `identify_result.is_real`: 1 genuine, 2 fake, 3 undetermined */
    is_real: z.number().int().min(IS_REAL.genuine).max(IS_REAL.undetermined),
    /** `identify_result.not_genuine_reason`, required unless genuine */
    not_genuine_reason: text().max(TEXT_MAX.optionCode).nullable().default(null),
    not_genuine_note: optionalText(TEXT_MAX.remark),
    state_level: stateLevelSchema,
    /** `identify_result.product_status` */
    product_status: z.number().int().min(1).max(9),
    price_low: money,
    price_high: money,
    expected_sale_price: money.nullable().default(null),
    currency: currencySchema,
    report: optionalText(TEXT_MAX.report),
    metal_calc: metalCalcInputSchema.nullable().default(null),
  })
  .superRefine(
    (value, ctx) => {
      if (value.price_high < value.price_low) {
        ctx.addIssue({ code: 'custom', path: ['price_high'], message: 'priceRangeInvalid' });
      }
      if (value.is_real !== IS_REAL.genuine && !value.not_genuine_reason) {
        ctx.addIssue({ code: 'custom', path: ['not_genuine_reason'], message: 'notGenuineReasonRequired' });
      }
      if (isWholeCurrency(value.currency)) {
        for (const field of ['price_low', 'price_high', 'expected_sale_price'] as const) {
          const amount = value[field];
          if (amount !== null && !Number.isInteger(amount)) {
            ctx.addIssue({ code: 'custom', path: [field], message: 'wholeCurrencyRequired' });
          }
        }
      }
    },
    whenValid('price_low', 'price_high', 'expected_sale_price', 'is_real', 'not_genuine_reason', 'currency'),
  );
export type AppraisalInput = z.input<typeof appraisalInputSchema>;

export const appraisalResultSchema = z.object({
  identified_material: idNameSchema.nullable(),
  is_real: z.number().int(),
  not_genuine_reason: z.string().nullable(),
  not_genuine_note: z.string(),
  state_level: z.string(),
  product_status: z.number().int(),
  price_low: z.number(),
  price_high: z.number(),
  expected_sale_price: z.number().nullable(),
  currency: z.string(),
  report: z.string(),
  metal_calc: metalCalcSchema.nullable(),
});
export type AppraisalResult = z.infer<typeof appraisalResultSchema>;

export const flowSchema = z.object({
  id: z.number().int(),
  round: z.number().int(),
  step: z.enum(FLOW_STEPS),
  valuer: idNameSchema,
  status: z.number().int(),
  started_at: timestampSchema.nullable(),
  finished_at: timestampSchema.nullable(),
  duration_seconds: z.number().int().nullable(),
  /** The reason given when the valuer returned the commodity for modification. */
  return_reason: z.string().nullable(),
  /** Null until submitted, and while the caller may not see it (blind reconsideration). */
  result: appraisalResultSchema.nullable(),
  /** True when a result exists but is withheld from the caller. */
  hidden: z.boolean(),
  /** For a reconsideration or comprehensive step: whether it agreed with the first appraisal. */
  agrees: z.boolean().nullable(),
});
export type Flow = z.infer<typeof flowSchema>;

export const historyEventSchema = z.object({
  id: z.number().int(),
  /**
   * `watchMatch` and `watchAcknowledge`: the stolen-goods watch list's alert and its acknowledgement;
   * `transfer`: moved to another branch, its changes `{ from_branch, to_branch, reason }` (issue 32).
   */
  action: z.union([
    commodityActionSchema,
    z.literal('enroll'),
    z.literal('watchMatch'),
    z.literal('watchAcknowledge'),
    z.literal('transfer'),
  ]),
  from_status: z.number().int().nullable(),
  to_status: z.number().int(),
  actor: idNameSchema,
  /** Changed fields (old and new) or the action's details (reason, valuer, price…). */
  changes: z.record(z.string(), z.unknown()),
  created_at: timestampSchema,
});
export type HistoryEvent = z.infer<typeof historyEventSchema>;

export const commodityListItemSchema = z.object({
  id: z.number().int(),
  no: z.string(),
  status: z.number().int(),
  priority: z.number().int(),
  product_name: z.string(),
  brand_name: z.string(),
  /** The first product photo's thumbnail; empty when none. */
  thumb: z.string(),
  /** A valuer gets the initial only. */
  customer_name: z.string(),
  recorder: idNameSchema,
  valuer: idNameSchema.nullable(),
  round: z.number().int(),
  /** Enroll time. */
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type CommodityListItem = z.infer<typeof commodityListItemSchema>;

export const commodityPageSchema = z.object({
  items: z.array(commodityListItemSchema),
  /** Pass back as `cursor` for the next page; null on the last one. */
  next_cursor: z.string().nullable(),
});

const cursorQuery = z.object({
  cursor: text().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

export const commodityListQuerySchema = cursorQuery.extend({
  tab: z.enum(Object.keys(COMMODITY_LIST_TABS) as [keyof typeof COMMODITY_LIST_TABS]).default('all'),
  /** Matches the commodity number, the product name or (for recorders) the customer's phone. */
  keyword: text().trim().max(TEXT_MAX.keyword).optional(),
  /** `mine`: registered by the caller (recorder) or assigned to the caller (valuer). */
  scope: z.enum(['all', 'mine']).default('all'),
  urgent: z.coerce.number().int().min(0).max(1).optional(),
});
export type CommodityListQuery = z.input<typeof commodityListQuerySchema>;

export const commodityDetailSchema = z.object({
  id: z.number().int(),
  no: z.string(),
  status: z.number().int(),
  /** Sent back with every action; a stale one is refused. */
  version: z.number().int(),
  /** The branch that holds it now (issue 32): a transfer moves it to another. */
  branch_id: z.number().int(),
  round: z.number().int(),
  priority: z.number().int(),
  enrollment: z.object({
    id: z.number().int(),
    /** A valuer gets the initial only (`values/personal-data.ts` `seesCustomerWhole`). */
    customer_name: z.string(),
    /** Empty for a valuer. */
    customer_phone: z.string(),
    /** Empty for a valuer. */
    customer_address: z.string(),
    /** True when the caller may not see the customer whole: name masked, phone and address withheld. */
    customer_masked: z.boolean(),
    /** The customer record, for recorders (a link to the customer's page); null for a valuer. */
    customer_id: z.number().int().nullable(),
    created_at: timestampSchema,
  }),
  recorder: idNameSchema,
  valuer: idNameSchema.nullable(),
  workflow: idNameSchema.extend({ code: z.string() }).nullable(),
  brand: idNameSchema,
  type: idNameSchema.nullable(),
  category: idNameSchema,
  product: idNameSchema.nullable(),
  product_name: z.string(),
  product_code: z.string(),
  material: idNameSchema.nullable(),
  length: z.number().nullable(),
  width: z.number().nullable(),
  size_unit: z.string(),
  size_pics: z.array(z.string()),
  weight: z.number().nullable(),
  weight_unit: z.string(),
  weight_pics: z.array(z.string()),
  product_status: z.number().int(),
  product_pics: z.array(z.string()),
  /** The photo guide's shot code of each product photo ('' for an extra one); [] when not recorded. */
  product_pic_shots: z.array(z.string()),
  accessories: z.array(z.string()),
  accessory_pics: z.array(z.string()),
  serial_no: z.string(),
  engraving: z.string(),
  engraving_pics: z.array(z.string()),
  inlay_pics: z.array(z.string()),
  material_pics: z.array(z.string()),
  /**
   * The photos above (by path) that the phone's check found blurred or too dark and the recorder
   * kept all the same (issue 29 item 9), for the valuer to see marked; photos that passed are absent.
   */
  photo_flags: z.record(z.string(), z.enum(PHOTO_FLAGS)),
  /** The product photos its certificate prints as a valuer chose them, in order; null: the default. */
  certificate_pics: z.array(z.string()).nullable(),
  remark: z.string(),
  /** Why the valuer returned it, while it waits for the recorder. */
  modification_reason: z.string().nullable(),
  /** The final result once fixed (status 70 and later). */
  result: appraisalResultSchema.nullable(),
  recycle: z
    .object({
      is_recycle: z.number().int(),
      price: z.number().nullable(),
      currency: z.string().nullable(),
      at: timestampSchema,
      /**
       * Its entry in the dealer's ledger (the newest, after corrections), for those who read the
       * ledger (staff recorders); null for anyone else and for an item not bought.
       */
      ledger_entry_id: z.number().int().nullable(),
      /** Its number in its branch's ledger (issue 32), as the ledger shows it. */
      ledger_entry_no: z.number().int().nullable(),
    })
    .nullable(),
  flows: z.array(flowSchema),
  history: z.array(historyEventSchema),
  /** What the caller may do now, by the status machine. */
  allowed_actions: z.array(commodityActionSchema),
  created_at: timestampSchema,
  updated_at: timestampSchema,
});
export type CommodityDetail = z.infer<typeof commodityDetailSchema>;

export const distributeSchema = z.object({
  items: z.array(z.object({ id, version })).min(1).max(50),
  valuer_id: id,
  /** Default: the `standard` workflow. */
  workflow_id: id.nullable().default(null),
});

export const returnSchema = versioned.extend({ reason: text().trim().min(1).max(TEXT_MAX.remark) });
export const reassessSchema = versioned.extend({
  /** `identify_product.revisit_type` */
  revisit_type: z.number().int().min(1).max(9),
  reason: optionalText(TEXT_MAX.remark),
  /**
   * The valuer of the new round, named by a recorder only (a valuer naming one is refused with
   * 4002); default the first valuer of the last round.
   */
  valuer_id: id.nullable().default(null),
});
export const recycleSchema = versioned
  .extend({
    /** `recycle.is_recycle`: 1 the shop buys it (80), 0 the customer takes it back (90). */
    is_recycle: z.number().int().min(IS_RECYCLE.no).max(IS_RECYCLE.yes),
    price: money.nullable().default(null),
    currency: currencySchema.nullable().default(null),
    /**
     * A buyback's seller signature: a private upload of kind `signature` by the recorder
     * (docs/decisions.md "Buying lawfully: identity check and signature"). Ignored on a return.
     */
    signature: privateNameSchema.nullable().default(null),
    /** The seller's identity checked now, when the shop's rule asks for it at this price… */
    identity: identityInputSchema.nullable().default(null),
    /** …or a check of the same customer made within IDENTITY_REUSE_HOURS, reused. */
    identity_check_id: id.nullable().default(null),
    /** How the seller is paid (PAYMENT_METHODS), required on a buyback (issue 27 item 2). */
    payment_method: z.enum(PAYMENT_METHODS).nullable().default(null),
    /**
     * 取引を行う目的 (犯罪収益移転防止法 §4(1)(ii)): required when the verification at transaction
     * applies (precious goods paid in cash above the threshold; `aml` of the buyback preparation).
     */
    transaction_purpose: text().trim().max(AML_TEXT_MAX.purpose).default(''),
    /**
     * The language of the declaration the seller signed (issue 27 item 4; `renderDeclaration` in
     * values/declaration.ts), required on a buyback (5160, after the guest and signature checks);
     * the server renders it and stores it…
     */
    declaration_lang: z.enum(LANGS).nullable().default(null),
    /** …and refuses a text shown on the signing view that differs from its own (`declaration_text`). */
    declaration_text: text().max(DECLARATION_TEXT_MAX).nullable().default(null),
  })
  .superRefine(
    (value, ctx) => {
      if (value.is_recycle !== IS_RECYCLE.yes) return;
      if (value.signature === null) ctx.addIssue({ code: 'custom', path: ['signature'], message: 'signatureRequired' });
      if (value.payment_method === null)
        ctx.addIssue({ code: 'custom', path: ['payment_method'], message: 'paymentMethodRequired' });
      if (value.identity !== null && value.identity_check_id !== null)
        ctx.addIssue({ code: 'custom', path: ['identity_check_id'], message: 'identityCheckChoiceInvalid' });
      if (value.price === null) ctx.addIssue({ code: 'custom', path: ['price'], message: 'recyclePriceRequired' });
      if (value.currency === null)
        ctx.addIssue({ code: 'custom', path: ['currency'], message: 'recyclePriceRequired' });
      if (
        value.currency !== null &&
        isWholeCurrency(value.currency) &&
        value.price !== null &&
        !Number.isInteger(value.price)
      ) {
        ctx.addIssue({ code: 'custom', path: ['price'], message: 'wholeCurrencyRequired' });
      }
    },
    whenValid(
      'is_recycle',
      'price',
      'currency',
      'signature',
      'identity',
      'identity_check_id',
      'payment_method',
      'declaration_lang',
      'declaration_text',
    ),
  );
export const confirmNameSchema = versioned.extend({ product_id: id });

/** What the server pushes on `/api/user/events` (server-sent events, one JSON object per `data:`). */
export const liveEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('notification'), unread: z.number().int() }),
  z.object({ type: z.literal('commodity'), id: z.number().int(), status: z.number().int() }),
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;

const action = <B extends z.ZodType>(name: string, summary: string, body: B) =>
  defineRoute({
    method: 'POST',
    path: `/api/commodities/:id/${name}`,
    summary,
    tag: 'commodity',
    access: 'user',
    params: idParamsSchema,
    body,
    data: commodityDetailSchema,
  });

export const commodityRoutes = {
  commodityEnroll: defineRoute({
    method: 'POST',
    path: '/api/enrollments',
    summary: 'Register a customer and 1 to 5 commodities; idempotent per key',
    tag: 'commodity',
    access: 'user',
    body: enrollSchema,
    data: enrollResultSchema,
  }),
  commodityList: defineRoute({
    method: 'GET',
    path: '/api/commodities',
    summary: 'Commodities, newest first, by keyset (cursor) pages',
    tag: 'commodity',
    access: 'user',
    query: commodityListQuerySchema,
    data: commodityPageSchema,
  }),
  commodityDetail: defineRoute({
    method: 'GET',
    path: '/api/commodities/:id',
    summary: 'One commodity with its flows, history and the actions the caller may take',
    tag: 'commodity',
    access: 'user',
    params: idParamsSchema,
    data: commodityDetailSchema,
  }),
  commodityDistribute: defineRoute({
    method: 'POST',
    path: '/api/commodities/distribute',
    summary: 'Assign commodities to a valuer (10 or 20 → 20)',
    tag: 'commodity',
    access: 'user',
    body: distributeSchema,
    data: z.object({ count: z.number().int() }),
  }),
  commodityReconsiderations: defineRoute({
    method: 'GET',
    path: '/api/reconsiderations',
    summary:
      "Reconsiderations waiting (40), without the caller's own first appraisals, and the caller's own in progress (50)",
    tag: 'commodity',
    access: 'user',
    query: cursorQuery,
    data: commodityPageSchema,
  }),
  commodityUpdate: action('update', 'Update a commodity (10, 20; 35 → 20)', commodityUpdateSchema),
  commodityStartAppraisal: action('start-appraisal', 'Start the first appraisal (20 → 30)', versioned),
  commodityReturn: action('return', 'Return for modification with a reason (30 → 35)', returnSchema),
  commodityAppraise: action(
    'appraise',
    'Submit the first appraisal (30 → 40, or 70 without reconsideration)',
    appraisalInputSchema,
  ),
  commodityStartReconsideration: action('start-reconsideration', 'Start a blind reconsideration (40 → 50)', versioned),
  commodityReconsider: action(
    'reconsider',
    'Submit the reconsideration (50 → 70 when it agrees, else 60)',
    appraisalInputSchema,
  ),
  commodityComprehensive: action('comprehensive', 'Comprehensive assessment (60 → 70)', appraisalInputSchema),
  commodityReassess: action('reassess', 'Re-assess in a new round (60 or 70 → 20)', reassessSchema),
  commodityRecycle: action('recycle', 'Confirm recycle (70 → 80) or return to the customer (70 → 90)', recycleSchema),
  commodityConfirmName: action('confirm-name', 'Confirm the product name from the catalog', confirmNameSchema),
  userEvents: defineRoute({
    method: 'GET',
    path: '/api/user/events',
    summary: 'Server-sent events for the caller: unread count and commodity changes',
    tag: 'notification',
    access: 'user',
  }),
};
