import { z } from 'zod';
import { text } from './input.ts';
import { defineRoute } from './route.ts';
import { STORED_IMAGE_NAME } from './values/patterns.ts';

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
  file: defineRoute({
    method: 'GET',
    path: '/api/files/:name',
    summary: 'A stored photo or thumbnail by its random name',
    tag: 'upload',
    access: 'public',
    params: z.object({ name: text().regex(STORED_IMAGE_NAME) }),
  }),
};
