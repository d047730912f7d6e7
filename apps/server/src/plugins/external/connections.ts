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

/**
 * While the server closes, a new request is refused with 503 `notReady` and Retry-After (in our
 * envelope, unlike Fastify's `return503OnClosing`), a request in flight on a keep-alive connection is answered with
 * `Connection: close`, and connections left idle by an answer are closed at once: Node's
 * `server.close()` only closes the connections idle at that moment, and shutdown waits for the others.
 */
function closeConnectionsWhenClosing(app: FastifyInstance) {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async () => {
    if (closing) throw new AppError('notReady');
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  app.addHook('onResponse', async () => {
    if (closing) app.server.closeIdleConnections();
  });
}

export default fp(
  async (app) => {
    closeConnectionsWhenClosing(app);
  },
  { name: 'connections' },
);
