import { z } from 'zod';
import { timestampSchema } from './common.ts';
import { defineRoute } from './route.ts';
import { shopSetupSchema } from './setup.ts';

/** The shop's details as its managers edit them (issue 28 item 4): what the setup page asked. */
export const shopDetailsSchema = shopSetupSchema.shape.shop;
export type ShopDetails = z.infer<typeof shopDetailsSchema>;

/** One field's change: who, when, old → new (the languages as a list, `ja, en`). */
export const shopChangeSchema = z.object({
  field: z.enum(['name', 'address', 'phone', 'licence_no', 'currency', 'time_zone', 'languages']),
  old: z.string().nullable(),
  new: z.string().nullable(),
  by: z.string(),
  at: timestampSchema,
});
export type ShopChange = z.infer<typeof shopChangeSchema>;

/** The details, and the latest changes to them, newest first. */
export const shopDetailsAnswerSchema = z.object({
  details: shopDetailsSchema,
  changes: z.array(shopChangeSchema),
});

export const shopRoutes = {
  shopDetails: defineRoute({
    method: 'GET',
    path: '/api/shop',
    summary:
      "The shop's details (name, address, phone, licence, currency, time zone, languages) and their latest changes",
    tag: 'shop',
    access: 'manager',
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
