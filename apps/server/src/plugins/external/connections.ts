import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/app-error.ts';

/**
 * Fastify's options bounding how long a client may hold a connection without finishing its
 * request (Fastify switches Node's limits off by default): the headers, the whole request, and
 * silence in the middle of one. Idle keep-alive connections close after Fastify's 72 s.
 */
export function connectionOptions(config: Config) {
  return {
    requestTimeout: config.requestTimeout * 1000,
    connectionTimeout: config.idleTimeout * 1000,
    http: {
      headersTimeout: config.headersTimeout * 1000,
      // How often Node looks for requests past their time (its default is 30 s).
      connectionsCheckingInterval: 1000,
    },
  };
}

/** How many connections the server holds, listening or not. */
const openConnections = (server: FastifyInstance['server']) =>
  new Promise<number>((resolve) => server.getConnections((error, count) => resolve(error ? 0 : count)));

/**
 * An instance stops in two steps (server.ts, on SIGTERM or SIGINT).
 *
 * 1. `app.drain(ms)`: the listener closes, so a new connection is refused, which nginx tries on
 *    another instance at once (nothing was sent yet) and, after three, leaves this one out. The
 *    requests that still come on connections already open (nginx's kept-alive ones) are answered
 *    as usual, with `Connection: close`, and /api/ready answers 503. It ends when no connection is
 *    left or after `ms`. Refusing those requests instead would hand a POST's 503 to its caller:
 *    nginx never sends a POST to another instance once one has received it.
 * 2. `app.close()`: a request that still arrives is refused with 503 `notReady`, Retry-After and
 *    `Connection: close` (in our envelope, unlike Fastify's `return503OnClosing`), the requests in
 *    flight are answered with `Connection: close`, and connections left idle by an answer are closed
 *    at once: Node's `server.close()` only closes the connections idle at that moment, and
 *    shutdown waits for the others.
 */
function stopInTwoSteps(app: FastifyInstance) {
  let step: 'open' | 'draining' | 'closing' = 'open';
  app.decorate('stopping', {
    getter: () => step !== 'open',
  });
  app.decorate('drain', async (ms: number) => {
    step = 'draining';
    // net.Server's close, not http.Server's, which would also close the idle kept-alive
    // connections at once, while nginx may be sending a request on one of them.
    net.Server.prototype.close.call(app.server);
    const until = Date.now() + ms;
    while (Date.now() < until && (await openConnections(app.server)) > 0) await sleep(50);
  });
  app.addHook('preClose', async () => {
    step = 'closing';
  });
  app.addHook('onRequest', async () => {
    if (step === 'closing') throw new AppError('notReady');
  });
  app.addHook('onSend', async (_request, reply) => {
    if (step !== 'open') reply.header('connection', 'close');
  });
  app.addHook('onResponse', async () => {
    if (step === 'closing') app.server.closeIdleConnections();
  });
}

export default fp(
  async (app) => {
    stopInTwoSteps(app);
  },
  { name: 'connections' },
);
