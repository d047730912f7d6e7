import { z } from 'zod';
import { defineRoute } from './route.ts';

/**
 * The dictionary groups: SPEC.md §3 plus the `common` units and the reasons a verdict is not
 * "genuine" (PRODUCT.md asks for a reason code). Each option is a value and a label in the
 * caller's language.
 */
export const DICTIONARY_GROUPS = {
  user: ['genders'],
  product: ['replenish_status'],
  identify_product: ['status', 'product_status', 'product_accessories', 'valuation_priority', 'revisit_type'],
  identify_flow: ['status'],
  identify_result: ['is_real', 'state_level', 'product_status', 'not_genuine_reason'],
  recycle: ['is_recycle'],
  inquiry: ['status', 'source', 'priority', 'estimate_status'],
  common: ['currency', 'size_unit', 'weight_unit'],
} as const;

export type DictionarySection = keyof typeof DICTIONARY_GROUPS;
export const dictionaryOptionSchema = z.object({
  value: z.union([z.number(), z.string()]),
  label: z.string(),
});
export type DictionaryOption = z.infer<typeof dictionaryOptionSchema>;

/** `{ identify_product: { status: [{ value: 10, label: '待分配' }, …] }, … }` */
export const dictionarySchema = z.record(z.string(), z.record(z.string(), z.array(dictionaryOptionSchema)));
export type Dictionary = z.infer<typeof dictionarySchema>;

/** Server-side overrides of the web app's texts for one language: `{ 'namespace:key': text }`. */
export const transWebSchema = z.record(z.string(), z.string());

export const dictionaryRoutes = {
  dictionary: defineRoute({
    method: 'GET',
    path: '/api/dictionary',
    summary: "Every dictionary group, labelled in the caller's language",
    tag: 'dictionary',
    access: 'public',
    data: dictionarySchema,
  }),
  transWeb: defineRoute({
    method: 'GET',
    path: '/api/dictionary/trans-web',
    summary: "Server-side overrides of the web app's texts for the caller's language",
    tag: 'dictionary',
    access: 'public',
    data: transWebSchema,
  }),
};
