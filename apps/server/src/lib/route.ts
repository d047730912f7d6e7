import { createHash } from 'node:crypto';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { envelope } from '@jewel/contract/envelope';
import type { RouteDef } from '@jewel/contract/route';
import type { Lang } from '@jewel/contract/values/i18n';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { TEXTS, translate } from '../i18n/messages.ts';

type Infer<T> = T extends z.ZodType ? z.output<T> : undefined;

export interface RouteInput<R extends RouteDef> {
  params: Infer<R['params']>;
  query: Infer<R['query']>;
  body: Infer<R['body']>;
}

export type RouteHandler<R extends RouteDef> = (
  input: RouteInput<R>,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<R['data'] extends z.ZodType ? z.input<R['data']> | FastifyReply : FastifyReply>;

/** Replies a handler sent itself through `sendPrepared`. */
const answeredItself = new WeakSet<FastifyReply>();

/**
 * Registers one contract route: its schemas validate the input and the reply, its access
 * decides the guard, and the handler's result is wrapped in the `{ code, msg, data }` envelope.
 */
export function registerRoute<R extends RouteDef>(app: FastifyInstance, route: R, handler: RouteHandler<R>) {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: route.method,
    url: route.path,
    schema: {
      summary: route.summary,
      tags: [route.tag],
      ...(route.access === 'public' ? {} : { security: [{ bearer: [] }] }),
      ...(route.params ? { params: route.params } : {}),
      ...(route.query ? { querystring: route.query } : {}),
      ...(route.body ? { body: route.body } : {}),
      ...(route.multipart ? { consumes: ['multipart/form-data'] } : {}),
      ...(route.data ? { response: { 200: envelope(route.data) } } : {}),
    },
    // Who is calling is settled before the input is read: a caller without access learns nothing about it.
    onRequest: app.accessGuard(route),
    handler: async (request, reply) => {
      // An answer of the API is about this caller at this moment; a route may say otherwise (stored photos).
      reply.header('cache-control', 'no-store');
      const input = { params: request.params, query: request.query, body: request.body } as RouteInput<R>;
      const result = await handler(input, request, reply);
      // A handler that sent its answer itself (`sendPrepared`) returned its reply, which resolves
      // once the answer is out: nothing is left to send.
      if (answeredItself.has(reply)) return undefined;
      if (!route.data) return result;
      return { code: 0, msg: translate(TEXTS.ok, request.lang), data: result };
    },
  });
}

/**
 * Sends a file to be saved (an export, a certificate, a sheet of tags): private to this caller,
 * never cached, under an ASCII name.
 */
export function sendDownload(reply: FastifyReply, file: { body: Buffer; fileName: string }, contentType: string) {
  return reply
    .headers({
      'content-type': contentType,
      'content-length': String(file.body.length),
      'content-disposition': `attachment; filename="${file.fileName}"`,
      'cache-control': 'private, no-store',
    })
    .send(file.body);
}

/** A route's answer written once, to be sent many times: its body and a strong ETag of that body. */
export interface PreparedAnswer {
  body: string;
  etag: string;
}

/**
 * Writes a route's answer as `registerRoute` would (envelope, the route's serializer) and tags
 * it with a strong ETag from its bytes: the same content always has the same tag, on every
 * instance, and any change of content gives a new one.
 */
export function prepareAnswer(reply: FastifyReply, lang: Lang, data: unknown): PreparedAnswer {
  // The route's JSON serializer always writes a string.
  const body = reply.serialize({ code: 0, msg: translate(TEXTS.ok, lang), data }) as string;
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 32)}"` };
}

/** Whether an `If-None-Match` header names this ETag (compared weakly, as RFC 9110 says for this header). */
function matches(ifNoneMatch: string | undefined, etag: string) {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || (trimmed.startsWith('W/') ? trimmed.slice(2) : trimmed) === etag;
  });
}

/**
 * Sends a prepared answer: 304 without a body when the caller holds it already. It may be kept
 * by the caller's browser, which asks again each time (`no-cache`) with the tag it has.
 */
export function sendPrepared(request: FastifyRequest, reply: FastifyReply, answer: PreparedAnswer) {
  answeredItself.add(reply);
  reply.header('etag', answer.etag).header('cache-control', 'private, no-cache');
  if (matches(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(answer.body);
}
