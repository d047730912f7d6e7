import { type ServerResponse, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { hasZodFastifySchemaValidationErrors } from '@fastify/type-provider-zod';
import { ERRORS, type ErrorName } from '@jewel/contract/values/error-codes';
import { FALLBACK_LANG, langFromHeader } from '@jewel/contract/values/i18n';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaValidationError,
} from 'fastify';
import fp from 'fastify-plugin';
import { isDatabaseUnavailable } from '../../db/unavailable.ts';
import { ERROR_MESSAGES, translate } from '../../i18n/messages.ts';
import { AppError } from '../../lib/app-error.ts';
import { StorageUnavailableError } from '../../lib/storage-unavailable.ts';

/** Fastify's own refusals, mapped onto the contract's codes. */
const frameworkErrors = new Map<string, ErrorName>([
  ['FST_ERR_CTP_BODY_TOO_LARGE', 'payloadTooLarge'],
  ['FST_REQ_FILE_TOO_LARGE', 'uploadTooLarge'],
  ['FST_ERR_CTP_INVALID_MEDIA_TYPE', 'validation'],
  ['FST_ERR_CTP_EMPTY_JSON_BODY', 'validation'],
  ['FST_ERR_CTP_INVALID_JSON_BODY', 'validation'],
  ['FST_INVALID_MULTIPART_CONTENT_TYPE', 'uploadMissingFile'],
  ['FST_ERR_VALIDATION', 'validation'],
]);

/** Seconds a caller waits before trying again while the database or the object store cannot be reached. */
const RETRY_AFTER_SECONDS = 5;

function envelope(name: ErrorName, lang: FastifyRequest['lang'], params = {}, data: unknown = null) {
  return { code: ERRORS[name].code, msg: translate(ERROR_MESSAGES[name], lang, params), data };
}

function send(request: FastifyRequest, reply: FastifyReply, name: ErrorName, params = {}, data: unknown = null) {
  reply.header('cache-control', 'no-store');
  if ((name === 'notReady' || name === 'storageUnavailable') && !reply.hasHeader('retry-after'))
    reply.header('retry-after', String(RETRY_AFTER_SECONDS));
  return reply.status(ERRORS[name].status).send(envelope(name, request.lang, params, data));
}

interface InputIssue {
  field: string;
  message: string;
}

/**
 * The issues of a failed validation, each naming its field. A union that failed reports the
 * issues of the option the input was meant for (the one without unknown keys), so that
 * `{ name: '…' }` names `name` rather than the whole body.
 */
function inputIssues(validation: FastifySchemaValidationError[], context: string): InputIssue[] {
  return validation.flatMap((issue) => {
    const base = issue.instancePath.replace(/^\//, '').split('/').filter(Boolean);
    const options = issue.keyword === 'invalid_union' ? (issue.params as { errors?: unknown }).errors : undefined;
    const meant = Array.isArray(options)
      ? (options as { path: PropertyKey[]; code: string; message: string }[][]).filter(
          (option) => !option.some((inner) => inner.code === 'unrecognized_keys'),
        )
      : [];
    const chosen = meant.length === 1 ? meant[0] : undefined;
    const found = chosen
      ? chosen.map((inner) => ({ path: [...base, ...inner.path.map(String)], message: inner.message }))
      : [{ path: base, message: issue.message ?? '' }];
    return found.map(({ path, message }) => ({ field: path.join('.') || context, message }));
  });
}

/** Every failure leaves as `{ code, msg, data }` in the caller's language; a 5xx never shows internals. */
async function errorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.options.headers) reply.headers(error.options.headers);
      return send(request, reply, error.errorName, error.options.params, error.options.data ?? null);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = inputIssues(error.validation, error.validationContext ?? '');
      const field = issues[0]?.field ?? '';
      // A refinement may name a contract error as its message: that error answers, naming the field.
      const named = issues.find((issue) => Object.hasOwn(ERRORS, issue.message));
      const data = { field, issues, in: error.validationContext };
      if (named) return send(request, reply, named.message as ErrorName, { field: named.field }, data);
      return send(request, reply, 'validation', { field }, data);
    }
    const mapped = error.code ? frameworkErrors.get(error.code) : undefined;
    if (mapped) return send(request, reply, mapped, { field: 'body', mb: 20 });
    if (error instanceof SyntaxError) return send(request, reply, 'validation', { field: 'body' });
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'client error');
      return send(request, reply, error.statusCode === 404 ? 'notFound' : 'validation', { field: 'body' });
    }
    // Before the database's test: a refused connection to the store has the same socket codes.
    if (error instanceof StorageUnavailableError) {
      request.log.warn({ err: error, operation: error.operation }, 'object storage unavailable');
      return send(request, reply, 'storageUnavailable');
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return send(request, reply, 'notReady');
    }
    request.log.error({ err: error }, 'request failed');
    return send(request, reply, 'internal');
  });
}

// The caller's language is read by the request-headers plugin.
export default fp(errorHandling, { name: 'errors', dependencies: ['request-headers'] });

export function sendRouteNotFound(request: FastifyRequest, reply: FastifyReply) {
  return send(request, reply, 'routeNotFound');
}

/**
 * Fastify's `frameworkErrors`: refusals made while routing, before any hook (a path parameter
 * longer than `maxParamLength`, a badly encoded path). The headers are read here already.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  request.lang = langFromHeader(request.headers.lang);
  // No hook runs for these: the metrics count them here, as `unmatched`.
  if (request.server.hasDecorator('metrics')) request.server.metrics.countUnrouted(request, reply);
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') return send(request, reply, 'uriTooLong');
  if (error.code === 'FST_ERR_BAD_URL') return send(request, reply, 'validation', { field: 'url' }, { field: 'url' });
  request.log.error({ err: error }, 'request failed');
  return send(request, reply, 'internal');
}

/**
 * Fastify's `clientErrorHandler`: Node refused the request before Fastify answered it (headers
 * too large, a malformed request, a request that took too long to arrive). The answer is in the
 * caller's language when its headers arrived, else in the fallback language; when an answer
 * has already begun, the connection just closes.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  // Node's own pointer to the response in progress on this connection, if the headers arrived.
  const response = (socket as Socket & { _httpMessage?: ServerResponse })._httpMessage;
  if (!socket.writable || response?.headersSent) {
    socket.destroy();
    return;
  }
  const name: ErrorName =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? 'headersTooLarge'
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 'requestTimeout'
        : 'validation';
  const lang = response?.req ? langFromHeader(response.req.headers.lang as string | undefined) : FALLBACK_LANG;
  const body = JSON.stringify(envelope(name, lang, { field: 'request' }));
  const { status } = ERRORS[name];
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    // A client still sending (a trickling body) would otherwise keep the half-closed connection.
    () => socket.destroy(),
  );
}
