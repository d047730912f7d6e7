import { z } from 'zod';
import { providerStateSchema, sessionTokensSchema } from './auth.ts';
import { text } from './input.ts';
import { defineRoute } from './route.ts';

/*
 * Sign-in providers (docs/adr/0103): which ones the sign-in page offers, and the member's own
 * bindings in the personal center. Each provider's own flow (WeChat, OpenID Connect) has its
 * routes beside it.
 */

/** `wechat`, or an OpenID Connect provider's configured key (lowercase letters, digits, -). */
export const providerKeySchema = z.string().regex(/^[a-z][a-z0-9-]{0,31}$/);

/** A provider as the sign-in page and the personal center show it. */
export const signInProviderSchema = z.object({
  key: providerKeySchema,
  /** Its name in the caller's language ("WeChat", "LINE", "Google"...). */
  name: z.string(),
});
export type SignInProvider = z.infer<typeof signInProviderSchema>;

/** The providers configured on this server, in the order they were configured (WeChat first). */
export const signInMethodsSchema = z.object({ providers: z.array(signInProviderSchema) });

/** One of the member's bindings: which provider, since when, last used; never the account's id there. */
export const signInBindingSchema = z.object({
  provider: providerKeySchema,
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type SignInBinding = z.infer<typeof signInBindingSchema>;

/** Where the browser goes to sign in at the provider; it keeps `state` to compare on the way back. */
export const providerStartSchema = z.object({ url: z.url(), state: providerStateSchema });

/** The member confirms their password before binding a provider's account to theirs. */
export const bindingStartSchema = z.object({ password: text().min(1).max(128) });

/**
 * What the browser brought back from the provider to the return page (`/pages/login/provider`):
 * the `state` it kept, the `code`, and the whole address it came back to (OpenID Connect checks
 * its `iss` and `state` there too).
 */
export const providerResultSchema = z.object({
  state: providerStateSchema,
  code: text().min(1).max(2048),
  callback_url: text().min(1).max(4096),
});

export const signInRoutes = {
  authMethods: defineRoute({
    method: 'GET',
    path: '/api/auth/methods',
    summary: 'The sign-in providers this server offers besides the password and passkeys',
    tag: 'signInMethods',
    access: 'public',
    data: signInMethodsSchema,
  }),
  authProviderStart: defineRoute({
    method: 'POST',
    path: '/api/auth/providers/:provider/start',
    summary: 'Start signing in at a provider: the address to send the browser to',
    tag: 'signInMethods',
    access: 'public',
    params: z.object({ provider: providerKeySchema }),
    data: providerStartSchema,
  }),
  authProviderFinish: defineRoute({
    method: 'POST',
    path: '/api/auth/providers/finish',
    summary: "Sign in with the provider's result the browser brought back",
    tag: 'signInMethods',
    access: 'public',
    body: providerResultSchema,
    data: sessionTokensSchema,
  }),
  signInBindingStart: defineRoute({
    method: 'POST',
    path: '/api/user/sign-in-bindings/:provider/start',
    summary: 'Start binding an account at a provider to the signed-in member, who confirms their password',
    tag: 'signInBinding',
    access: 'regular',
    params: z.object({ provider: providerKeySchema }),
    body: bindingStartSchema,
    data: providerStartSchema,
  }),
  signInBindingFinish: defineRoute({
    method: 'POST',
    path: '/api/user/sign-in-bindings/finish',
    summary: "Bind the provider's account the browser brought back to the signed-in member",
    tag: 'signInBinding',
    access: 'regular',
    body: providerResultSchema,
    data: signInBindingSchema,
  }),
  signInBindingList: defineRoute({
    method: 'GET',
    path: '/api/user/sign-in-bindings',
    summary: "The signed-in member's sign-in provider accounts",
    tag: 'signInBinding',
    access: 'regular',
    data: z.array(signInBindingSchema),
  }),
  signInBindingRemove: defineRoute({
    method: 'DELETE',
    path: '/api/user/sign-in-bindings/:provider',
    summary: "Unbind the member's account at a sign-in provider",
    tag: 'signInBinding',
    access: 'regular',
    params: z.object({ provider: providerKeySchema }),
    data: z.null(),
  }),
};
