/** `valuers` is spelled exactly so (PRODUCT.md "Who uses it"). No zod here: the web app imports it. */
export const ROLE_CODES = ['recorder', 'valuers'] as const;
export type RoleCode = (typeof ROLE_CODES)[number];

/** The marker letter of a guest link path (`/t_r<id>`, `/t_v<id>`). */
export const GUEST_LINK_MARKER: Record<RoleCode, string> = { recorder: 'r', valuers: 'v' };
