import { z } from 'zod';
import { namesGivenSchema, productSchema } from './catalog.ts';
import { idParamsSchema } from './common.ts';
import { idSchema, text } from './input.ts';
import { defineRoute } from './route.ts';
import {
  BRAND_ALIASES_MAX,
  BRAND_LINES_MAX,
  CATALOG_FILE_KINDS,
  CATALOG_IMPORT_MAX_BYTES,
  LIST_CODE_PATTERN,
  NAMED_LIST_KINDS,
  PRODUCT_CODE_MAX,
  PRODUCT_NAME_MAX,
} from './values/catalog-files.ts';
import { LANGS } from './values/i18n.ts';
import { MAX_SHOTS_PER_CATEGORY, PHOTO_OUTLINES, PHOTO_SECTIONS, PHOTO_SHOT_CODE } from './values/photo-guide.ts';

/*
 * The catalog in the browser, for managers (issue 28 item 5;
 * docs/adr/0090-the-catalog-in-the-browser.md): the CLI's import, all or nothing with line
 * numbers; each list's export and template; a product added, changed, retired.
 */

const fileText = text().min(1).max(CATALOG_IMPORT_MAX_BYTES);

export const catalogImportBodySchema = z.object({
  /** Each kind's file text (UTF-8; a byte order mark is ignored), at least one. */
  files: z
    .object(
      Object.fromEntries(CATALOG_FILE_KINDS.map((kind) => [kind, fileText.optional()])) as {
        [K in (typeof CATALOG_FILE_KINDS)[number]]: z.ZodOptional<typeof fileText>;
      },
    )
    .strict()
    .refine((files) => Object.values(files).some((value) => value !== undefined), {
      error: 'At least one file',
    }),
});
export type CatalogImportBody = z.infer<typeof catalogImportBodySchema>;

export const catalogImportResultSchema = z.object({
  /** Product rows read, and of them added and updated (by brand and code). */
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  categories: z.number().int(),
  materials: z.number().int(),
  brands: z.number().int(),
  /** Categories whose photo guide the import replaced. */
  photo_guides: z.number().int(),
});
export type CatalogImportResult = z.infer<typeof catalogImportResultSchema>;

/**
 * One reason an import was refused, in the caller's language: the `data.problems` of the
 * `catalogImportRefused` error, by file and then line (0: the file as a whole).
 */
export const catalogImportProblemSchema = z.object({
  file: z.string(),
  line: z.number().int(),
  message: z.string(),
});
export type CatalogImportProblem = z.infer<typeof catalogImportProblemSchema>;

export const catalogFileParamsSchema = z.object({ kind: z.enum(CATALOG_FILE_KINDS) });
export const catalogFileQuerySchema = z.object({
  /** 1: the template (the columns and an example row) rather than the shop's list. */
  template: z.coerce.number().int().min(0).max(1).default(0),
});

/**
 * A product as a manager enters it (issue 28 item 5): its brand and, optionally, a line of that
 * brand; its category and material; the maker's name and the name in each language it has one
 * in; the maker's code (unique within the brand when given).
 */
/** A name in each language it has one in: empty for none. */
const namesWhereGiven = z.object(
  Object.fromEntries(LANGS.map((lang) => [lang, text().trim().max(PRODUCT_NAME_MAX)])) as {
    [K in (typeof LANGS)[number]]: z.ZodString;
  },
);

export const productInputSchema = z.object({
  brand_id: idSchema,
  type_id: idSchema.nullable(),
  category_id: idSchema,
  material_id: idSchema.nullable(),
  name: text().trim().min(1).max(PRODUCT_NAME_MAX),
  names: namesWhereGiven,
  code: text().trim().max(PRODUCT_CODE_MAX),
});
export type ProductInput = z.infer<typeof productInputSchema>;

/** A product as its form shows it: what it was entered with, and whether it is retired. */
export const productRecordSchema = productInputSchema.extend({
  id: z.number().int(),
  retired: z.boolean(),
});
export type ProductRecord = z.infer<typeof productRecordSchema>;

