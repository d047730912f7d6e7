import { z } from 'zod';
import { text } from './input.ts';
import { defineRoute } from './route.ts';
import { mobileSchema } from './user.ts';
import { CURRENCIES } from './values/dictionary.ts';
import { LANGS } from './values/i18n.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, TEXT_MAX } from './values/limits.ts';

/**
 * Whether the shop is set up (issue 28): an empty database has no owner and no demo, and the app
 * shows the setup page until one of the two is chosen. Public: the shop's name prints on its
 * certificates and verification pages anyway.
 */
export const shopStateSchema = z.object({
  set_up: z.boolean(),
  /** The demo data was chosen: every page says so. */
  demo: z.boolean(),
  /** The shop's name; null until set up, and for the demo. */
  name: z.string().nullable(),
});
export type ShopState = z.infer<typeof shopStateSchema>;

/** A time zone the runtime knows (IANA), such as `Asia/Shanghai` or `Asia/Tokyo`. */
export const timeZoneSchema = text()
  .trim()
  .min(1)
  .max(64)
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, 'unknown time zone');

export const SHOP_TEXT_MAX = {
  name: 60,
  phone: 30,
  /** 古物商許可番号 (e.g. 第301010001234号), or the PRC unified social credit code (18 characters). */
  licenceNo: 40,
} as const;

/** "Set up your shop": its owner, who signs in with this mobile and password, and the shop's details. */
export const shopSetupSchema = z.object({
  owner: z.object({
    name: text().trim().min(1).max(TEXT_MAX.personName),
    mobile: mobileSchema,
    password: text().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH),
  }),
  shop: z.object({
    name: text().trim().min(1).max(SHOP_TEXT_MAX.name),
    address: text().trim().min(1).max(TEXT_MAX.address),
    phone: text().trim().min(1).max(SHOP_TEXT_MAX.phone),
    licence_no: text().trim().min(1).max(SHOP_TEXT_MAX.licenceNo),
    currency: z.enum(CURRENCIES),
    time_zone: timeZoneSchema,
    /** The languages the shop works in, its main one first. */
    languages: z
      .array(z.enum(LANGS))
      .min(1)
      .max(LANGS.length)
      .refine((languages) => new Set(languages).size === languages.length, 'each language once'),
  }),
});
export type ShopSetup = z.infer<typeof shopSetupSchema>;

export const setupRoutes = {
  shopState: defineRoute({
    method: 'GET',
    path: '/api/setup',
    summary: 'Whether the shop is set up, and whether it runs on the demo data',
    tag: 'setup',
    access: 'public',
    data: shopStateSchema,
  }),
  setUpShop: defineRoute({
    method: 'POST',
    path: '/api/setup',
    summary:
      'Sets up an empty shop once: its owner and details, with the starting dictionary, workflows, catalog and knowledge base. 409 `shopAlreadySetUp` once it is (or runs the demo)',
    tag: 'setup',
    access: 'public',
    body: shopSetupSchema,
    data: shopStateSchema,
  }),
  exploreDemo: defineRoute({
    method: 'POST',
    path: '/api/setup/demo',
    summary:
      'Fills an empty shop with the demo data and its public demo accounts, once. 409 `shopAlreadySetUp` once set up',
    tag: 'setup',
    access: 'public',
    data: shopStateSchema,
  }),
};
