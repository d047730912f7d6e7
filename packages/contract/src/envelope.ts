import { z } from 'zod';

/** Every JSON response is `{ code, msg, data }`; code 0 is success (SPEC.md §5). */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), msg: z.string(), data });
}
