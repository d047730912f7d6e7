import { hasZodFastifySchemaValidationErrors } from '@fastify/type-provider-zod';
import { ERRORS, type ErrorName } from '@jewel/contract/error-codes';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_MESSAGES, translate } from '../../i18n/messages.ts';
import { AppError } from '../../lib/app-error.ts';

/** Fastify's own refusals, mapped onto the contract's codes. */
const frameworkErrors: Record<string, ErrorName> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'payloadTooLarge',
  FST_REQ_FILE_TOO_LARGE: 'uploadTooLarge',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'validation',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'validation',
  FST_ERR_CTP_INVALID_JSON_BODY: 'validation',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'uploadMissingFile',
  FST_ERR_VALIDATION: 'validation',
};

function send(request: FastifyRequest, reply: FastifyReply, name: ErrorName, params = {}, data: unknown = null) {
  const { code, status } = ERRORS[name];
  return reply.status(status).send({ code, msg: translate(ERROR_MESSAGES[name], request.lang, params), data });
}

/** Every failure leaves as `{ code, msg, data }` in the caller's language; a 5xx never shows internals. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.options.headers) reply.headers(error.options.headers);
      return send(request, reply, error.errorName, error.options.params, error.options.data ?? null);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((issue) => ({
        field: issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || (error.validationContext ?? ''),
        message: issue.message,
      }));
      const field = issues[0]?.field ?? '';
      // A refinement may name a contract error as its message: that error answers, naming the field.
      const named = issues.find((issue) => (issue.message ?? '') in ERRORS);
      const data = { field, issues, in: error.validationContext };
      if (named) return send(request, reply, named.message as ErrorName, { field: named.field }, data);
      return send(request, reply, 'validation', { field }, data);
    }
    const mapped = error.code ? frameworkErrors[error.code] : undefined;
    if (mapped) return send(request, reply, mapped, { field: 'body', mb: 20 });
    if (error instanceof SyntaxError) return send(request, reply, 'validation', { field: 'body' });
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      request.log.info({ err: error }, 'client error');
      return send(request, reply, error.statusCode === 404 ? 'notFound' : 'validation', { field: 'body' });
    }
    request.log.error({ err: error }, 'request failed');
    return send(request, reply, 'internal');
  });
}

export function sendRouteNotFound(request: FastifyRequest, reply: FastifyReply) {
  return send(request, reply, 'routeNotFound');
}
