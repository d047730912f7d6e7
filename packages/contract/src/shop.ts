import { z } from 'zod';
import { idParamsSchema, timestampSchema } from './common.ts';
import { text } from './input.ts';
import { defineRoute } from './route.ts';
import { shopSetupSchema } from './setup.ts';
import { shopSettingsSchema } from './system.ts';
import { CURRENCIES } from './values/dictionary.ts';
import { LANGS } from './values/i18n.ts';
import { MONEY_MAX, RETENTION_MONTHS_MAX } from './values/limits.ts';
import { BANNER_IMAGE, BANNER_LINK, STORED_IMAGE_PATH } from './values/patterns.ts';

/** The shop's details as its managers edit them (issue 28 item 4): what the setup page asked. */
export const shopDetailsSchema = shopSetupSchema.shape.shop;
export type ShopDetails = z.infer<typeof shopDetailsSchema>;

// Both runtimes have it; the contract is type-checked with neither the DOM's types nor Node's.
declare const URL: new (input: string) => { protocol: string; search: string; hash: string };

/**
 * The shop's address as customers reach it (`https://shop.example.com`): the QR codes of its
 * certificates and tags open it. An http(s) address without a query or fragment.
 */
export const publicUrlSchema = text()
  .trim()
  .max(200)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && !url.search && !url.hash;
    } catch {
      return false;
    }
  }, 'an http(s) address without a query');

/**
 * The shop's rules that its managers set (issue 28 item 4), as every signed-in user reads them in
 * `GET /api/settings`: when a buyback needs the seller's identity check, how long a customer's
 * personal data is kept, whether one person may acknowledge a watch-list alert, and whether
 * managers must sign in with a passkey or a sign-in provider.
 */
export const shopRulesSchema = shopSettingsSchema
  .pick({ watch_ack_single_person: true, managers_strong_sign_in: true })
  .extend({
    identity_check: z.object({
      always: z.boolean(),
      thresholds: z.partialRecord(z.enum(CURRENCIES), z.number().int().min(0).max(MONEY_MAX)),
    }),
    retention_months: z.number().int().min(1).max(RETENTION_MONTHS_MAX),
  });
export type ShopRules = z.infer<typeof shopRulesSchema>;

/** One field's change: who, when, old → new (the languages as a list, `ja, en`). */
export const shopChangeSchema = z.object({
  field: z.enum([
    'name',
    'address',
    'phone',
    'licence_no',
    'currency',
    'time_zone',
    'languages',
    'public_url',
    'logo',
    'seal',
    'identity_check',
    'retention_months',
    'watch_ack_single_person',
    'managers_strong_sign_in',
    // A branch opened or closed (issue 32): the branch's changes are recorded beside the shop's.
    'open',
  ]),
  old: z.string().nullable(),
  new: z.string().nullable(),
  by: z.string(),
  at: timestampSchema,
});
export type ShopChange = z.infer<typeof shopChangeSchema>;

/**
 * The shop's logo and its seal (印影, the red stamp a Japanese or Chinese document carries), each
 * a photo the manager uploaded (`/api/files/<name>`), or null for none: certificates print them.
 */
export const shopImagesSchema = z.object({
  logo: text().regex(STORED_IMAGE_PATH).nullable(),
  seal: text().regex(STORED_IMAGE_PATH).nullable(),
});
export type ShopImages = z.infer<typeof shopImagesSchema>;

/** The details, the public address, and the latest changes to them, newest first. */
export const shopDetailsAnswerSchema = z.object({
  details: shopDetailsSchema,
  /** Null: QR codes open the address each request came to (or PUBLIC_URL where the operator set one). */
  public_url: z.string().nullable(),
  /**
   * No public address, and this page was opened at a loopback or private address: QR codes
   * printed now would open an address customers cannot reach.
   */
  public_url_warning: z.boolean(),
  /** The rules the shop runs by now: its own, or the environment's until a manager saves them. */
  rules: shopRulesSchema,
  images: shopImagesSchema,
  changes: z.array(shopChangeSchema),
});

