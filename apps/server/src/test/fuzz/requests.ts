/**
 * From a contract route to an arbitrary of requests: values shaped by the route's zod schemas
 * (through `z.toJSONSchema`), the same values mutated, and hostile ones, in the path, the query,
 * the body and the headers, sent by one of the fuzzer's callers.
 */
import type { RouteDef } from '@jewel/contract/route';
import fc from 'fast-check';
import { z } from 'zod';
import {
  deepValue,
  encodeAny,
  hostileHeaderValue,
  hostileKey,
  hostileNumber,
  hostileString,
  hostileValue,
  JSON_CONTENT_TYPES,
  malformedJson,
  multipartBody,
  PROTO_KEYS,
  protoObject,
  Raw,
  setOwn,
  toJson,
  WRONG_CONTENT_TYPES,
} from './hostile.ts';

export const CALLERS = ['anonymous', 'recorder', 'valuer', 'guestRecorder', 'guestValuer'] as const;
export type CallerName = (typeof CALLERS)[number];

/** One request, as sent (the caller's token is added when it is sent, unless `authorization` is set). */
export interface FuzzCase {
  caller: CallerName;
  method: RouteDef['method'] | 'OPTIONS';
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** What the generator did, for the report. */
  note: string;
}

/** Values that exist in the fuzzed database, so that shaped requests reach past "not found". */
export interface Pools {
  ids: number[];
  uuids: string[];
  photoPaths: string[];
  fileNames: string[];
  /** Access tokens the real secret signed, for sessions or users that do not exist. */
  forgedTokens: string[];
}

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
};

const INT32_MAX = 2 ** 31 - 1;
/** Ids at and past their limits (issue 27): zero, negative, one past int32, 2^63 (past int64 too as a double). */
const ID_LIMITS = [0, -1, 2 ** 31, 2 ** 63, -(2 ** 63)];
/**
 * Days and instants at their limits (issue 27, item 13): year 0, the first and last days accepted,
 * the day after, a day that does not exist, and offsets and zones that push an instant past a year.
 */
const DATE_LIMITS = ['0000-01-01', '0999-12-31', '1000-01-01', '9998-12-31', '9999-12-31', '2026-02-30', '2024-02-29'];
const DATETIME_LIMITS = [
  '0000-01-01T00:00:00Z',
  '1000-01-01T00:00:00+23:59',
  '9998-12-31T23:59:59-23:59',
  '9999-12-31T23:59:59-23:59',
  '2026-02-30T00:00:00Z',
  '2026-01-01T00:00:00+24:00',
  '2026-01-01T00:00:00 Asia/Tokyo',
  '2026-11-28T10:00:00.123456789+09:00',
];
/** A URL longer than Node's header limit (16 KiB with the headers) never reaches the app. */
const URL_TEXT_MAX = 4000;

function integerIn(min: number, max: number, pools: Pools, name: string): fc.Arbitrary<number> {
  const inRange = (n: number) => n >= min && n <= max;
  const edges = [min, max, INT32_MAX, INT32_MAX + 1, 2 ** 32, Number.MAX_SAFE_INTEGER].filter(inRange);
  const options: fc.WeightedArbitrary<number>[] = [
    { arbitrary: fc.integer({ min, max: Math.min(max, min + 30) }), weight: 4 },
    { arbitrary: fc.constantFrom(...edges), weight: 1 },
    { arbitrary: fc.maxSafeNat().map((n) => min + (n % (max - min + 1))), weight: 1 },
  ];
  const ids = pools.ids.filter(inRange);
  const isId = name === 'id' || name.endsWith('_id');
  if (isId && ids.length > 0) {
    options.push({ arbitrary: fc.constantFrom(...ids), weight: 8 });
  }
  if (isId) options.push({ arbitrary: fc.constantFrom(...ID_LIMITS), weight: 1 });
  return fc.oneof(...options);
}

