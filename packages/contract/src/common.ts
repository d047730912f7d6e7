import { z } from 'zod';
import { INT_MAX, queryIdSchema } from './input.ts';

export const idParamsSchema = z.object({ id: queryIdSchema });

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(INT_MAX).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  });
}

export const idNameSchema = z.object({ id: z.number().int(), name: z.string() });
export type IdName = z.infer<typeof idNameSchema>;

/** An ISO 8601 timestamp as the server sends it. */
export const timestampSchema = z.string();
