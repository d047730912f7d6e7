import type { CommodityDetail } from '@jewel/contract/commodity';
import {
  COMMODITY_STATUS,
  type CommodityAction,
  type CommodityRefusal,
  type CommodityStatus,
  refusalOf,
} from '@jewel/contract/values/commodity-status';
import type { Lang } from '@jewel/contract/values/i18n';
import type { Db } from '../../db/client.ts';
import { publishCommodityChange } from '../../domain/live-events.ts';
import { type NewNotification, notify } from '../../domain/notify.ts';
import type { ServiceDeps } from '../../domain/service-deps.ts';
import { translate } from '../../i18n/messages.ts';
import { AppError } from '../../lib/app-error.ts';
import { actionContext, latestFlow } from './commodity.presenter.ts';
import * as repo from './commodity.repository.ts';
import { detail } from './commodity.service.ts';
import { invalidField } from './commodity-checks.ts';

// The frame every commodity action runs in (appraisal-, handoff- and record-actions.service.ts):
// lock the row, check it against the status machine and the version, let the action decide its
// change, then write the change, its history event and notices, and publish it.

const S = COMMODITY_STATUS;

export interface Locked {
  commodity: repo.CommodityRow;
  /** The current round's flows, oldest first. */
  flows: repo.FlowRow[];
}

/** What an action does to the locked commodity; the frame writes it, the event and the notices. */
export interface Change {
  to: CommodityStatus;
  set?: Partial<repo.NewCommodity>;
  /** Changed fields `{ field: [old, new] }` or the action's details. */
  changes: Record<string, unknown>;
  notifications?: NewNotification[];
}

async function refusal(
  db: Db,
  name: CommodityRefusal,
  action: CommodityAction,
  { commodity, flows }: Locked,
  viewer: repo.Viewer,
  lang: Lang,
): Promise<AppError> {
  const reconsidering = latestFlow(flows, 'reconsideration');
  // Lost the race for a reconsideration: say who took it rather than that the status moved.
  const lostRace =
    action === 'startReconsideration' &&
    commodity.status === S.inReconsideration &&
    viewer.roleCode === 'valuers' &&
    reconsidering?.valuerId !== viewer.userId;
  if (name === 'commodityTaken' || lostRace) {
    return new AppError('commodityTaken', { params: { name: await repo.userName(db, reconsidering?.valuerId ?? 0) } });
  }
  if (name === 'commodityStatusInvalid') {
    const label = await repo.statusLabel(db, commodity.status);
    return new AppError(name, { params: { status: label ? translate(label, lang) : commodity.status } });
  }
  return new AppError(name);
}

/**
 * Locks the row, then checks in this order: visible to the caller, allowed by the status
 * machine, sent with the current version. A refusal changes nothing.
 */
export async function lockFor(
  tx: Db,
  id: number,
  action: CommodityAction,
  version: number,
  viewer: repo.Viewer,
  lang: Lang,
): Promise<Locked> {
  const commodity = await repo.lockCommodity(tx, id, viewer);
  if (!commodity) throw new AppError('notFound');
  const locked = { commodity, flows: await repo.roundFlows(tx, id, commodity.round) };
  const refused = refusalOf(action, actionContext(commodity, locked.flows, viewer));
  if (refused) throw await refusal(tx, refused, action, locked, viewer, lang);
  if (version !== commodity.version) throw new AppError('commodityStale');
  return locked;
}

export async function apply(
  tx: Db,
  action: CommodityAction,
  { commodity }: Locked,
  viewer: repo.Viewer,
  change: Change,
) {
  await repo.updateCommodity(tx, commodity.id, { ...change.set, status: change.to });
  await repo.insertEvents(tx, [
    {
      commodityId: commodity.id,
      actorId: viewer.userId,
      action,
      fromStatus: commodity.status,
      toStatus: change.to,
      changes: change.changes,
    },
  ]);
  await notify(tx, change.notifications ?? []);
  await publishCommodityChange(tx, {
    id: commodity.id,
    status: change.to,
    recorderId: commodity.recorderId,
    valuerIds: [commodity.valuerId, change.set?.valuerId],
  });
}

/** One action on one commodity, in one transaction; answers the fresh detail. */
export async function run(
  deps: ServiceDeps,
  viewer: repo.Viewer,
  lang: Lang,
  id: number,
  action: CommodityAction,
  version: number,
  decide: (tx: Db, locked: Locked) => Promise<Change>,
): Promise<CommodityDetail> {
  await deps.db.transaction(async (tx) => {
    const locked = await lockFor(tx, id, action, version, viewer, lang);
    await apply(tx, action, locked, viewer, await decide(tx, locked));
  });
  deps.signalHere('commodity');
  return detail(deps.db, id, viewer, lang);
}

/** `{ field: [old, new] }` for the columns whose value changes, named as the API names them. */
export function diff(before: Record<string, unknown>, after: Record<string, unknown>) {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const [key, value] of Object.entries(after)) {
    if (JSON.stringify(before[key]) !== JSON.stringify(value)) {
      changes[key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)] = [before[key] ?? null, value];
    }
  }
  return changes;
}

/** The enabled valuer with this id who works at the item's branch, or the field refused. */
export async function requireValuer(db: Db, id: number, field: string, branchId: number) {
  const valuer = await repo.findEnabledValuer(db, id, branchId);
  if (!valuer) throw invalidField(field);
  return valuer;
}
