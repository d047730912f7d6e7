import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { ERRORS } from '@jewel/contract/error-codes';
import { langFromHeader } from '@jewel/contract/i18n';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { ERROR_MESSAGES, translate } from '../../i18n/messages.ts';

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
 * A request not received in time answers 408 in our envelope, in the caller's language when
 * its headers arrived, unless an answer has begun; then the connection closes. Other client
 * errors keep the handler Fastify was given.
 */
function answerTimeouts(app: FastifyInstance) {
  const [fallback] = app.server.listeners('clientError') as ((error: Error, socket: Socket) => void)[];
  if (fallback) app.server.removeListener('clientError', fallback);
  app.server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    if (error.code !== 'ERR_HTTP_REQUEST_TIMEOUT') return fallback?.(error, socket);
    if (socket.destroyed) return;
    // Node's own pointer to the response in progress on this connection, if the headers arrived.
    const response = (socket as Socket & { _httpMessage?: ServerResponse })._httpMessage;
    if (socket.writable && !response?.headersSent) {
      const lang = langFromHeader(response?.req?.headers.lang as string | undefined);
      const { code, status } = ERRORS.requestTimeout;
      const body = JSON.stringify({ code, msg: translate(ERROR_MESSAGES.requestTimeout, lang), data: null });
      socket.write(
        `HTTP/1.1 ${status} Request Timeout\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    }
    app.log.debug({ err: error }, 'client too slow: connection closed');
    socket.destroy();
  });
}

/**
 * While the server closes, a request in flight on a keep-alive connection is answered with
 * `Connection: close`, and connections left idle by an answer are closed at once: Node's
 * `server.close()` only closes the connections idle at that moment, and shutdown waits for the others.
 */
function closeConnectionsWhenClosing(app: FastifyInstance) {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  app.addHook('onResponse', async () => {
    if (closing) app.server.closeIdleConnections();
  });
}

export function registerConnections(app: FastifyInstance) {
  answerTimeouts(app);
  closeConnectionsWhenClosing(app);
}
