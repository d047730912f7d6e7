import { z } from 'zod';

/** `valuers` is spelled exactly so (PRODUCT.md "Who uses it"). */
export const ROLE_CODES = ['recorder', 'valuers'] as const;
export const roleCodeSchema = z.enum(ROLE_CODES);
export type RoleCode = z.infer<typeof roleCodeSchema>;

/** The marker letter of a guest link path (`/t_r<id>`, `/t_v<id>`). */
export const GUEST_LINK_MARKER: Record<RoleCode, string> = { recorder: 'r', valuers: 'v' };
