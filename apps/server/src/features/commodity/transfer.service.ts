import type { CommodityDetail } from '@jewel/contract/commodity';
import type { transferSchema } from '@jewel/contract/transfer';
import { FLOW_STATUS } from '@jewel/contract/values/commodity';
import { COMMODITY_STATUS } from '@jewel/contract/values/commodity-status';
import type { Lang } from '@jewel/contract/values/i18n';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { branches, commodityTransfers, temporaryLinks, users } from '../../db/schema.ts';
import { branchName, worksAtBranch } from '../../domain/branches.ts';
import { publishCommodityChange } from '../../domain/live-events.ts';
import type { ServiceDeps } from '../../domain/service-deps.ts';
import { readShop } from '../../domain/shop.ts';
import { translate } from '../../i18n/messages.ts';
import { AppError } from '../../lib/app-error.ts';
import * as repo from './commodity.repository.ts';
import { detail } from './commodity.service.ts';
import { invalidField } from './commodity-checks.ts';

// A transfer (issue 32 item 4, docs/adr/0105 "Transfers"): an item moves from the branch that holds
// it to another open branch of the chain. Not a step of the status machine: the status stays, the
// branch changes, and the history, both branches' records and the live events say so.

const S = COMMODITY_STATUS;

/** Statuses at which a valuer holds the item: it goes only where that valuer works. */
const WITH_A_VALUER = new Set<number>([
  S.pendingAppraisal,
  S.inAppraisal,
  S.toBeModified,
  S.pendingReconsideration,
  S.inReconsideration,
  S.pendingComprehensive,
]);

/** The valuers who hold the item now: the one assigned, and any of the round with a step open. */
async function holdingValuers(tx: Db, commodity: repo.CommodityRow): Promise<number[]> {
  if (!WITH_A_VALUER.has(commodity.status)) return [];
  const flows = await repo.roundFlows(tx, commodity.id, commodity.round);
  const open = flows
    .filter((flow) => flow.status === FLOW_STATUS.pending || flow.status === FLOW_STATUS.inProgress)
    .map((flow) => flow.valuerId);
  return [...new Set([commodity.valuerId, ...open].filter((id): id is number => id !== null))];
}

async function workAt(tx: Db, userIds: number[], branchId: number): Promise<boolean> {
  if (userIds.length === 0) return true;
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .leftJoin(temporaryLinks, eq(temporaryLinks.id, users.temporaryLinkId))
    .where(and(inArray(users.id, userIds), worksAtBranch(branchId)));
  return rows.length === userIds.length;
}

/**
 * Checks, in this order: the item is one the caller sees (404), the caller a recorder
 * (`commodityRoleNotAllowed`; guests and read-only managers never reach here), the item not
 * returned to its customer (`commodityStatusInvalid`), the version current (`commodityStale`), the
 * destination another existing branch (a validation error on `branch_id`) and open
 * (`branchClosed`), its valuer working there (`transferValuerElsewhere`). A refusal changes nothing.
 */
export async function transfer(
  deps: ServiceDeps,
  viewer: repo.Viewer,
  lang: Lang,
  id: number,
  body: z.output<typeof transferSchema>,
): Promise<{ commodity: CommodityDetail | null }> {
  await deps.db.transaction(async (tx) => {
    const commodity = await repo.lockCommodity(tx, id, viewer);
    if (!commodity) throw new AppError('notFound');
    if (viewer.roleCode !== 'recorder' || viewer.isTmp || viewer.readOnly) {
      throw new AppError('commodityRoleNotAllowed');
    }
    if (commodity.status === S.returned) {
      const label = await repo.statusLabel(tx, commodity.status);
      throw new AppError('commodityStatusInvalid', {
        params: { status: label ? translate(label, lang) : commodity.status },
      });
    }
    if (body.version !== commodity.version) throw new AppError('commodityStale');
    const [to] = await tx.select().from(branches).where(eq(branches.id, body.branch_id)).limit(1);
    if (!to || to.id === commodity.branchId) throw invalidField('branch_id');
    if (to.closedAt) throw new AppError('branchClosed');
    if (!(await workAt(tx, await holdingValuers(tx, commodity), to.id))) {
      throw new AppError('transferValuerElsewhere');
    }
    const [from] = await tx.select().from(branches).where(eq(branches.id, commodity.branchId)).limit(1);
    const shop = await readShop(tx);
    const named = (branch: typeof to) => ({ id: branch.id, name: branchName(branch, shop, lang) });

    const change = {
      id: commodity.id,
      status: commodity.status,
      recorderId: commodity.recorderId,
      valuerIds: [commodity.valuerId],
    };
    // The live event carries the branch read when it is published: once with the branch it leaves
    // (those who see that one hear it go), once more below with the one it reaches.
    await publishCommodityChange(tx, change);
    await repo.updateCommodity(tx, commodity.id, { branchId: to.id });
    await repo.insertEvents(tx, [
      {
        commodityId: commodity.id,
        actorId: viewer.userId,
        action: 'transfer',
        fromStatus: commodity.status,
        toStatus: commodity.status,
        changes: {
          from_branch: from ? named(from) : { id: commodity.branchId, name: '' },
          to_branch: named(to),
          reason: body.reason,
        },
      },
    ]);
    await tx.insert(commodityTransfers).values({
      commodityId: commodity.id,
      fromBranchId: commodity.branchId,
      toBranchId: to.id,
      transferredBy: viewer.userId,
      reason: body.reason,
    });
    await publishCommodityChange(tx, change);
  });
  deps.signalHere('commodity');
  const stillSeen = viewer.branchIds === null || viewer.branchIds.includes(body.branch_id);
  return { commodity: stillSeen ? await detail(deps.db, id, viewer, lang) : null };
}