function stringFor(schema: JsonSchema, pools: Pools): fc.Arbitrary<string> {
  if (schema.format === 'uuid') {
    return fc.oneof({ arbitrary: fc.constantFrom(...pools.uuids), weight: 2 }, { arbitrary: fc.uuid(), weight: 1 });
  }
  if (schema.format === 'date' || schema.format === 'date-time') {
    const limits = schema.format === 'date' ? DATE_LIMITS : DATETIME_LIMITS;
    const valid = fc
      .date({ min: new Date('1000-01-01T00:00:00Z'), max: new Date('9998-12-31T23:59:59Z'), noInvalidDate: true })
      .map((date) => (schema.format === 'date' ? date.toISOString().slice(0, 10) : date.toISOString()));
    return fc.oneof({ arbitrary: valid, weight: 3 }, { arbitrary: fc.constantFrom(...limits), weight: 2 });
  }
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern);
    const matching = fc.stringMatching(pattern);
    const known = [...pools.photoPaths, ...pools.fileNames].filter((value) => pattern.test(value));
    return known.length > 0 ? fc.oneof({ arbitrary: fc.constantFrom(...known), weight: 3 }, matching) : matching;
  }
  const minLength = schema.minLength ?? 0;
  const maxLength = schema.maxLength ?? 200;
  const letters = fc.oneof(
    {
      arbitrary: fc.string({ unit: 'grapheme-ascii', minLength, maxLength: Math.min(maxLength, minLength + 24) }),
      weight: 6,
    },
    {
      arbitrary: fc.string({
        unit: fc.constantFrom('字', 'é', 'ア', '😀', ' '),
        minLength,
        maxLength: Math.min(maxLength, minLength + 12),
      }),
      weight: 2,
    },
    { arbitrary: fc.constantFrom('a'.repeat(minLength), '字'.repeat(maxLength), 'a'.repeat(maxLength)), weight: 1 },
  );
  // A valid text with one character a database or a driver may choke on, so that it reaches the storage.
  const spiked = fc
    .tuple(letters, fc.constantFrom('\u0000', '\ud800', '\udfff', '\u0007', '\u202e', '\ufeff', '\u2028'), fc.nat())
    .map(([text, char, at]) => {
      const position = at % (text.length + 1);
      return `${text.slice(0, position)}${char}${text.slice(position)}`.slice(0, Math.max(maxLength, 1));
    });
  return fc.oneof({ arbitrary: letters, weight: 4 }, { arbitrary: spiked, weight: 1 });
}

