import { z } from 'zod';
import { idNameSchema, idParamsSchema, pageOf } from './common.ts';
import { INT_MAX, queryIdSchema, text } from './input.ts';
import { defineRoute } from './route.ts';
import { REPLENISH_STATUS } from './values/dictionary.ts';
import { LANGS } from './values/i18n.ts';
import { PRODUCT_PAGE_SIZE_DEFAULT, TEXT_MAX } from './values/limits.ts';
import { PHOTO_SECTIONS } from './values/photo-guide.ts';
import { WORKFLOW_STEPS } from './values/workflows.ts';

/** A name in the languages it has one (an answer's). */
export const namesGivenSchema = z.object(
  Object.fromEntries(LANGS.map((lang) => [lang, z.string().optional()])) as {
    [K in (typeof LANGS)[number]]: z.ZodOptional<z.ZodString>;
  },
);

export const brandSchema = idNameSchema.extend({
  /** Its name as staff reading each language know it (卡地亚, カルティエ), in those it has one. */
  names: namesGivenSchema,
  logo: z.string(),
  /** Other names staff type for it (卡地亚, カルティエ, VCA): a picker finds the brand by them too. */
  aliases: z.array(z.string()),
  /** Retired by a manager: only in an answer that asks for retired ones too (issue 28). */
  retired: z.boolean(),
});
export type Brand = z.infer<typeof brandSchema>;
export const brandTypeSchema = idNameSchema.extend({
  brand_id: z.number().int(),
  /** Retired by a manager: only in an answer that asks for retired ones too (issue 28). */
  retired: z.boolean(),
});
export const materialSchema = idNameSchema.extend({
  /** Fine-metal share (0.750 for 18K) for the metal calculator; null for non-metals. */
  purity: z.number().nullable(),
  /** Retired by a manager: only in an answer that asks for retired ones too (issue 28). */
  retired: z.boolean(),
});
/** One shot of a category's photo guide, its name in the reader's language. */
export const photoShotSchema = z.object({
  code: z.string(),
  name: z.string(),
  /** An outline hint (`PHOTO_OUTLINES`), drawn from `/photo-guide/<outline>.svg`. */
  outline: z.string(),
  /** The register form's photo section this shot takes (`PHOTO_SECTIONS`), null for none (issue 29 item 10). */
  covers: z.enum(PHOTO_SECTIONS).nullable(),
});
export type PhotoShot = z.infer<typeof photoShotSchema>;
/** A category with its photo guide: the shots its product photos should cover, in order (may be empty). */
export const categorySchema = idNameSchema.extend({
  shots: z.array(photoShotSchema),
  /** Retired by a manager: only in an answer that asks for retired ones too (issue 28). */
  retired: z.boolean(),
});
export type Category = z.infer<typeof categorySchema>;
export const workflowSchema = idNameSchema.extend({
  code: z.string(),
  steps: z.array(z.enum(WORKFLOW_STEPS)),
});

export const productSchema = idNameSchema.extend({
  code: z.string(),
  brand_id: z.number().int(),
  brand_name: z.string(),
  type_id: z.number().int().nullable(),
  category_id: z.number().int(),
  material_id: z.number().int().nullable(),
  image: z.string(),
  replenish_status: z.number().int(),
  /** Retired by a manager: not offered when registering; items keep it (issue 28). */
  retired: z.boolean(),
});
export type Product = z.infer<typeof productSchema>;

const optionalId = queryIdSchema.optional();

/**
 * The brands, categories or materials: those in the catalog, the ones staff choose from for a new
 * item, inquiry or product; with `with_retired=1` the retired ones too (the managers' list, and
 * the names of what items already name).
 */
export const catalogListQuerySchema = z.object({
  with_retired: z.coerce.number().int().min(0).max(1).optional(),
});
export type CatalogListQuery = z.infer<typeof catalogListQuerySchema>;

export const productsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(INT_MAX).default(1),
  page_size: z.coerce.number().int().min(1).max(PRODUCT_PAGE_SIZE_DEFAULT).default(PRODUCT_PAGE_SIZE_DEFAULT),
  brand_id: optionalId,
  type_id: optionalId,
  category_id: optionalId,
  material_id: optionalId,
  replenish_status: z.coerce
    .number()
    .int()
    .min(REPLENISH_STATUS.notNeeded)
    .max(REPLENISH_STATUS.urgentlyWanted)
    .optional(),
  /** 1: only what the shop wants to buy (wanted or urgently wanted), urgent first (the restock page). */
  restock: z.coerce.number().int().min(0).max(1).optional(),
  keyword: text().trim().max(TEXT_MAX.longKeyword).optional(),
  /** 1: retired products too (the managers' catalog list); otherwise only those in the catalog. */
  with_retired: z.coerce.number().int().min(0).max(1).optional(),
});
export type ProductsQuery = z.infer<typeof productsQuerySchema>;

export const replenishStatusSchema = z.object({
  /** `product.replenish_status`: 0 not needed, 1 wanted, 2 urgently wanted. */
  replenish_status: z.number().int().min(REPLENISH_STATUS.notNeeded).max(REPLENISH_STATUS.urgentlyWanted),
});

export const catalogRoutes = {
  brands: defineRoute({
    method: 'GET',
    path: '/api/brands',
    summary: 'Brands',
    tag: 'catalog',
    access: 'user',
    query: catalogListQuerySchema,
    data: z.array(brandSchema),
  }),
  brandTypes: defineRoute({
    method: 'GET',
    path: '/api/brand/:id/types',
    summary: 'Types (lines) of one brand; retired ones only with `with_retired=1`',
    tag: 'catalog',
    access: 'user',
    params: idParamsSchema,
    query: catalogListQuerySchema,
    data: z.array(brandTypeSchema),
  }),
  categories: defineRoute({
    method: 'GET',
    path: '/api/categories',
    summary: 'Categories, each with its photo guide (shot list)',
    tag: 'catalog',
    access: 'user',
    query: catalogListQuerySchema,
    data: z.array(categorySchema),
  }),
  materials: defineRoute({
    method: 'GET',
    path: '/api/materials',
    summary: 'Materials',
    tag: 'catalog',
    access: 'user',
    query: catalogListQuerySchema,
    data: z.array(materialSchema),
  }),
  workflows: defineRoute({
    method: 'GET',
    path: '/api/workflows',
    summary: 'Appraisal workflows',
    tag: 'catalog',
    access: 'user',
    data: z.array(workflowSchema),
  }),
  products: defineRoute({
    method: 'GET',
    path: '/api/products',
    summary: 'Catalog products, paged and filtered',
    tag: 'catalog',
    access: 'user',
    query: productsQuerySchema,
    data: pageOf(productSchema),
  }),
  productReplenish: defineRoute({
    method: 'POST',
    path: '/api/products/:id/replenish-status',
    summary: "Change a catalog product's restock (replenish) status",
    tag: 'catalog',
    access: 'regular',
    params: idParamsSchema,
    body: replenishStatusSchema,
    data: productSchema,
  }),
};
