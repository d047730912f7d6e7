import { z } from 'zod';
import { idParamsSchema, timestampSchema } from './common.ts';
import { queryIdSchema, text } from './input.ts';
import { defineRoute } from './route.ts';
import { SHOP_TEXT_MAX, timeZoneSchema } from './setup.ts';
import { userInfoSchema } from './user.ts';
import { CURRENCIES } from './values/dictionary.ts';
import { TEXT_MAX } from './values/limits.ts';

/**
 * A branch of the shop (issue 32, docs/adr/0105): a counter with its own staff, items and ledger.
 * Each detail a branch leaves null is the shop's: a one-branch shop's first branch leaves them all
 * null, so its screens, certificates and ledger read as before. A second branch names its own.
 */
export const branchInputSchema = z.object({
  name: text().trim().min(1).max(SHOP_TEXT_MAX.name).nullable(),
  address: text().trim().min(1).max(TEXT_MAX.address).nullable(),
  phone: text().trim().min(1).max(SHOP_TEXT_MAX.phone).nullable(),
  /** The office's own licence where it has one (a 営業所 under another commission); null: the shop's. */
  licence_no: text().trim().min(1).max(SHOP_TEXT_MAX.licenceNo).nullable(),
  time_zone: timeZoneSchema.nullable(),
  currency: z.enum(CURRENCIES).nullable(),
});
export type BranchInput = z.infer<typeof branchInputSchema>;

/** A branch as its managers see it: what it set itself, what it runs by, and who works there. */
export const branchSchema = z.object({
  id: z.number().int(),
  /** The details the branch set itself; null where it takes the shop's. */
  own: branchInputSchema,
  /** The details it runs by: its own, each null one the shop's. */
  details: z.object({
    name: z.string(),
    address: z.string(),
    phone: z.string(),
    licence_no: z.string(),
    time_zone: z.string(),
    currency: z.enum(CURRENCIES),
  }),
  /** Closed: no one registers or works there any more; its records stay. */
  closed_at: timestampSchema.nullable(),
  /** The enabled staff who work there. */
  staff: z.number().int(),
  created_at: timestampSchema,
});
export type Branch = z.infer<typeof branchSchema>;

/** Open or close a branch. */
export const branchStateSchema = z.strictObject({ open: z.boolean() });

/** The branches a member works at: at least one, each once. */
export const staffBranchesSchema = z.strictObject({
  branch_ids: z
    .array(queryIdSchema)
    .min(1)
    .max(200)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'branchRepeated' }),
});
export type StaffBranches = z.infer<typeof staffBranchesSchema>;

/** The branch to work at, for this session. */
export const workingBranchSchema = z.strictObject({ branch_id: queryIdSchema });

export const branchRoutes = {
  branches: defineRoute({
    method: 'GET',
    path: '/api/branches',
    summary:
      "The branches the caller manages (the shop's owner: every one), open ones first, each with its own and " +
      'effective details and its staff',
    tag: 'branches',
    access: 'manager',
    data: z.object({ items: z.array(branchSchema) }),
  }),
  branchCreate: defineRoute({
    method: 'POST',
    path: '/api/branches',
    summary:
      'Opens a branch (managers); the manager who opens it works there. 409 `branchNameTaken` when an open ' +
      'branch already reads that name',
    tag: 'branches',
    access: 'manager',
    body: branchInputSchema,
    data: branchSchema,
  }),
  branchChange: defineRoute({
    method: 'PUT',
    path: '/api/branches/:id',
    summary: "Replaces a branch's details (a manager of it); each that changes is recorded. 409 `branchNameTaken`",
    tag: 'branches',
    access: 'manager',
    params: idParamsSchema,
    body: branchInputSchema,
    data: branchSchema,
  }),
  branchState: defineRoute({
    method: 'PUT',
    path: '/api/branches/:id/state',
    summary:
      'Closes a branch, which keeps its records, or opens it again (a manager of it). 409 `lastBranch`, ' +
      '`branchStaffed` (someone works only there), `branchHasItemsUnderWay`',
    tag: 'branches',
    access: 'manager',
    params: idParamsSchema,
    body: branchStateSchema,
    data: branchSchema,
  }),
  staffBranches: defineRoute({
    method: 'PUT',
    path: '/api/staff/:id/branches',
    summary:
      'Sets the branches a member works at (managers, of those branches); sessions working at one taken away end. ' +
      '409 `branchClosed`',
    tag: 'branches',
    access: 'manager',
    params: idParamsSchema,
    body: staffBranchesSchema,
    data: z.object({ branch_ids: z.array(z.number().int()) }),
  }),
  userWorkingBranch: defineRoute({
    method: 'PUT',
    path: '/api/user/branch',
    summary:
      'Works at another of the branches the caller works at, for this session; answers the user info. ' +
      '403 `branchNotHeld`, 409 `branchClosed`',
    tag: 'workingBranch',
    access: 'regular',
    body: workingBranchSchema,
    data: userInfoSchema,
  }),
};