export const productRetiredSchema = z.object({ retired: z.boolean() });

const catalogName = text().trim().min(1).max(PRODUCT_NAME_MAX);

/**
 * A brand as a manager enters it (issue 28 item 5): the name the maker writes, its name in the
 * languages staff know it by, the other names staff type for it (VCA, old spellings), and its
 * lines. A line with an id is renamed, one without is added; a line left out stays as it is,
 * since items and products name it.
 */
export const brandInputSchema = z.object({
  name: catalogName,
  /**
   * Its name as staff reading each language know it (卡地亚, カルティエ), empty where none: shown
   * beside the maker's name where a brand is chosen. Left out, the brand keeps the ones it has.
   */
  names: namesWhereGiven.optional(),
  aliases: z
    .array(catalogName)
    .max(BRAND_ALIASES_MAX)
    .refine((names) => new Set(names.map((name) => name.toLowerCase())).size === names.length, {
      message: 'aliasRepeated',
    }),
  lines: z
    .array(
      z.object({
        id: idSchema.nullable(),
        name: catalogName,
        /** A line of the brand retired (no longer offered for a new item), or brought back; left out, kept. */
        retired: z.boolean().optional(),
      }),
    )
    .max(BRAND_LINES_MAX)
    .refine((lines) => new Set(lines.map((line) => line.name.toLowerCase())).size === lines.length, {
      message: 'lineRepeated',
    }),
});
export type BrandInput = z.infer<typeof brandInputSchema>;

/**
 * Whether a change retires the entry (true) or brings it back (false); left out, it stays as it
 * is. A retired brand, category or material is no longer offered for a new item, inquiry or
 * product; what names it keeps it (issue 28 item 5).
 */
const retiredChange = { retired: z.boolean().optional() };

/** A brand changed: as entered, and perhaps retired or brought back. */
export const brandChangeSchema = brandInputSchema.extend(retiredChange);
export type BrandChange = z.infer<typeof brandChangeSchema>;

/**
 * A category or a material as a manager enters it (issue 28 item 5): its code (what the CSV
 * files name it by), its name in every language, a material's purity (the share of fine metal,
 * 0.750 for 18K; null for none; always null for a category), and the two rules of the law it
 * carries: the seller's identity checked at any price, and 犯罪収益移転防止法's precious goods.
 */
/** A name in every language, none empty. */
const namesInEveryLanguage = z.object(
  Object.fromEntries(LANGS.map((lang) => [lang, catalogName])) as {
    [K in (typeof LANGS)[number]]: typeof catalogName;
  },
);

export const namedEntryInputSchema = z.object({
  code: text().regex(LIST_CODE_PATTERN),
  name: namesInEveryLanguage,
  purity: z.number().gt(0).max(1).nullable(),
  id_check_any_price: z.boolean(),
  precious: z.boolean(),
});
export type NamedEntryInput = z.infer<typeof namedEntryInputSchema>;

/** A category or material changed: as entered, and perhaps retired or brought back. */
export const namedEntryChangeSchema = namedEntryInputSchema.extend(retiredChange);
export type NamedEntryChange = z.infer<typeof namedEntryChangeSchema>;

export const namedEntryRecordSchema = namedEntryInputSchema.extend({ id: z.number().int(), retired: z.boolean() });
export type NamedEntryRecord = z.infer<typeof namedEntryRecordSchema>;

export const namedListParamsSchema = z.object({ kind: z.enum(NAMED_LIST_KINDS) });
export const namedEntryParamsSchema = namedListParamsSchema.merge(idParamsSchema);

/**
 * A shot of a category's photo guide as a manager enters it (issue 28 item 5): its code (what
 * `photo-guides.csv` and the items' photos name it by), its name in every language, the outline
 * drawn on its empty tile, and the register form's photo section it takes (null: none).
 */
export const guideShotSchema = z.object({
  code: text().regex(PHOTO_SHOT_CODE),
  name: namesInEveryLanguage,
  outline: z.enum(PHOTO_OUTLINES),
  covers: z.enum(PHOTO_SECTIONS).nullable(),
});
export type GuideShot = z.infer<typeof guideShotSchema>;

