/**
 * Hostile values for the fuzzer: strings, numbers, keys, header values, JSON texts and
 * multipart bodies that a careless server turns into a 5xx. Everything here is plain data or a
 * fast-check arbitrary; nothing talks to the server.
 */
import fc from 'fast-check';

/** A JSON text written as is into a body (a number JSON cannot hold, deep nesting). */
export class Raw {
  readonly text: string;

  constructor(text: string) {
    this.text = text;
  }
}

/** JSON.stringify, except that `Raw` goes in verbatim and an own `__proto__` key is kept. */
export function toJson(value: unknown): string {
  if (value instanceof Raw) return value.text;
  if (Array.isArray(value)) return `[${value.map((item) => toJson(item ?? null)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value).map(
      (key) => `${JSON.stringify(key)}:${toJson((value as Record<string, unknown>)[key] ?? null)}`,
    );
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Sets a key as an own, enumerable property, `__proto__` included (a plain assignment would set the prototype). */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown) {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

/** encodeURIComponent that also takes lone surrogates (as the WTF-8 bytes a client could send). */
export function encodeAny(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    if (unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(text.slice(i, i + 2));
      i++;
    } else if (unit >= 0xd800 && unit <= 0xdfff) {
      out +=
        `%${(0xe0 | (unit >> 12)).toString(16)}%${(0x80 | ((unit >> 6) & 0x3f)).toString(16)}%${(0x80 | (unit & 0x3f)).toString(16)}`.toUpperCase();
    } else {
      out += encodeURIComponent(text[i] ?? '');
    }
  }
  return out;
}

export const PROTO_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'];

const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\ud83d',
  '\u0001\u0008\u001b\u007f',
  '\r\n\t',
  '\u202e\u200b\ufeff',
  '\u2028\u2029',
  '😀👩‍👩‍👧',
  'é',
  '%00',
  '%',
  '%zz',
  '../../../../etc/passwd',
  '..\\..\\windows',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '"; drop table users; --',
  '\\',
  '$' + '{7*7}',
  '{{7*7}}',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e309',
  '-0',
  '0x10',
  '1_000',
  ' 1',
  '1 ',
  '1.5',
  '-1',
  '2147483648',
  '9007199254740993',
  '99999999999999999999999',
  'true',
  '[]',
  '{}',
  '00000000-0000-0000-0000-000000000000',
  '------------------------------------',
  ...PROTO_KEYS,
];

/** Strings a server must store, compare or refuse without falling over. */
export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE_STRINGS), weight: 6 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 3 },
  {
    arbitrary: fc.string({ unit: fc.constantFrom('\u0000', '\ud800', '\udc00', 'a', '字', '\u0007'), maxLength: 20 }),
    weight: 2,
  },
  {
    arbitrary: fc.constantFrom('a'.repeat(10_000), '字'.repeat(5_000), `${'\u0000'.repeat(1000)}`, 'a'.repeat(300_000)),
    weight: 1,
  },
);

const HOSTILE_NUMBERS = [
  0,
  -0,
  -1,
  0.5,
  1.5,
  1e-7,
  2147483647,
  2147483648,
  -2147483648,
  -2147483649,
  4294967296,
  9007199254740991,
  9007199254740992,
  1e21,
  1e308,
  -1e308,
  Number.MIN_VALUE,
];

/** JSON number texts JSON.stringify never writes: JSON.parse turns them into Infinity or loses digits. */
const RAW_NUMBERS = [
  '1e999',
  '-1e999',
  '123456789012345678901234567890',
  '1.0000000000000000000001',
  '-0.0',
  '1E400',
  '0.1e-400',
];

export const hostileNumber: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.constantFrom(...HOSTILE_NUMBERS), weight: 4 },
  { arbitrary: fc.constantFrom(...RAW_NUMBERS).map((text) => new Raw(text)), weight: 2 },
  { arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }), weight: 1 },
  { arbitrary: fc.maxSafeInteger(), weight: 1 },
);

/** Nesting far deeper than any schema: a recursive walk of it overflows the stack. */
export function deeplyNested(depth: number, open: '[' | '{'): Raw {
  return open === '['
    ? new Raw(`${'['.repeat(depth)}${']'.repeat(depth)}`)
    : new Raw(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`);
}

