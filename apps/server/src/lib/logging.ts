import { PERSONAL_FIELDS } from '@jewel/contract/values/personal-data';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import type { FastifyRequest } from 'fastify';
import pino, { type DestinationStream, type Logger, type LoggerOptions } from 'pino';

/*
 * Nothing personal reaches a log (docs/decisions.md "Logs without personal data"): a request is
 * logged by its route pattern, never its query string; an error by its class, codes and stack
 * frames, never its message or the values it carries; and any key of the contract's
 * PERSONAL_FIELDS, or a key that carries a request's or a query's values, is censored wherever
 * it appears in a logged object.
 */

/** Keys whose value is a request's or a statement's input, whatever the fields inside. */
const VALUE_CARRIERS = [
  'body',
  'query',
  'querystring',
  'params',
  'parameters',
  'payload',
  'detail',
  'hint',
  'where',
  'internalQuery',
];
/** Headers with a credential or an address (the client's address is logged once, resolved: `req.remoteAddress`). */
const SECRET_HEADERS = ['authorization', 'cookie', 'set-cookie', 'x-forwarded-for', 'forwarded', 'x-real-ip'];
export const CENSORED_KEYS: readonly string[] = [...PERSONAL_FIELDS, ...VALUE_CARRIERS, ...SECRET_HEADERS];
const censoredKeys = new Set(CENSORED_KEYS);
/** Keys written by a serializer below, which keeps only what it names. */
const SERIALIZED_KEYS = new Set(['req', 'res', 'err', 'error']);
/** How deep a censored key is found: `{ busboyOptions: { headers: { authorization } } }` is 2. Deeper is not written. */
const CENSOR_DEPTH = 6;
export const CENSORED = '[redacted]';

/**
 * A line's fields with every censored key's value replaced, at
 * any depth; copied only where something changes. The serialized keys are left to their
 * serializers, which keep only what they name. pino's `redact` wildcards (`*.mobile`,
 * `*.*.mobile`) did the same at 60 to 190 µs more per request for this many keys; here a
 * request's own lines have nothing to walk.
 */
function censored(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return value;
  if (depth > CENSOR_DEPTH) return '[too deep]';
  if (Array.isArray(value)) {
    const items = value.map((item) => censored(item, depth + 1));
    return items.some((item, index) => item !== value[index]) ? items : value;
  }
  let copy: Record<string, unknown> | undefined;
  for (const [key, inner] of Object.entries(value)) {
    if (depth === 0 && SERIALIZED_KEYS.has(key)) continue;
    const next = censoredKeys.has(key) ? CENSORED : censored(inner, depth + 1);
    if (next !== inner) {
      copy ??= { ...value };
      copy[key] = next;
    }
  }
  return copy ?? value;
}

const censorFields = (fields: Record<string, unknown>) => censored(fields) as Record<string, unknown>;

/** The request id is bound by Fastify on every line; a request adds what was asked, not with what. */
function requestSerializer(request: FastifyRequest) {
  return {
    method: request.method,
    // The pattern (`/api/commodities/:id`): paths carry ids and capability names (`/api/files/:name`).
    url: request.routeOptions?.url ?? '(no route)',
    // Kept on purpose, to investigate abuse: see the decision.
    remoteAddress: request.ip ?? request.socket?.remoteAddress,
  };
}

/** Properties of a database error that name the failing part of the schema, never a value. */
const DATABASE_ERROR_NAMES = ['severity', 'schema', 'table', 'column', 'dataType', 'constraint', 'routine'] as const;

/**
 * An error by what it is and where it happened: its class, its codes (SQLSTATE, Fastify's,
 * ours) and its stack frames. Never its message, which may quote values ("Key (mobile)=(…)",
 * Drizzle's "params: …", a trigger's text), nor its other properties (`detail`, `where`, `params`).
 */
export function describeError(error: unknown, depth = 0): Record<string, unknown> {
  if (error === null || typeof error !== 'object') return { type: typeof error };
  const fields = error as Record<string, unknown>;
  const described: Record<string, unknown> = { type: error.constructor?.name ?? 'Object' };
  if (typeof fields.code === 'string' || typeof fields.code === 'number') described.code = fields.code;
  if (typeof fields.statusCode === 'number') described.statusCode = fields.statusCode;
  for (const name of DATABASE_ERROR_NAMES) if (typeof fields[name] === 'string') described[name] = fields[name];
  // The statement with its placeholders ($1); the parameters stay out.
  if (error instanceof DrizzleQueryError) described.statement = error.query;
  if (typeof fields.stack === 'string') {
    described.stack = fields.stack
      .split('\n')
      .filter((line) => /^\s+at /.test(line))
      .join('\n');
  }
  if (depth < 3) {
    if (fields.cause !== undefined) described.cause = describeError(fields.cause, depth + 1);
    if (Array.isArray(fields.errors)) described.errors = fields.errors.map((inner) => describeError(inner, depth + 1));
  }
  return described;
}

/** A message names no values either: a URL in it loses its query string (Fastify's own texts quote `request.url`). */
function scrubbed(text: unknown) {
  return typeof text === 'string' ? text.replace(/(\/[^\s?]*)\?\S+/g, '$1?[redacted]') : text;
}

function errorMessage(error: unknown) {
  const { type, code } = describeError(error);
  return code === undefined ? String(type) : `${type} ${code}`;
}

/** The logger's options: the server's (Fastify adds its stream) and the CLI's. */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    serializers: { req: requestSerializer, err: describeError, error: describeError },
    formatters: { log: censorFields },
    // A child logger's bindings skip the formatters: pino's own redaction takes their keys (and a line's) at the top.
    redact: { paths: CENSORED_KEYS.map((key) => (/^\w+$/.test(key) ? key : `["${key}"]`)), censor: CENSORED },
    hooks: {
      // pino writes an error's message as the line's text when none is given: give one without values.
      logMethod(args, method) {
        const [given, ...rest] = args as unknown[];
        const first = given instanceof Error ? { err: given } : given;
        if (first === null || typeof first !== 'object') return method.apply(this, args.map(scrubbed) as never);
        const { err } = first as { err?: unknown };
        const text = rest.length > 0 ? rest.map(scrubbed) : err === undefined ? [] : [errorMessage(err)];
        return method.apply(this, [first, ...text] as never);
      },
    },
  };
}

/** A logger outside the server (the operator CLI), with the same rules. */
export function createLogger(level: string, destination: DestinationStream): Logger {
  return pino(loggerOptions(level), destination);
}
