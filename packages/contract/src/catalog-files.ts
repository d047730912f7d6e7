import { z } from 'zod';
import { text } from './input.ts';
import { defineRoute } from './route.ts';
import { CATALOG_FILE_KINDS, CATALOG_IMPORT_MAX_BYTES } from './values/catalog-files.ts';

/*
 * The catalog's CSV files in the browser, for managers (issue 28 item 5;
 * docs/adr/0090-the-catalog-in-the-browser.md): the CLI's import, all or nothing with line
 * numbers, and each list's export and template.
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

export const catalogFileRoutes = {
  catalogImport: defineRoute({
    method: 'POST',
    path: '/api/catalog/import',
    summary: "Import the catalog's CSV files (managers): every row checked first, all or nothing",
    tag: 'catalogFiles',
    access: 'manager',
    body: catalogImportBodySchema,
    data: catalogImportResultSchema,
  }),
  catalogFile: defineRoute({
    method: 'GET',
    path: '/api/catalog/files/:kind',
    summary: 'One list of the catalog as a CSV file (managers), or its template',
    tag: 'catalogFiles',
    access: 'manager',
    params: catalogFileParamsSchema,
    query: catalogFileQuerySchema,
  }),
};
