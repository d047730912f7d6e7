import { z } from 'zod';
import { idNameSchema, pageOf, pageQuerySchema, timestampSchema } from './common.ts';
import { roleCodeSchema } from './roles.ts';
import { defineRoute } from './route.ts';

/** Where a link stands: usable, past its expiry, or ended by its maker. */
export const TEMPORARY_LINK_STATES = ['active', 'expired', 'revoked'] as const;
export type TemporaryLinkState = (typeof TEMPORARY_LINK_STATES)[number];

export const temporaryLinkSchema = z.object({
  uuid: z.uuid(),
  role: roleCodeSchema,
  /** The in-app path to share: `/t_r<uuid>` or `/t_v<uuid>`. */
  path: z.string(),
  state: z.enum(TEMPORARY_LINK_STATES),
  uses: z.number().int(),
  /** The guests who entered through it, newest first. */
  guests: z.array(idNameSchema.extend({ created_at: timestampSchema })),
  created_at: timestampSchema,
  expires_at: timestampSchema,
  revoked_at: timestampSchema.nullable(),
});
export type TemporaryLink = z.infer<typeof temporaryLinkSchema>;

export const temporaryLinkRoutes = {
  temporaryLinks: defineRoute({
    method: 'GET',
    path: '/api/temporary-links',
    summary: 'The temporary links the caller made, newest first, with their guests',
    tag: 'auth',
    access: 'regular',
    query: pageQuerySchema,
    data: pageOf(temporaryLinkSchema),
  }),
  temporaryLinkRevoke: defineRoute({
    method: 'POST',
    path: '/api/temporary-links/:uuid/revoke',
    summary: "Revoke one of the caller's links: its guests' sessions end at once",
    tag: 'auth',
    access: 'regular',
    params: z.object({ uuid: z.uuid() }),
    data: temporaryLinkSchema,
  }),
};
