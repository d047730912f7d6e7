import { branchRoutes } from '@jewel/contract/branches';
import { transferRoutes } from '@jewel/contract/transfer';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { serviceDeps } from '../../domain/service-deps.ts';
import { userInfo } from '../../domain/user-info.ts';
import { registerRoute } from '../../lib/route.ts';
import { requireAuth } from '../../plugins/app/auth.ts';
import { changeBranch, createBranch, listBranches, setBranchState, setStaffBranches } from './branch.service.ts';
import { listTransfers, openBranches } from './transfer-list.ts';
import { setWorkingBranch } from './working-branch.ts';

/** A chain's branches (issue 32, docs/adr/0105): its managers keep them; each member works at one at a time. */
async function routes(app: FastifyInstance) {
  const deps = serviceDeps(app);

  registerRoute(app, branchRoutes.branches, (_input, request) =>
    listBranches(app.db, app.config, requireAuth(request), request.lang),
  );

  registerRoute(app, branchRoutes.branchCreate, async ({ body }, request) => {
    const manager = requireAuth(request);
    const created = await createBranch(app.db, app.config, manager, body, request.lang);
    // Sessions that saw every branch because there was one no longer do: every instance reads them again.
    app.live.signalHere('sessions');
    request.log.info({ by: manager.userId, branch: created.id }, 'branch opened');
    return created;
  });

  registerRoute(app, branchRoutes.branchChange, async ({ params, body }, request) => {
    const manager = requireAuth(request);
    const changed = await changeBranch(app.db, app.config, manager, params.id, body, request.lang);
    request.log.info({ by: manager.userId, branch: params.id }, "branch's details changed");
    return changed;
  });

  registerRoute(app, branchRoutes.branchState, async ({ params, body }, request) => {
    const manager = requireAuth(request);
    const changed = await setBranchState(deps, manager, params.id, body.open, request.lang);
    request.log.info({ by: manager.userId, branch: params.id, open: body.open }, 'branch opened or closed');
    return changed;
  });

  registerRoute(app, branchRoutes.staffBranches, async ({ params, body }, request) => {
    const manager = requireAuth(request);
    const changed = await setStaffBranches(deps, manager, params.id, body.branch_ids);
    request.log.info({ by: manager.userId, member: params.id }, "member's branches changed");
    return changed;
  });

  registerRoute(app, branchRoutes.userWorkingBranch, async ({ body }, request) => {
    const { userId, sessionId } = requireAuth(request);
    await setWorkingBranch(deps, userId, sessionId, body.branch_id);
    return userInfo(app.db, app.config, userId, sessionId, request.lang);
  });

  // Transfers (docs/adr/0105 "Transfers"): both branches' records, and where an item may go. The
  // transfer itself is an item's action (features/commodity/transfer.service.ts).
  registerRoute(app, transferRoutes.transfers, ({ query }, request) =>
    listTransfers(app.db, requireAuth(request), request.lang, query),
  );

  registerRoute(app, transferRoutes.branchesOpen, (_input, request) => openBranches(app.db, request.lang));
}

export const branchFeature = fp(routes, { name: 'branch-routes', dependencies: ['auth'], encapsulate: true });
