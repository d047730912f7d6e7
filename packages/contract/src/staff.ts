import { z } from 'zod';
import { idParamsSchema, timestampSchema } from './common.ts';
import { queryIdSchema, text } from './input.ts';
import { passkeySchema } from './passkey.ts';
import { roleCodeSchema } from './roles.ts';
import { defineRoute } from './route.ts';
import { providerKeySchema, signInBindingSchema } from './sign-in.ts';
import { mobileSchema } from './user.ts';
import { EMAIL_MAX, TEXT_MAX } from './values/limits.ts';

/**
 * A person of the shop's staff, as managers see them (issue 28 item 3): guests, who come and go
 * by link, are not staff. Each holds any non-empty set of roles: recorder, valuer, manager
 * (ADR 0104).
 */
export const staffMemberSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  mobile: z.string().nullable(),
  /** The counter roles held, in the order recorder, valuers; empty for a manager only. */
  roles: z.array(roleCodeSchema),
  /** Manages the shop: its staff (and, as the back office grows, its settings and catalog). */
  manager: z.boolean(),
  /** Set up the shop: its first manager. */
  owner: z.boolean(),
  is_enabled: z.boolean(),
  /** When they last signed in; null if never. */
  last_sign_in_at: timestampSchema.nullable(),
  created_at: timestampSchema,
  /** The branches they work at (issue 32, docs/adr/0105), open or closed, by id. */
  branch_ids: z.array(z.number().int()),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

/** Counter roles, each once; with managing, at least one role in all (ADR 0104). */
const heldRolesSchema = z
  .array(roleCodeSchema)
  .max(2)
  .refine((roles) => new Set(roles).size === roles.length, { message: 'rolesRepeated' });
const someRole = (value: { roles: unknown[]; manager: boolean }) => value.roles.length > 0 || value.manager;

/** A new member: they sign in with this mobile and the first password the answer shows once. */
export const staffInviteSchema = z
  .object({
    name: text().trim().min(1).max(TEXT_MAX.personName),
    mobile: mobileSchema,
    roles: heldRolesSchema,
    manager: z.boolean().default(false),
  })
  .refine(someRole, { message: 'rolesRequired', path: ['roles'] });
export type StaffInvite = z.infer<typeof staffInviteSchema>;

/** One change at a time, as a manager taps it: the roles (counter roles and managing), or the account on or off. */
export const staffChangeSchema = z.union([
  z.strictObject({ roles: heldRolesSchema, manager: z.boolean() }).refine(someRole, {
    message: 'rolesRequired',
    path: ['roles'],
  }),
  z.strictObject({ manager: z.boolean() }),
  z.strictObject({ is_enabled: z.boolean() }),
]);
export type StaffChange = z.infer<typeof staffChangeSchema>;

/** A member with a password to hand them, shown this once and never stored readable. */
export const staffWithPasswordSchema = z.object({ member: staffMemberSchema, password: z.string() });

/**
 * How a member signs in, as a manager sees it (docs/adr/0103 "Bindings"): the work e-mail a
 * verified OpenID Connect e-mail binds on first use, their passkeys and their bound providers;
 * never a credential id, a key or a provider's subject.
 */
export const staffSignInSchema = z.object({
  email: z.string().nullable(),
  passkeys: z.array(passkeySchema),
  bindings: z.array(signInBindingSchema),
});
export type StaffSignIn = z.infer<typeof staffSignInSchema>;

/** A work e-mail, trimmed and lowercased, as `users.email` keeps it; null clears it. */
export const staffEmailSchema = z.object({
  email: text().trim().toLowerCase().max(EMAIL_MAX).pipe(z.email()).nullable(),
});
export type StaffEmail = z.infer<typeof staffEmailSchema>;

export const staffRoutes = {
  staffList: defineRoute({
    method: 'GET',
    path: '/api/staff',
    summary: "The shop's staff (not guests), managers first, each with their roles and last sign-in",
    tag: 'staff',
    access: 'manager',
    data: z.object({ items: z.array(staffMemberSchema) }),
  }),
  staffInvite: defineRoute({
    method: 'POST',
    path: '/api/staff',
    summary: 'Adds a member with a generated first password, answered once. 409 `mobileTaken`',
    tag: 'staff',
    access: 'manager',
    body: staffInviteSchema,
    data: staffWithPasswordSchema,
  }),
  staffChange: defineRoute({
    method: 'PATCH',
    path: '/api/staff/:id',
    summary:
      'Changes a member’s roles (counter roles and managing), or disables / enables them; a change ends their sessions at once. ' +
      '409 `lastManager` for the last active manager, `staffSelf` for one’s own account',
    tag: 'staff',
    access: 'manager',
    params: idParamsSchema,
    body: staffChangeSchema,
    data: staffMemberSchema,
  }),
  staffResetPassword: defineRoute({
    method: 'POST',
    path: '/api/staff/:id/password',
    summary: 'A new generated password for a member, answered once; their sessions end',
    tag: 'staff',
    access: 'manager',
    params: idParamsSchema,
    data: staffWithPasswordSchema,
  }),
  staffSignIn: defineRoute({
    method: 'GET',
    path: '/api/staff/:id/sign-in',
    summary: 'How a member signs in: their work e-mail, passkeys and bound providers (no credential, no subject)',
    tag: 'staff',
    access: 'manager',
    params: idParamsSchema,
    data: staffSignInSchema,
  }),
  staffEmail: defineRoute({
    method: 'PUT',
    path: '/api/staff/:id/email',
    summary:
      'Sets (null clears) a member’s work e-mail, which a verified OpenID Connect e-mail binds on first use; ' +
      'their sessions stay. 409 `emailTaken`, `staffSelf` for one’s own account',
    tag: 'staff',
    access: 'manager',
    params: idParamsSchema,
    body: staffEmailSchema,
    data: staffSignInSchema,
  }),
  staffBindingRemove: defineRoute({
    method: 'DELETE',
    path: '/api/staff/:id/sign-in-bindings/:provider',
    summary: 'Unbinds a member’s account at a sign-in provider (a lost or leaving account). 409 `staffSelf`',
    tag: 'staff',
    access: 'manager',
    params: z.object({ id: queryIdSchema, provider: providerKeySchema }),
    data: staffSignInSchema,
  }),
  staffPasskeyRemove: defineRoute({
    method: 'DELETE',
    path: '/api/staff/:id/passkeys/:passkeyId',
    summary: 'Removes one of a member’s passkeys (a lost phone). 409 `staffSelf`',
    tag: 'staff',
    access: 'manager',
    params: z.object({ id: queryIdSchema, passkeyId: queryIdSchema }),
    data: staffSignInSchema,
  }),
};
