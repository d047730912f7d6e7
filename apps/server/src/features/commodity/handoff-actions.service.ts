import type { distributeSchema, reassessSchema } from '@jewel/contract/commodity';
import { FLOW_STATUS } from '@jewel/contract/values/commodity';
import { COMMODITY_STATUS } from '@jewel/contract/values/commodity-status';
import type { Lang } from '@jewel/contract/values/i18n';
import { STANDARD_WORKFLOW } from '@jewel/contract/values/workflows';
import type { z } from 'zod';
import { type NewNotification, notify } from '../../domain/notify.ts';
import type { ServiceDeps } from '../../domain/service-deps.ts';
import { AppError } from '../../lib/app-error.ts';
import { latestFlow } from './commodity.presenter.ts';
import * as repo from './commodity.repository.ts';
import { detailLink, distributedNotice } from './commodity.service.ts';
import { apply, diff, lockFor, requireValuer, run } from './commodity-action-frame.ts';
import { invalidField } from './commodity-checks.ts';

// Who appraises: distribution hands registered items to a valuer, re-assessment starts a new round
// with one.

const S = COMMODITY_STATUS;

export async function distribute(
  deps: ServiceDeps,
  viewer: repo.Viewer,
  lang: Lang,
  body: z.output<typeof distributeSchema>,
) {
  const ids = body.items.map((item) => item.id);
  if (new Set(ids).size !== ids.length) throw invalidField('items');
  // Each item's branch must be one the valuer works at: checked again per item below.
  const valuer = await requireValuer(deps.db, body.valuer_id, 'valuer_id', viewer.branchId);
  const workflow = await repo.findWorkflow(
    deps.db,
    body.workflow_id === null ? { code: STANDARD_WORKFLOW } : { id: body.workflow_id },
  );
  if (!workflow) throw invalidField('workflow_id');
  // In id order, so that two distributions of overlapping sets cannot deadlock.
  const items = [...body.items].sort((a, b) => a.id - b.id);
  await deps.db.transaction(async (tx) => {
    const done: { id: number; no: string }[] = [];
    for (const item of items) {
      const locked = await lockFor(tx, item.id, 'distribute', item.version, viewer, lang);
      const { commodity, flows } = locked;
      if (commodity.branchId !== viewer.branchId) await requireValuer(tx, valuer.id, 'valuer_id', commodity.branchId);
      const pending = latestFlow(flows, 'first');
      if (pending?.status === FLOW_STATUS.pending) await repo.updateFlow(tx, pending.id, { valuerId: valuer.id });
      else {
        await repo.insertFlow(tx, {
          commodityId: commodity.id,
          round: commodity.round,
          step: 'first',
          valuerId: valuer.id,
          status: FLOW_STATUS.pending,
        });
      }
      await apply(tx, 'distribute', locked, viewer, {
        to: S.pendingAppraisal,
        set: { valuerId: valuer.id, workflowId: workflow.id },
        changes: diff(
          { valuerId: commodity.valuerId, workflowId: commodity.workflowId },
          { valuerId: valuer.id, workflowId: workflow.id },
        ),
      });
      done.push({ id: commodity.id, no: commodity.no });
    }
    await notify(tx, [distributedNotice(valuer.id, await repo.userName(tx, viewer.userId), done)]);
  });
  deps.signalHere('commodity');
  return { count: items.length };
}

/**
 * A new round from 20. Choosing its valuer is distribution, a recorder's act: a valuer (the
 * comprehensive assessor) cannot name one and the round goes back to the last round's first
 * valuer. The commodity's recorder is told unless they did it themselves.
 */
export function reassess(
  deps: ServiceDeps,
  viewer: repo.Viewer,
  lang: Lang,
  id: number,
  body: z.output<typeof reassessSchema>,
) {
  return run(deps, viewer, lang, id, 'reassess', body.version, async (tx, { commodity, flows }) => {
    if (body.valuer_id !== null && viewer.roleCode !== 'recorder') throw new AppError('commodityRoleNotAllowed');
    const valuerId = body.valuer_id ?? latestFlow(flows, 'first')?.valuerId ?? commodity.valuerId;
    if (valuerId === null) throw invalidField('valuer_id');
    await requireValuer(tx, valuerId, 'valuer_id', commodity.branchId);
    const round = commodity.round + 1;
    await repo.insertFlow(tx, {
      commodityId: commodity.id,
      round,
      step: 'first',
      valuerId,
      status: FLOW_STATUS.pending,
    });
    const from = await repo.userName(tx, viewer.userId);
    const notifications: NewNotification[] = [distributedNotice(valuerId, from, [commodity])];
    if (commodity.recorderId !== viewer.userId) {
      notifications.push({
        userId: commodity.recorderId,
        type: 'reassessed',
        params: { from, number: commodity.no, round },
        link: detailLink(commodity.id),
      });
    }
    return {
      to: S.pendingAppraisal,
      set: { round, valuerId, resultFlowId: null, identifiedAt: null, modificationReason: null },
      changes: {
        revisit_type: body.revisit_type,
        reason: body.reason,
        round: [commodity.round, round],
        ...diff({ valuerId: commodity.valuerId }, { valuerId }),
      },
      notifications,
    };
  });
}
