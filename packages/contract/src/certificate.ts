import { z } from 'zod';
import { idParamsSchema } from './common.ts';
import { defineRoute } from './route.ts';
import { LANGS } from './values/i18n.ts';

/*
 * Appraisal certificates (issue 14; PRODUCT.md "Certificates"): a PDF for an identified item,
 * with a QR code that opens the item's public verification page (`/verify/<id>`, served by the
 * server as HTML, outside this contract). One verification id per final result: downloading
 * again, or in another language, prints the same QR. docs/decisions.md "Certificates and the
 * verification page".
 */

export const certificateQuerySchema = z.object({
  /** The certificate's language; the caller's `lang` header when absent. */
  lang: z.enum(LANGS).optional(),
});
export type CertificateQuery = z.input<typeof certificateQuerySchema>;

export const certificateRoutes = {
  certificateDownload: defineRoute({
    method: 'GET',
    path: '/api/commodities/:id/certificate',
    summary: "An identified item's appraisal certificate (PDF, A4) in a chosen language, with its verification QR",
    tag: 'certificate',
    access: 'regular',
    params: idParamsSchema,
    query: certificateQuerySchema,
  }),
};