/** A category's whole photo guide, in order; none: the register form asks for its three photos. */
export const photoGuideSchema = z.object({
  shots: z
    .array(guideShotSchema)
    .max(MAX_SHOTS_PER_CATEGORY)
    .refine((shots) => new Set(shots.map((shot) => shot.code)).size === shots.length, { message: 'shotRepeated' }),
});
export type PhotoGuide = z.infer<typeof photoGuideSchema>;

/**
 * A workflow as a manager enters it (issue 28 item 5): its code, its name in every language, and
 * whether a second valuer reconsiders the first appraisal (then a comprehensive judgement settles
 * a disagreement: PRODUCT.md "Workflows"), or the first appraisal is the whole of it.
 */
export const workflowInputSchema = z.object({
  code: text().regex(LIST_CODE_PATTERN),
  name: namesInEveryLanguage,
  reconsideration: z.boolean(),
});
export type WorkflowInput = z.infer<typeof workflowInputSchema>;

/** A workflow changed: as entered, and perhaps retired (no longer offered at distribution) or brought back. */
export const workflowChangeSchema = workflowInputSchema.extend(retiredChange);
export type WorkflowChange = z.infer<typeof workflowChangeSchema>;

export const workflowRecordSchema = workflowInputSchema.extend({
  id: z.number().int(),
  retired: z.boolean(),
  /** `standard`, chosen when a distribution names none: its code and steps stay, it is never retired. */
  standard: z.boolean(),
});
export type WorkflowRecord = z.infer<typeof workflowRecordSchema>;

/** A brand as its form shows it: every line, in the pickers' order. */
export const brandRecordSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** In the languages it has one. */
  names: namesGivenSchema,
  aliases: z.array(z.string()),
  lines: z.array(z.object({ id: z.number().int(), name: z.string(), retired: z.boolean() })),
  retired: z.boolean(),
});
export type BrandRecord = z.infer<typeof brandRecordSchema>;

