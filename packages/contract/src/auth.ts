import { z } from 'zod';
import { timestampSchema } from './common.ts';
import { text } from './input.ts';
import { roleCodeSchema } from './roles.ts';
import { defineRoute } from './route.ts';
import { mobileSchema, userInfoSchema } from './user.ts';
import {
  PASSWORD_MAX_LENGTH,
  TEMPORARY_LINK_DEFAULT_HOURS,
  TEMPORARY_LINK_MAX_HOURS,
  TEXT_MAX,
} from './values/limits.ts';

export const loginSchema = z.object({
  mobile: mobileSchema,
  password: text().min(1).max(PASSWORD_MAX_LENGTH),
});

export const sessionTokensSchema = z.object({
  /** Short-lived access token, sent as `Authorization: Bearer`. */
  token: z.string(),
  /** Rotating refresh token: each use answers a new one; reusing an old one ends the session. */
  refresh_token: z.string(),
  /** Seconds until `token` expires. */
  expires_in: z.number().int(),
  user: userInfoSchema,
});
export type SessionTokens = z.infer<typeof sessionTokensSchema>;

export const refreshSchema = z.object({ refresh_token: text().min(1).max(200).optional() });

export const createTemporaryLinkSchema = z.object({
  role: roleCodeSchema,
  hours: z.number().int().min(1).max(TEMPORARY_LINK_MAX_HOURS).default(TEMPORARY_LINK_DEFAULT_HOURS),
});

export const temporaryLinkCreatedSchema = z.object({
  uuid: z.uuid(),
  role: roleCodeSchema,
  /** The in-app path to share: `/t_r<uuid>` or `/t_v<uuid>`. */
  path: z.string(),
  expires_at: timestampSchema,
});

export const guestSchema = z.object({
  uuid: z.uuid(),
  /** The name the guest gives; a generated one when absent. */
  name: text().trim().min(1).max(TEXT_MAX.personName).optional(),
});

/** The `state` a sign-in at a provider carries (docs/adr/0103): 43 random letters and digits (the server's). */
export const providerStateSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

export const authRoutes = {
  authLogin: defineRoute({
    method: 'POST',
    path: '/api/auth/login',
    summary: 'Sign in with mobile and password',
    tag: 'auth',
    access: 'public',
    body: loginSchema,
    data: sessionTokensSchema,
  }),
  authLogout: defineRoute({
    method: 'POST',
    path: '/api/auth/logout',
    summary: 'End the current session',
    tag: 'auth',
    access: 'user',
    data: z.null(),
  }),
  authRefresh: defineRoute({
    method: 'POST',
    path: '/api/auth/refresh',
    summary: 'Exchange the refresh token sent in the body for new tokens',
    tag: 'auth',
    access: 'public',
    body: refreshSchema.optional(),
    data: sessionTokensSchema,
  }),
  authTmp: defineRoute({
    method: 'POST',
    path: '/api/auth/tmp',
    summary: 'Create a temporary link for a role',
    tag: 'auth',
    access: 'regular',
    body: createTemporaryLinkSchema,
    data: temporaryLinkCreatedSchema,
  }),
  authGuest: defineRoute({
    method: 'POST',
    path: '/api/auth/guest',
    summary: "Exchange a temporary link's uuid for a guest user's session",
    tag: 'auth',
    access: 'public',
    body: guestSchema,
    data: sessionTokensSchema,
  }),
  wxLogin: defineRoute({
    method: 'POST',
    path: '/user/wxLogin',
    summary: "WeChat sign-in (SPEC): the code and state WeChat's authorization brought back",
    tag: 'signInMethods',
    access: 'public',
    body: z.object({ code: text().min(1).max(512), state: providerStateSchema }),
    data: sessionTokensSchema,
  }),
};