const bannerTitle = text().trim().min(1).max(60);
const bannerText = text().trim().max(120);

/**
 * A dashboard banner as a manager enters it (issue 28 item 6): a title in every language, a line
 * under it in those it has one in, its picture, where a tap leads, and whether it is shown.
 */
export const bannerInputSchema = z.object({
  title: z.object(
    Object.fromEntries(LANGS.map((lang) => [lang, bannerTitle])) as {
      [K in (typeof LANGS)[number]]: typeof bannerTitle;
    },
  ),
  text: z.object(
    Object.fromEntries(LANGS.map((lang) => [lang, bannerText])) as {
      [K in (typeof LANGS)[number]]: typeof bannerText;
    },
  ),
  image: text().regex(BANNER_IMAGE),
  link: text().trim().regex(BANNER_LINK),
  active: z.boolean(),
});
export type BannerInput = z.infer<typeof bannerInputSchema>;

export const bannerRecordSchema = bannerInputSchema.extend({ id: z.number().int() });
export type BannerRecord = z.infer<typeof bannerRecordSchema>;

export const shopRoutes = {
  shopBanners: defineRoute({
    method: 'GET',
    path: '/api/shop/banners',
    summary: "The dashboard's banners as entered, hidden ones too, in the order shown (managers)",
    tag: 'shop',
    access: 'manager',
    data: z.array(bannerRecordSchema),
  }),
  shopBannerCreate: defineRoute({
    method: 'POST',
    path: '/api/shop/banners',
    summary: 'Add a dashboard banner after the others (managers): its picture one the manager uploaded',
    tag: 'shop',
    access: 'manager',
    body: bannerInputSchema,
    data: bannerRecordSchema,
  }),
  shopBannerChange: defineRoute({
    method: 'PUT',
    path: '/api/shop/banners/:id',
    summary: 'Change a dashboard banner, or hide it (managers): a new picture must be one the manager uploaded',
    tag: 'shop',
    access: 'manager',
    params: idParamsSchema,
    body: bannerInputSchema,
    data: bannerRecordSchema,
  }),
  shopDetails: defineRoute({
    method: 'GET',
    path: '/api/shop',
    summary:
      "The shop's details (name, address, phone, licence, currency, time zone, languages) and their latest changes",
    tag: 'shop',
    access: 'manager',
    data: shopDetailsAnswerSchema,
  }),
  shopPublicUrlChange: defineRoute({
    method: 'PUT',
    path: '/api/shop/public-url',
    summary:
      "Sets the shop's public address, which the QR codes of certificates and tags open from now on (null: the " +
      'address each request came to); recorded as a change',
    tag: 'shop',
    access: 'manager',
    body: z.object({ public_url: publicUrlSchema.nullable() }),
    data: shopDetailsAnswerSchema,
  }),
  shopImagesChange: defineRoute({
    method: 'PUT',
    path: '/api/shop/images',
    summary:
      "Sets the shop's logo and seal, printed on its certificates from now on (null: none): photos the manager " +
      'uploaded; each that changes is recorded',
    tag: 'shop',
    access: 'manager',
    body: shopImagesSchema,
    data: shopDetailsAnswerSchema,
  }),
  shopRulesChange: defineRoute({
    method: 'PUT',
    path: '/api/shop/rules',
    summary:
      "Sets the shop's rules (the identity check, how long personal data is kept, who acknowledges a watch-list " +
      'alert); each that changes is recorded. Every instance applies them from its next request',
    tag: 'shop',
    access: 'manager',
    body: shopRulesSchema,
    data: shopDetailsAnswerSchema,
  }),
  shopDetailsChange: defineRoute({
    method: 'PUT',
    path: '/api/shop',
    summary:
      "Replaces the shop's details; each field that changes is recorded (who, when, old → new). Every instance " +
      'reads them afresh: certificates, the verification page and the ledger print the new ones at once',
    tag: 'shop',
    access: 'manager',
    body: shopDetailsSchema,
    data: shopDetailsAnswerSchema,
  }),
};