export const catalogAdminRoutes = {
  catalogImport: defineRoute({
    method: 'POST',
    path: '/api/catalog/import',
    summary: "Import the catalog's CSV files (managers): every row checked first, all or nothing",
    tag: 'catalogAdmin',
    access: 'manager',
    body: catalogImportBodySchema,
    data: catalogImportResultSchema,
  }),
  catalogFile: defineRoute({
    method: 'GET',
    path: '/api/catalog/files/:kind',
    summary: 'One list of the catalog as a CSV file (managers), or its template',
    tag: 'catalogAdmin',
    access: 'manager',
    params: catalogFileParamsSchema,
    query: catalogFileQuerySchema,
  }),
  catalogProduct: defineRoute({
    method: 'GET',
    path: '/api/catalog/products/:id',
    summary: 'One catalog product as entered, for its form (managers)',
    tag: 'catalogAdmin',
    access: 'manager',
    params: idParamsSchema,
    data: productRecordSchema,
  }),
  catalogProductCreate: defineRoute({
    method: 'POST',
    path: '/api/catalog/products',
    summary: 'Add a catalog product (managers)',
    tag: 'catalogAdmin',
    access: 'manager',
    body: productInputSchema,
    data: productSchema,
  }),
  catalogProductChange: defineRoute({
    method: 'PUT',
    path: '/api/catalog/products/:id',
    summary: 'Change a catalog product (managers): what items already name keeps its id',
    tag: 'catalogAdmin',
    access: 'manager',
    params: idParamsSchema,
    body: productInputSchema,
    data: productSchema,
  }),
  catalogBrand: defineRoute({
    method: 'GET',
    path: '/api/catalog/brands/:id',
    summary: 'One brand as entered, with its lines, for its form (managers)',
    tag: 'catalogAdmin',
    access: 'manager',
    params: idParamsSchema,
    data: brandRecordSchema,
  }),
  catalogBrandCreate: defineRoute({
    method: 'POST',
    path: '/api/catalog/brands',
    summary: 'Add a brand with its other names and lines (managers)',
    tag: 'catalogAdmin',
    access: 'manager',
    body: brandInputSchema,
    data: brandRecordSchema,
  }),
  catalogBrandChange: defineRoute({
    method: 'PUT',
    path: '/api/catalog/brands/:id',
    summary:
      'Change a brand (managers): its name and other names; its lines renamed or added, none removed (items name them); retire it or bring it back',
    tag: 'catalogAdmin',
    access: 'manager',
    params: idParamsSchema,
    body: brandChangeSchema,
    data: brandRecordSchema,
  }),
  catalogEntries: defineRoute({
    method: 'GET',
    path: '/api/catalog/lists/:kind',
    summary: "Every category or material as entered: code, names, purity and the law's two flags (managers)",
    tag: 'catalogAdmin',
    access: 'manager',
    params: namedListParamsSchema,
    data: z.array(namedEntryRecordSchema),
  }),
  catalogEntryCreate: defineRoute({
    method: 'POST',
    path: '/api/catalog/lists/:kind',
    summary: 'Add a category or material (managers): a code of its own, a name in every language',
    tag: 'catalogAdmin',
    access: 'manager',
    params: namedListParamsSchema,
    body: namedEntryInputSchema,
    data: namedEntryRecordSchema,
  }),
  catalogEntryChange: defineRoute({
    method: 'PUT',
    path: '/api/catalog/lists/:kind/:id',
    summary:
      'Change a category or material (managers): items and products keep naming it by its id; retire it or bring it back',
    tag: 'catalogAdmin',
    access: 'manager',
    params: namedEntryParamsSchema,
    body: namedEntryChangeSchema,
    data: namedEntryRecordSchema,
  }),
  catalogPhotoGuide: defineRoute({
    method: 'GET',
    path: '/api/catalog/categories/:id/photo-guide',
    summary: "A category's photo guide as entered, every shot in every language, for its form (managers)",
    tag: 'catalogAdmin',
    access: 'manager',
    params: idParamsSchema,
    data: photoGuideSchema,
  }),
  catalogPhotoGuideChange: defineRoute({
    method: 'PUT',
    path: '/api/catalog/categories/:id/photo-guide',
    summary:
      "Replace a category's photo guide (managers), as photo-guides.csv does: items keep the photos they have under a shot left out",
    tag: 'catalogAdmin',
    access: 'manager',
    params: idParamsSchema,
    body: photoGuideSchema,
    data: photoGuideSchema,
  }),
  catalogWorkflows: defineRoute({
    method: 'GET',
    path: '/api/catalog/workflows',
    summary: 'Every appraisal workflow as entered, retired ones too (managers)',
    tag: 'catalogAdmin',
    access: 'manager',
    data: z.array(workflowRecordSchema),
  }),
  catalogWorkflowCreate: defineRoute({
    method: 'POST',
    path: '/api/catalog/workflows',
    summary:
      'Add an appraisal workflow (managers): a code of its own, a name in every language, with or without a reconsideration',
    tag: 'catalogAdmin',
    access: 'manager',
    body: workflowInputSchema,
    data: workflowRecordSchema,
  }),
  catalogWorkflowChange: defineRoute({
    method: 'PUT',
    path: '/api/catalog/workflows/:id',
    summary:
      'Change an appraisal workflow (managers): items keep the one they follow; retire it or bring it back. 409 `workflowStandardFixed` for the standard one’s code, steps or retiring',
    tag: 'catalogAdmin',
    access: 'manager',
    params: idParamsSchema,
    body: workflowChangeSchema,
    data: workflowRecordSchema,
  }),
  catalogProductRetire: defineRoute({
    method: 'PUT',
    path: '/api/catalog/products/:id/retired',
    summary: 'Retire a catalog product or bring it back (managers): never deleted, items keep it',
    tag: 'catalogAdmin',
    access: 'manager',
    params: idParamsSchema,
    body: productRetiredSchema,
    data: productSchema,
  }),
};
