import { z } from 'zod';
import { text } from './input.ts';
import { defineRoute } from './route.ts';
import { PRIVATE_IMAGE_NAME, STORED_IMAGE_NAME } from './values/patterns.ts';

export const uploadedImageSchema = z.object({
  id: z.uuid(),
  url: z.string(),
  thumb_url: z.string(),
  /** The stored format: HEIC/HEIF arrive as JPEG; the others keep their format. */
  mime: z.enum(['image/jpeg', 'image/png', 'image/webp']),
  width: z.number().int(),
  height: z.number().int(),
  size: z.number().int(),
  /** The extra form fields sent with the file, echoed back (e.g. which photo slot it fills). */
  fields: z.record(z.string(), z.string()),
});
export type UploadedImage = z.infer<typeof uploadedImageSchema>;

/** What a private upload is for: shown only to recorders, through signed links. */
export const PRIVATE_UPLOAD_KINDS = ['document', 'signature'] as const;
export type PrivateUploadKind = (typeof PRIVATE_UPLOAD_KINDS)[number];

/** A private upload: its stored name (what a buyback sends) and signed links valid for minutes. */
export const privateImageSchema = z.object({
  name: z.string(),
  kind: z.enum(PRIVATE_UPLOAD_KINDS),
  url: z.string(),
  thumb_url: z.string(),
});
export type PrivateImage = z.infer<typeof privateImageSchema>;

export const uploadRoutes = {
  uploadImage: defineRoute({
    method: 'POST',
    path: '/api/upload/image',
    summary: 'Upload a photo (multipart `file` plus extra fields); re-encoded without metadata',
    tag: 'upload',
    access: 'user',
    multipart: true,
    data: uploadedImageSchema,
  }),
  uploadPrivate: defineRoute({
    method: 'POST',
    path: '/api/upload/private',
    summary: 'Upload an identity document photo or a signature (multipart `file` and `kind`); recorders only',
    tag: 'upload',
    access: 'recorder',
    multipart: true,
    data: privateImageSchema,
  }),
  privateFile: defineRoute({
    method: 'GET',
    path: '/api/private-files/:name',
    summary: 'A private upload through a signed link that expires within minutes; never cached by others',
    tag: 'upload',
    access: 'public',
    params: z.object({ name: text().regex(PRIVATE_IMAGE_NAME) }),
    // `exp` is Unix seconds, read as digits: an int column's range would end signed links in 2038.
    query: z.object({ exp: text().regex(/^\d{1,12}$/), sig: text().regex(/^[\w-]{43}$/) }),
  }),
  file: defineRoute({
    method: 'GET',
    path: '/api/files/:name',
    summary: 'A stored photo or thumbnail by its random name',
    tag: 'upload',
    access: 'public',
    params: z.object({ name: text().regex(STORED_IMAGE_NAME) }),
  }),
};
