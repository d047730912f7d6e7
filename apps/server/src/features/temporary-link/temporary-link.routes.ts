import { GUEST_LINK_MARKER } from '@jewel/contract/roles';
import { type TemporaryLink, type TemporaryLinkState, temporaryLinkRoutes } from '@jewel/contract/temporary';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../../lib/app-error.ts';
import { registerRoute } from '../../lib/route.ts';
import { requireAuth } from '../../plugins/app/auth.ts';
import * as repo from './temporary-link.repository.ts';

function stateOf(link: repo.TemporaryLinkRow, now: Date): TemporaryLinkState {
  if (link.revokedAt) return 'revoked';
  return link.expiresAt <= now ? 'expired' : 'active';
}

function present(link: repo.TemporaryLinkRow, guests: repo.GuestRow[], now = new Date()): TemporaryLink {
  return {
    uuid: link.id,
    role: link.roleCode,
    path: `/t_${GUEST_LINK_MARKER[link.roleCode]}${link.id}`,
    state: stateOf(link, now),
    uses: link.uses,
    guests: guests
      .filter((guest) => guest.linkId === link.id)
      .map((guest) => ({ id: guest.id, name: guest.name, created_at: guest.createdAt.toISOString() })),
    created_at: link.createdAt.toISOString(),
    expires_at: link.expiresAt.toISOString(),
    revoked_at: link.revokedAt?.toISOString() ?? null,
  };
}

/** The record of a user's guest links (PRODUCT.md "Temporary links"); creating one is `/api/auth/tmp`. */
async function routes(app: FastifyInstance) {
  registerRoute(app, temporaryLinkRoutes.temporaryLinks, async ({ query }, request) => {
    const { rows, total } = await repo.listLinks(app.db, requireAuth(request).userId, query.page, query.page_size);
    const guests = await repo.guestsOf(
      app.db,
      rows.map((link) => link.id),
    );
    return {
      items: rows.map((link) => present(link, guests)),
      total,
      page: query.page,
      page_size: query.page_size,
    };
  });

  registerRoute(app, temporaryLinkRoutes.temporaryLinkRevoke, async ({ params }, request) => {
    const link = await repo.revokeLink(app.db, requireAuth(request).userId, params.uuid);
    app.live.signalHere('sessions');
    if (!link) throw new AppError('notFound');
    return present(link, await repo.guestsOf(app.db, [link.id]));
  });
}

export const temporaryLinkFeature = fp(routes, {
  name: 'temporary-link-routes',
  dependencies: ['auth', 'database', 'live'],
  encapsulate: true,
});