export const deepValue: fc.Arbitrary<Raw> = fc
  .tuple(fc.constantFrom(64, 1000, 20_000, 150_000), fc.constantFrom('[' as const, '{' as const))
  .map(([depth, open]) => deeplyNested(depth, open));

/** `{ "__proto__": { … } }` and its kin, as own keys that reach the server's JSON parser. */
export const protoObject: fc.Arbitrary<Record<string, unknown>> = fc
  .tuple(
    fc.constantFrom(...PROTO_KEYS),
    fc.constantFrom<unknown>({ polluted: true }, { prototype: { polluted: true } }, 'x', 1, null),
  )
  .map(([key, value]) => {
    const object: Record<string, unknown> = {};
    setOwn(object, key, value);
    return object;
  });

/** Any hostile JSON value, for a field, an array item or a whole body. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: hostileString, weight: 5 },
  { arbitrary: hostileNumber, weight: 4 },
  { arbitrary: fc.constantFrom<unknown>(true, false, null, [], {}, [[]], [null]), weight: 2 },
  { arbitrary: protoObject, weight: 2 },
  { arbitrary: deepValue, weight: 1 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 2 },
);

export const hostileKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...PROTO_KEYS, '', 'a\u0000', '\ud800', 'k'.repeat(5000), 'id', 'version'),
  fc.string({ unit: 'binary', maxLength: 10 }),
);

/** JSON bodies that are not JSON, or JSON a schema does not expect at the top. */
export const malformedJson: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '{',
    '}',
    '{"a":}',
    '{"a":1,}',
    "{'a':1}",
    '[1,2',
    'nul',
    'tru',
    '"unterminated',
    '\ufeff{}',
    '{}garbage',
    '{"a":"b\u0000c"}',
    '{"a":"\\ud800"}',
    '{"a":"\\u0000"}',
    '{"__proto__":{"polluted":true}}',
    '{"constructor":{"prototype":{"polluted":true}}}',
    '{"a":1,"a":2}',
    '1e999',
    '"a string"',
    '123',
    'null',
    '[]',
    '[{}]',
    '\u0000',
  ),
  deepValue.map((raw) => raw.text),
  fc.string({ unit: 'binary', maxLength: 60 }),
);

/** Header values that can cross HTTP (no NUL, CR or LF: the parser refuses those before the app). */
const headerChar = fc.oneof(
  fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)),
  fc.integer({ min: 0x80, max: 0xff }).map((code) => String.fromCharCode(code)),
  fc.constant('\t'),
);
export const hostileHeaderValue: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...PROTO_KEYS, '', ' ', 'x'.repeat(8000), '%00', '\u00ff\u00fe', 'null', 'undefined'),
  fc.string({ unit: headerChar, maxLength: 60 }),
);

export const WRONG_CONTENT_TYPES = [
  'text/plain',
  'text/plain; charset=utf-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'application/xml',
  'application/octet-stream',
  'image/jpeg',
  '*/*',
  'application/json, text/plain',
  'application/json; charset=utf-16',
  'application/jsonx',
  '__proto__',
  ';',
];

export const JSON_CONTENT_TYPES = [
  'application/json',
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/json;charset=UTF-8',
  'application/vnd.api+json',
];

const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEklEQVQImWM4wcV1gouLAUIBABsWA3F0RrYQAAAAAElFTkSuQmCC',
  'base64',
);
const TINY_JPEG = Buffer.from(
  '/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAACAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAL/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABQb/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCAAKZf/9k=',
  'base64',
);

/** A small real image, as the upload route expects one. */
export const TINY_IMAGES = { png: TINY_PNG, jpeg: TINY_JPEG };

