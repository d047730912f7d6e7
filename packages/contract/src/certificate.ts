import { z } from 'zod';
import { idParamsSchema } from './common.ts';
import { text } from './input.ts';
import { defineRoute } from './route.ts';
import { CERTIFICATE_PHOTOS_MAX } from './values/commodity.ts';
import { LANGS } from './values/i18n.ts';
import { STORED_IMAGE_PATH } from './values/patterns.ts';

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

/**
 * The product photos the item's certificate prints, as a valuer chose them (issue 29 item 2), in
 * that order; null: the default (the photo guide's shots first, never one kept though blurred or
 * dark).
 */
export const certificatePhotosSchema = z.object({
  photos: z
    .array(text().regex(STORED_IMAGE_PATH))
    .min(1)
    .max(CERTIFICATE_PHOTOS_MAX)
    .refine((photos) => new Set(photos).size === photos.length, { message: 'photoRepeated' })
    .nullable(),
});
export type CertificatePhotos = z.infer<typeof certificatePhotosSchema>;

export const certificateRoutes = {
  certificatePhotos: defineRoute({
    method: 'PUT',
    path: '/api/commodities/:id/certificate-photos',
    summary:
      "Choose the product photos the item's certificate prints (valuers; null: the default), each one of the " +
      "item's product photos",
    tag: 'certificate',
    access: 'regular',
    params: idParamsSchema,
    body: certificatePhotosSchema,
    data: certificatePhotosSchema,
  }),
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
