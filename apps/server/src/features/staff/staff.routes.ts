import { staffRoutes } from '@jewel/contract/staff';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerRoute } from '../../lib/route.ts';
import { requireAuth } from '../../plugins/app/auth.ts';
import {
  changeStaff,
  inviteStaff,
  listStaff,
  removeStaffPasskey,
  resetStaffPassword,
  setStaffEmail,
  staffSignIn,
  unbindStaffProvider,
} from './staff.service.ts';

/** The shop's staff, for its managers (issue 28 item 3). Logs name who did what, never a password. */
async function routes(app: FastifyInstance) {
  registerRoute(app, staffRoutes.staffList, async () => ({ items: await listStaff(app.db) }));

  registerRoute(app, staffRoutes.staffInvite, async ({ body }, request) => {
    const manager = requireAuth(request);
    const by = manager.userId;
    const invited = await inviteStaff(app.db, manager, body);
    request.log.info({ by, member: invited.member.id }, 'staff member added');
    return invited;
  });

  registerRoute(app, staffRoutes.staffChange, async ({ params, body }, request) => {
    const by = requireAuth(request).userId;
    const changed = await changeStaff(app.db, by, params.id, body);
    // This instance forgets the ended sessions now; the others when the database's signal comes.
    app.live.signalHere('sessions');
    request.log.info({ by, member: params.id, change: Object.keys(body)[0] }, 'staff member changed');
    return changed;
  });

  registerRoute(app, staffRoutes.staffResetPassword, async ({ params }, request) => {
    const by = requireAuth(request).userId;
    const reset = await resetStaffPassword(app.db, by, params.id);
    app.live.signalHere('sessions');
    request.log.info({ by, member: params.id }, 'staff password reset');
    return reset;
  });

  registerRoute(app, staffRoutes.staffSignIn, ({ params }, request) => staffSignIn(app, request.lang, params.id));

  registerRoute(app, staffRoutes.staffEmail, async ({ params, body }, request) => {
    const by = requireAuth(request).userId;
    const answer = await setStaffEmail(app, request.lang, by, params.id, body.email);
    request.log.info({ by, member: params.id }, 'staff e-mail set');
    return answer;
  });

  registerRoute(app, staffRoutes.staffBindingRemove, async ({ params }, request) => {
    const by = requireAuth(request).userId;
    const answer = await unbindStaffProvider(app, request.lang, by, params.id, params.provider);
    request.log.info({ by, member: params.id, provider: params.provider }, 'staff provider unbound');
    return answer;
  });

  registerRoute(app, staffRoutes.staffPasskeyRemove, async ({ params }, request) => {
    const by = requireAuth(request).userId;
    const answer = await removeStaffPasskey(app, request.lang, by, params.id, params.passkeyId);
    request.log.info({ by, member: params.id, passkey: params.passkeyId }, 'staff passkey removed');
    return answer;
  });
}

export const staffFeature = fp(routes, { name: 'staff-routes', dependencies: ['auth'], encapsulate: true });