const filePart = fc.record({
  name: fc.oneof(
    { arbitrary: fc.constant('file'), weight: 6 },
    { arbitrary: fc.constantFrom('image', '', ...PROTO_KEYS), weight: 1 },
  ),
  filename: fc.oneof(
    { arbitrary: fc.constantFrom('p.jpg', 'p.png', 'photo.heic'), weight: 5 },
    { arbitrary: fc.oneof(hostileString, fc.constant(undefined)), weight: 2 },
  ),
  type: fc.oneof(
    { arbitrary: fc.constantFrom('image/jpeg', 'image/png'), weight: 5 },
    {
      arbitrary: fc.constantFrom(
        'text/plain',
        'image/heic',
        'application/octet-stream',
        '',
        '__proto__',
        'image/svg+xml',
      ),
      weight: 2,
    },
  ),
  content: fc.oneof(
    { arbitrary: fc.constantFrom(TINY_JPEG, TINY_PNG), weight: 5 },
    {
      arbitrary: fc.oneof(
        fc.constant(Buffer.alloc(0)),
        fc.constant(TINY_JPEG.subarray(0, 100)),
        fc.constant(TINY_PNG.subarray(0, 40)),
        fc.constant(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')),
        fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
        fc.constant(Buffer.concat([TINY_PNG.subarray(0, 16), Buffer.alloc(20, 0xff)])),
      ),
      weight: 3,
    },
  ),
});

const fieldPart = fc.record({ name: fc.oneof(fc.constantFrom('slot', 'field'), hostileKey), value: hostileString });

function quoted(text: string) {
  return text.replaceAll('"', '%22').replaceAll('\r', '').replaceAll('\n', '');
}

/** A multipart body and its content type: well formed, truncated, or lying about its boundary. */
export const multipartBody: fc.Arbitrary<{ payload: Buffer; contentType: string; note: string }> = fc
  .record({
    boundary: fc.oneof(
      { arbitrary: fc.constant('----fuzzBoundary7MA4YWxk'), weight: 6 },
      { arbitrary: fc.constantFrom('x'.repeat(71), 'a b', '"quoted"', '--', '\u00ff'), weight: 1 },
    ),
    files: fc.array(filePart, { minLength: 0, maxLength: 3 }),
    fields: fc.array(fieldPart, { maxLength: 3 }),
    manyFields: fc.oneof({ arbitrary: fc.constant(0), weight: 9 }, { arbitrary: fc.constant(40), weight: 1 }),
    ending: fc.oneof(
      { arbitrary: fc.constant('closed' as const), weight: 6 },
      {
        arbitrary: fc.constantFrom(
          'truncated' as const,
          'no-close' as const,
          'wrong-boundary' as const,
          'no-boundary' as const,
        ),
        weight: 2,
      },
    ),
    cut: fc.nat(),
  })
  .map(({ boundary, files, fields, manyFields, ending, cut }) => {
    const chunks: Buffer[] = [];
    const allFields = [...fields, ...Array.from({ length: manyFields }, (_, i) => ({ name: `f${i}`, value: 'v' }))];
    for (const field of allFields) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${quoted(field.name)}"\r\n\r\n${field.value}\r\n`,
        ),
      );
    }
    for (const file of files) {
      const filename = file.filename === undefined ? '' : `; filename="${quoted(file.filename)}"`;
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${quoted(file.name)}"${filename}\r\nContent-Type: ${file.type}\r\n\r\n`,
        ),
        file.content,
        Buffer.from('\r\n'),
      );
    }
    if (ending !== 'no-close') chunks.push(Buffer.from(`--${boundary}--\r\n`));
    let payload = Buffer.concat(chunks);
    if (ending === 'truncated' && payload.length > 0) payload = payload.subarray(0, cut % payload.length);
    const contentType =
      ending === 'no-boundary'
        ? 'multipart/form-data'
        : `multipart/form-data; boundary=${ending === 'wrong-boundary' ? 'other' : boundary}`;
    const note = `multipart: ${files.length} file(s) [${files.map((f) => `${JSON.stringify(f.name)} ${f.type} ${f.content.length} B`).join(', ')}], ${allFields.length} field(s), ${ending}`;
    return { payload, contentType, note };
  });
