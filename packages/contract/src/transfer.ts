import { z } from 'zod';
import { commodityDetailSchema } from './commodity.ts';
import { idNameSchema, idParamsSchema, timestampSchema } from './common.ts';
import { INT_MAX, idSchema, text } from './input.ts';
import { defineRoute } from './route.ts';
import { TEXT_MAX } from './values/limits.ts';

/**
 * Transfers (issue 32 item 4, docs/adr/0105 "Transfers"): an item moves from the branch that holds
 * it to another open branch of the chain, with who, when and why, in its history and in both
 * branches' records. Kept apart from the first route table (tag `transfers`): the item's detail
 * page and the transfer sheet load them.
 */
export const transferSchema = z.object({
  version: z.number().int().min(0).max(INT_MAX),
  /** The destination: an open branch other than the item's own. */
  branch_id: idSchema,
  reason: text().trim().min(1).max(TEXT_MAX.remark),
});
export type TransferInput = z.input<typeof transferSchema>;

/** One transfer as both branches' records list it. */
export const transferRecordSchema = z.object({
  id: z.number().int(),
  commodity: z.object({ id: z.number().int(), no: z.string(), product_name: z.string() }),
  from_branch: idNameSchema,
  to_branch: idNameSchema,
  transferred_by: idNameSchema,
  transferred_at: timestampSchema,
  reason: z.string(),
});
export type TransferRecord = z.infer<typeof transferRecordSchema>;

export const transferListQuerySchema = z.object({
  cursor: text().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

export const transferRoutes = {
  commodityTransfer: defineRoute({
    method: 'POST',
    path: '/api/commodities/:id/transfer',
    summary:
      'Moves an item to another open branch with a reason (staff recorders who see it). 409 `branchClosed`, ' +
      '`transferValuerElsewhere` (its valuer does not work at the destination), 4001 for a returned item',
    tag: 'transfers',
    access: 'regular',
    params: idParamsSchema,
    body: transferSchema,
    /** The item as the caller now sees it; null when it left the branches the caller sees. */
    data: z.object({ commodity: commodityDetailSchema.nullable() }),
  }),
  transfers: defineRoute({
    method: 'GET',
    path: '/api/transfers',
    summary: 'Transfers from or to the branches the caller sees, newest first, by keyset (cursor) pages (staff)',
    tag: 'transfers',
    access: 'regular',
    query: transferListQuerySchema,
    data: z.object({ items: z.array(transferRecordSchema), next_cursor: z.string().nullable() }),
  }),
  branchesOpen: defineRoute({
    method: 'GET',
    path: '/api/branches/open',
    summary: "Every open branch of the chain, by id and name: a transfer's destinations (staff)",
    tag: 'transfers',
    access: 'regular',
    data: z.object({ items: z.array(idNameSchema) }),
  }),
};
