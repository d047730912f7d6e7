import { commodityRoutes } from '@jewel/contract/commodity';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { registerRoute } from '../../lib/route.ts';
import { requireAuth } from '../../plugins/app/auth.ts';

/**
 * `GET /api/user/events`: server-sent events for the signed-in caller (the Bearer header, read
 * by the web app with fetch streaming). The first event is the unread count; then a new count
 * whenever the caller's notifications change, and every commodity change for lists and
 * dashboards to refresh (a guest: only of the commodities its list shows). Every heartbeat re-checks the session: a revoked one ends the stream (domain/live-hub.ts, the plugin `live`).
 */
async function routes(app: FastifyInstance) {
  registerRoute(app, commodityRoutes.userEvents, async (_input, request, reply) => {
    const { userId, sessionId, roleCode, isTmp, branchIds } = requireAuth(request);
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      // nginx and its kin would otherwise buffer the stream.
      'x-accel-buffering': 'no',
    });
    res.flushHeaders();
    request.raw.socket.setNoDelay(true);
    request.raw.socket.setKeepAlive(true);
    // Exempt from the idle timeout (IDLE_TIMEOUT, which may be shorter than the heartbeat): the
    // stream is quiet between events by design; a vanished client's heartbeat write fails instead.
    request.raw.socket.setTimeout(0);
    await app.live.open(res, { userId, sessionId, guest: isTmp ? roleCode : null, branchIds });
    return reply;
  });
}

export const liveFeature = fp(routes, { name: 'live-routes', dependencies: ['auth', 'live'], encapsulate: true });