/** Values valid for the JSON schema (as far as a generator without the refinements can tell). */
export function shaped(schema: JsonSchema, pools: Pools, name = ''): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches) return fc.oneof(...branches.map((branch) => shaped(branch, pools, name)));
  if (schema.allOf?.[0]) return shaped(schema.allOf[0], pools, name);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const properties = schema.properties ?? {};
      const model = Object.fromEntries(
        Object.entries(properties).map(([key, property]) => [key, shaped(property, pools, key)]),
      );
      return fc.record(model, { requiredKeys: (schema.required ?? []).filter((key) => key in properties) });
    }
    case 'array':
      return fc.array(schema.items ? shaped(schema.items, pools, name) : fc.jsonValue({ maxDepth: 1 }), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 4, Math.max(schema.minItems ?? 0, 4)),
      });
    case 'string':
      return stringFor(schema, pools);
    case 'integer': {
      const min = schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : (schema.minimum ?? -1000);
      const max = schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : (schema.maximum ?? 1_000_000);
      if (name === 'version') return fc.oneof(fc.integer({ min: 0, max: 6 }), integerIn(min, max, pools, name));
      return integerIn(min, max, pools, name);
    }
    case 'number': {
      const min = schema.minimum ?? schema.exclusiveMinimum ?? -1e9;
      const max = schema.maximum ?? schema.exclusiveMaximum ?? 1e9;
      return fc.oneof(
        fc.integer({ min: Math.max(Math.ceil(min), 0), max: Math.min(Math.floor(max), 100_000) }),
        fc.double({ min, max, noNaN: true, noDefaultInfinity: true }),
      );
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

type Mutation = { kind: (typeof MUTATIONS)[number]; path: number[]; value: unknown; key: string };
const MUTATIONS = [
  'replace',
  'replace',
  'replace',
  'delete',
  'addKey',
  'protoKey',
  'wrap',
  'retype',
  'deep',
  'long',
] as const;

const mutation: fc.Arbitrary<Mutation> = fc.record({
  kind: fc.constantFrom(...MUTATIONS),
  path: fc.array(fc.nat(), { minLength: 1, maxLength: 4 }),
  value: hostileValue,
  key: hostileKey,
});

function retyped(value: unknown): unknown {
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return value === '' ? 0 : Number.isNaN(Number(value)) ? [value] : Number(value);
  if (Array.isArray(value)) return value[0] ?? {};
  if (value && typeof value === 'object') return Object.values(value);
  return value === null ? 'null' : null;
}

/** Applies one mutation at a node chosen by `path` (each number picks a child, while there are any). */
function mutate(root: unknown, change: Mutation): unknown {
  const transform = (value: unknown): unknown => {
    switch (change.kind) {
      case 'replace':
        return change.value;
      case 'wrap':
        return change.path[0] !== undefined && change.path[0] % 2 === 0 ? [value] : { value };
      case 'retype':
        return retyped(value);
      case 'deep':
        return new Raw(`${'['.repeat(5000)}${toJson(value ?? null)}${']'.repeat(5000)}`);
      case 'long':
        return typeof value === 'string'
          ? value.repeat(Math.ceil(200_000 / Math.max(value.length, 1)))
          : 'a'.repeat(200_000);
      default:
        return value;
    }
  };
  const edit = (node: unknown, path: number[]): unknown => {
    const isContainer = node !== null && typeof node === 'object' && !(node instanceof Raw);
    const [step, ...rest] = path;
    if (!isContainer || step === undefined) return transform(node);
    const copy: Record<string, unknown> | unknown[] = Array.isArray(node) ? [...node] : { ...(node as object) };
    const keys = Object.keys(copy);
    if (
      !Array.isArray(copy) &&
      (change.kind === 'addKey' || change.kind === 'protoKey') &&
      (rest.length === 0 || keys.length === 0)
    ) {
      setOwn(
        copy,
        change.kind === 'protoKey' ? (PROTO_KEYS[step % PROTO_KEYS.length] ?? '__proto__') : change.key,
        change.value,
      );
      return copy;
    }
    if (keys.length === 0) return transform(node);
    const key = keys[step % keys.length] as string;
    if (change.kind === 'delete' && rest.length === 0) {
      if (Array.isArray(copy)) copy.splice(Number(key), 1);
      else delete copy[key];
      return copy;
    }
    const child = (copy as Record<string, unknown>)[key];
    const edited =
      rest.length === 0 && !(change.kind === 'addKey' || change.kind === 'protoKey')
        ? transform(child)
        : edit(child, rest);
    if (key === '__proto__') setOwn(copy as Record<string, unknown>, key, edited);
    else (copy as Record<string, unknown>)[key] = edited;
    return copy;
  };
  return edit(root, change.path);
}

function mutated(base: fc.Arbitrary<unknown>): fc.Arbitrary<{ value: unknown; note: string }> {
  return fc.tuple(base, fc.array(mutation, { minLength: 1, maxLength: 3 })).map(([value, changes]) => ({
    value: changes.reduce(mutate, value),
    note: changes.map((change) => `${change.kind}@${change.path.join('.')}`).join(' '),
  }));
}

function schemaOf(zodSchema: z.ZodType | undefined): JsonSchema | undefined {
  return zodSchema ? (z.toJSONSchema(zodSchema, { io: 'input', unrepresentable: 'any' }) as JsonSchema) : undefined;
}

/** Texts for the URL: short enough to cross HTTP, raw percent sequences a client may send. */
const urlText = hostileString.map((text) => encodeAny(text.slice(0, URL_TEXT_MAX)));
const rawUrlFragment = fc.constantFrom(
  '%',
  '%0',
  '%zz',
  '%00',
  '%ED%A0%80',
  '%C0%AE',
  '%FF',
  '..',
  '.',
  '%2e%2e',
  '%2F',
  '1;x',
  '1%3F',
  '%25',
);

function scalarText(value: unknown): string {
  if (value instanceof Raw) return value.text.slice(0, URL_TEXT_MAX);
  if (typeof value === 'string') return value.slice(0, URL_TEXT_MAX);
  if (value !== null && typeof value === 'object') return toJson(value).slice(0, URL_TEXT_MAX);
  return String(value);
}

function pathArbitrary(route: RouteDef, pools: Pools): fc.Arbitrary<{ path: string; note: string }> {
  const names = [...route.path.matchAll(/:([a-zA-Z_]+)/g)].map((match) => match[1] as string);
  if (names.length === 0) return fc.constant({ path: route.path, note: '' });
  const schema = schemaOf(route.params);
  const one = (name: string) =>
    fc.oneof(
      {
        arbitrary: shaped(schema?.properties?.[name] ?? {}, pools, name).map((value) => ({
          text: encodeAny(scalarText(value)),
          hostile: false,
        })),
        weight: 6,
      },
      {
        arbitrary: fc
          .oneof(
            urlText,
            hostileNumber.map((n) => encodeAny(scalarText(n))),
          )
          .map((text) => ({ text, hostile: true })),
        weight: 2,
      },
      { arbitrary: rawUrlFragment.map((text) => ({ text, hostile: true })), weight: 1 },
    );
  return fc.tuple(...names.map(one)).map((values) => {
    let index = 0;
    const path = route.path.replace(/:([a-zA-Z_]+)/g, () => values[index++]?.text ?? '');
    return { path, note: values.some((value) => value.hostile) ? 'hostile path' : '' };
  });
}

function queryText(value: unknown): string {
  if (value === null || typeof value !== 'object' || value instanceof Raw || Array.isArray(value)) {
    return encodeAny(scalarText(value));
  }
  const pairs: string[] = [];
  for (const key of Object.keys(value)) {
    const item = (value as Record<string, unknown>)[key];
    for (const each of Array.isArray(item) ? item : [item]) {
      pairs.push(`${encodeAny(key.slice(0, 200))}=${encodeAny(scalarText(each))}`);
    }
  }
  return pairs.join('&');
}

function queryArbitrary(route: RouteDef, pools: Pools): fc.Arbitrary<{ query: string; note: string }> {
  const schema = schemaOf(route.query);
  const base = schema ? shaped(schema, pools) : fc.constant({});
  return fc.oneof(
    { arbitrary: base.map((value) => ({ query: queryText(value), note: '' })), weight: schema ? 5 : 8 },
    {
      arbitrary: mutated(base).map(({ value, note }) => ({ query: queryText(value), note: `query ${note}` })),
      weight: 3,
    },
    {
      arbitrary: fc
        .array(fc.tuple(fc.oneof(hostileKey, fc.constantFrom(...PROTO_KEYS)), fc.oneof(urlText, rawUrlFragment)), {
          maxLength: 4,
        })
        .map((pairs) => ({
          query: pairs.map(([key, text]) => `${encodeAny(key.slice(0, 200))}=${text}`).join('&'),
          note: 'hostile query',
        })),
      weight: 2,
    },
    {
      arbitrary: fc
        .constantFrom('&&&', '=', 'a', 'a=1&a=2', 'page=1&page=2', '%', '__proto__[x]=1', 'constructor.prototype.x=1')
        .map((query) => ({ query, note: 'raw query' })),
      weight: 1,
    },
  );
}

interface BodyChoice {
  payload?: string | Buffer;
  contentType?: string;
  note: string;
}

function bodyArbitrary(route: RouteDef, pools: Pools): fc.Arbitrary<BodyChoice> {
  const schema = schemaOf(route.body);
  const base = schema ? shaped(schema, pools) : fc.constant({});
  const json = (value: unknown, note: string) =>
    fc.constantFrom(...JSON_CONTENT_TYPES).map((contentType) => ({ payload: toJson(value), contentType, note }));
  const hasBody = route.method !== 'GET';
  const none: fc.Arbitrary<BodyChoice> = fc.constant({ note: '' });
  if (!hasBody) {
    return fc.oneof(
      { arbitrary: none, weight: 9 },
      { arbitrary: base.chain((value) => json(value, 'GET with a body')), weight: 1 },
    );
  }
  const options: fc.WeightedArbitrary<BodyChoice>[] = [
    { arbitrary: base.chain((value) => json(value, 'shaped body')), weight: route.multipart ? 1 : 5 },
    {
      arbitrary: mutated(base).chain(({ value, note }) => json(value, `body ${note}`)),
      weight: route.multipart ? 1 : 5,
    },
    {
      // Now and then beyond the 1 MiB body limit.
      arbitrary: fc
        .oneof(
          { arbitrary: fc.oneof(hostileValue, protoObject, deepValue), weight: 20 },
          { arbitrary: fc.constant(new Raw(`"${'a'.repeat(1_100_000)}"`)), weight: 1 },
        )
        .chain((value) => json(value, 'hostile body')),
      weight: 2,
    },
    {
      arbitrary: fc
        .tuple(malformedJson, fc.constantFrom(...JSON_CONTENT_TYPES))
        .map(([payload, contentType]) => ({ payload, contentType, note: 'malformed JSON' })),
      weight: 2,
    },
    {
      arbitrary: fc.tuple(base, fc.nat()).map(([value, cut]) => {
        const text = toJson(value);
        return {
          payload: text.slice(0, cut % Math.max(text.length, 1)),
          contentType: 'application/json',
          note: 'truncated JSON',
        };
      }),
      weight: 1,
    },
    {
      arbitrary: fc.tuple(base, fc.constantFrom(...WRONG_CONTENT_TYPES, undefined)).map(([value, contentType]) => ({
        payload: toJson(value),
        contentType,
        note: `wrong content type ${contentType ?? '(none)'}`,
      })),
      weight: 2,
    },
    { arbitrary: none.map(() => ({ note: 'no body' })), weight: 1 },
    {
      arbitrary: multipartBody.map(({ payload, contentType, note }) => ({ payload, contentType, note })),
      weight: route.multipart ? 14 : 1,
    },
  ];
  return fc.oneof(...options);
}

function headersArbitrary(pools: Pools): fc.Arbitrary<{ headers: Record<string, string>; note: string }> {
  const lang = fc.oneof(
    { arbitrary: fc.constantFrom('zh_CN', 'zh_TW', 'en', 'ja', 'EN', ' ja ', 'fr', ''), weight: 6 },
    { arbitrary: fc.constantFrom(...PROTO_KEYS, '__defineGetter__', 'isPrototypeOf'), weight: 2 },
    { arbitrary: hostileHeaderValue, weight: 1 },
  );
  const authorization = fc.oneof(
    fc.constantFrom(
      'Bearer',
      'Bearer ',
      'bearer x',
      'Basic YWxhZGRpbjpvcGVuc2VzYW1l',
      'Bearer a.b.c',
      'Bearer ..',
      `Bearer ${'a'.repeat(8000)}`,
    ),
    fc.constantFrom(...pools.forgedTokens).map((token) => `Bearer ${token}`),
    hostileHeaderValue,
  );
  const extra = fc.record(
    {
      'accept-encoding': fc.constantFrom(
        'gzip',
        'br',
        'deflate',
        'identity',
        '*',
        'gzip;q=0, br;q=0',
        'x-unknown',
        '__proto__',
      ),
      accept: fc.constantFrom('text/html', 'application/xml', '*/*', 'text/event-stream', 'image/*', '__proto__'),
      'user-agent': hostileHeaderValue,
      'x-forwarded-for': fc.constantFrom('1.2.3.4', 'not-an-ip', '::1, 10.0.0.1', ''),
      cookie: fc.constantFrom('a=b', '__proto__=x', 'token=Bearer%20x'),
      'if-none-match': hostileHeaderValue,
      'if-modified-since': fc.constantFrom('Thu, 01 Jan 1970 00:00:00 GMT', 'garbage', ''),
      range: fc.constantFrom('bytes=0-0', 'bytes=-1', 'bytes=9999999-', 'bytes=a-b', 'bytes=0-1,2-3'),
      origin: fc.constantFrom('http://evil.example', 'null'),
    },
    { requiredKeys: [] },
  );
  return fc.oneof(
    { arbitrary: lang.map((value) => ({ headers: { lang: value }, note: '' })), weight: 6 },
    {
      arbitrary: fc.tuple(lang, fc.option(authorization, { freq: 2 }), extra).map(([langValue, auth, more]) => {
        const headers: Record<string, string> = { lang: langValue, ...(more as Record<string, string>) };
        if (auth !== null) headers.authorization = auth;
        return { headers, note: auth !== null ? 'hostile authorization' : 'hostile headers' };
      }),
      weight: 3,
    },
  );
}

/** Now and then another method, or the path written another way (routed elsewhere or nowhere). */
const detour = fc.oneof(
  { arbitrary: fc.constant(null), weight: 28 },
  {
    arbitrary: fc.record({
      method: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS') as fc.Arbitrary<FuzzCase['method']>,
      path: fc.constantFrom('same', 'trailing slash', 'double slash', 'matrix', 'upper case'),
    }),
    weight: 2,
  },
);

function detoured(path: string, how: string): string {
  if (how === 'trailing slash') return `${path}/`;
  if (how === 'double slash') return path.replace('/api/', '/api//');
  if (how === 'matrix') return `${path};x=1`;
  if (how === 'upper case') return path.toUpperCase();
  return path;
}

/** Every request the fuzzer may send to one route. */
export function routeCases(route: RouteDef, pools: Pools): fc.Arbitrary<FuzzCase> {
  return fc
    .record({
      caller: fc.oneof(
        { arbitrary: fc.constant('anonymous' as CallerName), weight: 1 },
        { arbitrary: fc.constantFrom(...CALLERS), weight: 4 },
      ),
      path: pathArbitrary(route, pools),
      query: queryArbitrary(route, pools),
      body: bodyArbitrary(route, pools),
      headers: headersArbitrary(pools),
      detour,
    })
    .map(({ caller, path, query, body, headers, detour }) => {
      const allHeaders = { ...headers.headers };
      if (body.contentType !== undefined) allHeaders['content-type'] = body.contentType;
      const detourNote = detour ? `${detour.method} instead, path ${detour.path}` : '';
      const note = [path.note, query.note, body.note, headers.note, detourNote].filter(Boolean).join('; ') || 'shaped';
      const fullPath = detour ? detoured(path.path, detour.path) : path.path;
      return {
        caller,
        method: detour?.method ?? route.method,
        url: query.query ? `${fullPath}?${query.query}` : fullPath,
        headers: allHeaders,
        ...(body.payload !== undefined ? { payload: body.payload } : {}),
        note,
      };
    });
}
