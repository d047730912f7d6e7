/**
 * The input rules (docs/decisions.md "Input rules in one place"): text without control
 * characters or lone surrogates, ids within the `integer` range, on every route; and the other
 * inputs a fuzzer found answering 500 (issue 10).
 */
import net from 'node:net';
import { fillPath } from '@jewel/contract/values/api-path';
import { DEMO_MOBILES } from '@jewel/contract/values/demo';
import { type SQL, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { isCommand } from '../../cli/operator-commands.ts';
import { translate } from '../../i18n/messages.ts';
import { commodityInput, enroll, enrollBody, type Kit, prepareKit } from '../../test/commodity-kit.ts';
import { contractDateFields, contractInputFields, type Field, sample, sampleWith } from '../../test/contract-inputs.ts';
import { bearer, DEMO, DEMO_PASSWORD, describeOnDatabases, type TestContext } from '../../test/test-app.ts';

/** What every refused input answers (SPEC.md §5: "input error", code 1001, HTTP 400). */
const INPUT_ERROR = { status: 400, code: 1001 };

/** Text values the rule refuses; a URL can carry only the first three. */
const BAD_TEXTS = ['a\u0000b', 'a\u0007b', 'a\u007fb', 'a\ud800b', '\udc00'];
const URL_BAD_TEXTS = BAD_TEXTS.slice(0, 3);
const TOO_BIG_ID = 2_147_483_648;

/** Rows of a raw query (both drivers answer `{ rows }`; the shared Db type does not say so). */
async function rowsOf<Row>(ctx: TestContext, query: SQL): Promise<Row[]> {
  return ((await ctx.app.db.execute(query)) as unknown as { rows: Row[] }).rows;
}

/** A digest of every table's rows: equal before and after means nothing was written. */
async function databaseDigest(ctx: TestContext): Promise<string> {
  const tables = await rowsOf<{ name: string }>(
    ctx,
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const digests: string[] = [];
  for (const { name } of tables) {
    const [row] = await rowsOf<{ digest: string | null }>(
      ctx,
      sql`select md5(string_agg(t::text, '|' order by t::text)) as digest from ${sql.identifier(name)} t`,
    );
    digests.push(`${name}:${row?.digest}`);
  }
  return digests.join('\n');
}

function query(values: Record<string, unknown>) {
  const entries = Object.entries(values).filter(([, value]) => value !== undefined);
  return entries.length ? `?${new URLSearchParams(entries.map(([k, v]): [string, string] => [k, String(v)]))}` : '';
}

/** The call of `field`'s route with every input valid but `value` at the field. */
function callWith(field: Field, value: unknown, token: string) {
  const { def, part, path } = field;
  const input = (which: Part) => {
    const schema = def[which];
    if (!schema) return undefined;
    return which === part ? sampleWith(schema, path, value) : sample(schema);
  };
  type Part = Field['part'];
  const params = (input('params') ?? {}) as Record<string, string | number>;
  const body = input('body');
  return {
    method: def.method,
    url: fillPath(def.path, params) + query((input('query') ?? {}) as Record<string, unknown>),
    headers: { ...(def.access === 'public' ? {} : bearer(token)), lang: 'en' },
    ...(body === undefined ? {} : { payload: body as object }),
  };
}

/** 400, our envelope, code 1001, naming the field. */
function expectInputError(ctx: TestContext, response: LightMyRequestResponse, field: string, label: string) {
  expect(response.statusCode, `${label}: ${response.body.slice(0, 300)}`).toBe(INPUT_ERROR.status);
  const body = ctx.json(response);
  expect(Object.keys(body).sort(), label).toEqual(['code', 'data', 'msg']);
  expect(body.code, label).toBe(INPUT_ERROR.code);
  expect(body.msg, label).toBe(`Input error: ${field}`);
  expect(body.data.field, label).toBe(field);
}

describe('reading the contract', () => {
  it('finds the text and id fields of the routes', () => {
    const fields = contractInputFields();
    const names = (kind: string) =>
      fields.filter((f) => f.kind === kind).map((f) => `${f.route}.${f.part}.${f.path.join('.')}`);
    expect(names('text')).toContain('inquiryCreate.body.customer_name');
    expect(names('text')).toContain('commodityEnroll.body.commodities.0.product_name');
    expect(names('text')).toContain('userChange.body.name');
    expect(names('int')).toContain('commodityDetail.params.id');
    expect(names('int')).toContain('products.query.brand_id');
    expect(names('int')).toContain('commodityDistribute.body.items.0.id');
    // Issue 10 counted 31 routes that take ids: these, and the two lists whose cursors hold one.
    const withIds = new Set(
      fields.filter((f) => f.kind === 'int' && /(^|_)id$/.test(String(f.path.at(-1)))).map((f) => f.route),
    );
    // Issue 13 adds: the customer detail, update and identity checks; the watch list's withdraw,
    // acknowledge and the alerts of one commodity; a ledger entry and its correction; an item's
    // buyback preparation. Issue 14 adds an item's certificate; its tag sheet and scan add none:
    // the sheet's `ids` are array elements (checked by the int walk all the same) and a
    // verification id is opaque text. Issue 27 adds the suspicious-transaction flags: flagging a
    // ledger entry, reviewing a flag, and the list of flags filtered by a ledger entry. Issue 28
    // adds a staff member's change and password reset, and the catalog's product: read, added
    // (its brand, line, category and material), changed and retired; then a brand read, added and
    // changed (its lines' ids), a category's or material's change, a certificate's photos, and a
    // dashboard banner's change; then a knowledge article read for its editor, written (its
    // category), changed and published; then a category's photo guide, read and replaced, and a
    // workflow changed. ADR 0103 adds a passkey's rename and removal, then a member's sign-in
    // methods on the staff page: read, the e-mail set, a provider unbound, a passkey removed.
    // Issue 32 adds a branch's change and its opening or closing, a member's branches, the
    // branch a session works at, and the branch whose ledger is exported; then an item's transfer
    // to another branch.
    expect(withIds.size).toBe(39 + 3 + 2 + 4 + 5 + 1 + 4 + 2 + 1 + 2 + 4 + 5 + 1);
  });
});

describeOnDatabases('input rules', (ctx) => {
  let staff: string;
  let manager: string;
  let kit: Kit;
  beforeAll(async () => {
    kit = await prepareKit(ctx);
    staff = kit.valuer1.token;
    manager = await ctx.login(DEMO_MOBILES.manager);
  });
  /**
   * A valuer, except where only a staff recorder (identity data) or a manager (the back office)
   * is let in: the input must be reached.
   */
  const callerFor = (field: { def: { access: string } }) =>
    field.def.access === 'recorder' ? kit.recorder.token : field.def.access === 'manager' ? manager : staff;

  it('every text field of every route refuses control characters and lone surrogates, naming the field', async () => {
    const before = await databaseDigest(ctx);
    const fields = contractInputFields().filter((field) => field.kind === 'text');
    expect(fields.length).toBeGreaterThan(40);
    for (const field of fields) {
      const values = field.part === 'body' ? BAD_TEXTS : URL_BAD_TEXTS;
      for (const value of values) {
        const label = `${field.route} ${field.part}.${field.path.join('.')} = ${JSON.stringify(value)}`;
        const response = await ctx.app.inject(callWith(field, value, callerFor(field)));
        expectInputError(ctx, response, field.path.join('.'), label);
      }
    }
    expect(await databaseDigest(ctx)).toBe(before);
  });

  it('every id and whole number of every route refuses values beyond the integer column range', async () => {
    const before = await databaseDigest(ctx);
    const fields = contractInputFields().filter((field) => field.kind === 'int');
    expect(fields.length).toBeGreaterThan(40);
    for (const field of fields) {
      for (const value of [TOO_BIG_ID, Number.MAX_SAFE_INTEGER]) {
        const label = `${field.route} ${field.part}.${field.path.join('.')} = ${value}`;
        const response = await ctx.app.inject(callWith(field, value, callerFor(field)));
        expectInputError(ctx, response, field.path.join('.'), label);
      }
    }
    expect(await databaseDigest(ctx)).toBe(before);
  });

  it('every date and timestamp field refuses days out of range or impossible, naming the field (issue 27, item 13)', async () => {
    const before = await databaseDigest(ctx);
    const fields = contractDateFields();
    // The calibration and ledger periods, a customer's birth date, an ID's expiry, a metal price's instant…
    expect(fields.map((field) => `${field.route}.${field.part}.${field.path.join('.')}`)).toEqual(
      expect.arrayContaining(['calibration.query.from', 'calibrationExport.query.to', 'ledgerExport.query.from']),
    );
    const refused = {
      date: ['0000-01-01', '0999-12-31', '9999-12-31', '10000-01-01', '2026-02-30', '2026-13-01', '2026-1-1'],
      datetime: [
        '0000-01-01T00:00:00Z',
        '9999-12-31T23:59:59-23:59',
        '9999-12-31T00:00:00Z',
        '2026-02-30T00:00:00Z',
        '2026-01-01T00:00:00+24:00',
        '2026-01-01T00:00:00 Asia/Tokyo',
        '2026-01-01T00:00:00',
      ],
    };
    for (const field of fields) {
      for (const value of refused[field.format]) {
        const label = `${field.route} ${field.part}.${field.path.join('.')} = ${value}`;
        const response = await ctx.app.inject(callWith(field, value, callerFor(field)));
        expectInputError(ctx, response, field.path.join('.'), label);
      }
    }
    expect(await databaseDigest(ctx)).toBe(before);
    // The issue's own call, and its export: a 400 naming `from`, not a 500.
    for (const url of ['/api/calibration?from=9999-12-31', '/api/calibration/export?from=9999-12-31']) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: { ...bearer(staff), lang: 'en' } });
      expectInputError(ctx, response, 'from', url);
    }
    // The last days accepted answer, with their derived periods inside the years PostgreSQL keeps.
    for (const url of [
      '/api/calibration?from=9998-12-31',
      '/api/calibration?to=1000-01-01',
      '/api/calibration/export?from=9998-12-31',
    ]) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: { ...bearer(staff), lang: 'en' } });
      expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBe(200);
    }
  });

  it('the largest id is looked up and not found', async () => {
    for (const url of ['/api/commodities/2147483647', '/api/brand/2147483647/types', '/api/inquiries/2147483647']) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: { ...bearer(staff), lang: 'en' } });
      expect(response.statusCode, url).toBeLessThan(500);
      expect(ctx.json(response).code, url).not.toBe(1001);
    }
  });

  it('a refused text leaves the record as it was (enrollment, inquiry, profile, subtotal)', async () => {
    const before = await databaseDigest(ctx);
    const recorder = kit.recorder.token;
    const nul = 'Love\u0000bracelet';
    expectInputError(
      ctx,
      await enroll(ctx, recorder, enrollBody([commodityInput(kit, { product_name: nul })])),
      'commodities.0.product_name',
      'enrollment',
    );
    expectInputError(
      ctx,
      await enroll(ctx, recorder, enrollBody([commodityInput(kit)], { customer_name: 'Zhang\ud800' })),
      'customer_name',
      'enrollment customer',
    );
    const post = (url: string, payload: object, token = recorder) =>
      ctx.app.inject({ method: 'POST', url, payload, headers: { ...bearer(token), lang: 'en' } });
    expectInputError(
      ctx,
      await post('/api/inquiries', { customer_name: nul, contact: '139', product_name: 'Ring', source: 'walk_in' }),
      'customer_name',
      'inquiry',
    );
    expectInputError(ctx, await post('/api/user/change', { name: nul }), 'name', 'profile name');
    expectInputError(ctx, await post('/api/subtotals', { name: nul }, staff), 'name', 'subtotal name');
    expectInputError(
      ctx,
      await post('/api/subtotals', { name: 'Rings', filter: { keyword: nul } }, staff),
      'filter.keyword',
      'subtotal filter',
    );
    expectInputError(
      ctx,
      await post('/api/auth/login', { mobile: DEMO.recorder, password: `${DEMO_PASSWORD}\u0000` }),
      'password',
      'password',
    );
    expect(await databaseDigest(ctx)).toBe(before);
  });

  it('keyset cursors beyond the id range or with an impossible time are an input error', async () => {
    const cursor = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const commodityCursor = Buffer.from(String(TOO_BIG_ID)).toString('base64url');
    const urls = [
      `/api/commodities?cursor=${commodityCursor}`,
      `/api/reconsiderations?cursor=${commodityCursor}`,
      `/api/information?cursor=${cursor(['identified_at', 'desc', '2026-01-01T00:00:00.000000Z', TOO_BIG_ID])}`,
      `/api/information?cursor=${cursor(['identified_at', 'desc', '2026-19-39T29:00:00.000000Z', 1])}`,
      `/api/information?sort=price&cursor=${cursor(['price', 'desc', '9999999999999999.5', TOO_BIG_ID])}`,
    ];
    for (const url of urls) {
      const response = await ctx.app.inject({ method: 'GET', url, headers: { ...bearer(staff), lang: 'en' } });
      expectInputError(ctx, response, 'cursor', url);
    }
  });

  it('a header holding a control character is refused, naming it, and signs no one in', async () => {
    const before = await databaseDigest(ctx);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { mobile: DEMO.recorder, password: DEMO_PASSWORD },
      headers: { 'user-agent': 'Mozilla/5.0\u0000', lang: 'en' },
    });
    expectInputError(ctx, response, 'user-agent', 'user-agent');
    const withLang = await ctx.app.inject({ method: 'GET', url: '/api/health', headers: { lang: 'ja\u0000' } });
    expectInputError(ctx, withLang, 'lang', 'lang');
    expect(await databaseDigest(ctx)).toBe(before);
  });

  it('a lang header naming an Object property answers in English, and a write in it answers its success', async () => {
    for (const lang of ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf']) {
      const health = await ctx.app.inject({ method: 'GET', url: '/api/health', headers: { lang } });
      expect(health.statusCode, lang).toBe(200);
      expect(ctx.json(health).msg, lang).toBe('OK');
      const refused = await ctx.app.inject({ method: 'GET', url: '/api/user/info', headers: { lang } });
      expect(ctx.json(refused), lang).toMatchObject({
        code: 401,
        msg: 'Your session has ended. Please sign in again.',
      });
    }
    const changed = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/change',
      payload: { name: 'Proto Name' },
      headers: { ...bearer(kit.valuer2.token), lang: '__proto__' },
    });
    expect(ctx.json(changed)).toEqual({ code: 0, msg: 'OK', data: { name: 'Proto Name' } });
    const twice = await ctx.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { lang: ['ja', 'en'] } as never,
    });
    expect(twice.statusCode).toBe(200);
  });

  it('text placeholders and operator commands are looked up as own names only', () => {
    const text = { 'zh-Hans': '{constructor}', 'zh-Hant': '{constructor}', en: '{constructor} {field}', ja: '' };
    expect(translate(text, 'en', { field: 'x' })).toBe('{constructor} x');
    expect(isCommand('constructor')).toBe(false);
    expect(isCommand('__proto__')).toBe(false);
    expect(isCommand('toString')).toBe(false);
    expect(isCommand('seed')).toBe(true);
  });

  describe('malformed uploads', () => {
    const upload = (payload: string, contentType: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/upload/image',
        payload,
        headers: { ...bearer(staff), 'content-type': contentType, lang: 'en' },
      });
    const part = (name: string, value: string, file = false) =>
      `--b0\r\nContent-Disposition: form-data; name="${name}"${file ? '; filename="a.jpg"\r\nContent-Type: image/jpeg' : ''}\r\n\r\n${value}\r\n`;

    it('a form without its closing boundary, without a boundary, or garbled answers 400 in our envelope', async () => {
      const cases: [string, string, string][] = [
        ['no closing boundary', part('file', '\u00ff\u00d8\u00ffjpeg', true), 'multipart/form-data; boundary=b0'],
        ['no boundary parameter', `${part('file', 'x', true)}--b0--\r\n`, 'multipart/form-data'],
        ['an empty boundary', `${part('file', 'x', true)}--b0--\r\n`, 'multipart/form-data; boundary='],
        ['garbage', 'not a form at all', 'multipart/form-data; boundary=b0'],
      ];
      for (const [label, payload, type] of cases) {
        const response = await upload(payload, type);
        expect(response.statusCode, label).toBe(400);
        expect(ctx.json(response), label).toEqual({ code: 1001, msg: 'Input error: body', data: { field: 'body' } });
      }
      // A part without a name is no file: the form holds nothing to upload.
      const nameless = await upload(
        '--b0\r\nContent-Disposition\r\n\r\nx\r\n--b0--\r\n',
        'multipart/form-data; boundary=b0',
      );
      expect(nameless.statusCode).toBe(400);
      expect(ctx.json(nameless).code).toBe(3001);
    });

    it('too many parts answer 400 in our envelope; a text field with NUL is refused, naming it', async () => {
      const many = `${Array.from({ length: 40 }, (_, i) => part(`f${i}`, 'x')).join('')}--b0--\r\n`;
      const tooMany = await upload(many, 'multipart/form-data; boundary=b0');
      expect(tooMany.statusCode).toBe(400);
      expect(ctx.json(tooMany).code).toBe(1001);
      const nul = await upload(`${part('slot', 'a\u0000b')}--b0--\r\n`, 'multipart/form-data; boundary=b0');
      expectInputError(ctx, nul, 'slot', 'multipart field');
    });
  });

  it('deep nesting, huge arrays and wrong content types answer 4xx in our envelope', async () => {
    const post = (url: string, payload: string, contentType = 'application/json') =>
      ctx.app.inject({
        method: 'POST',
        url,
        payload,
        headers: { ...bearer(kit.recorder.token), 'content-type': contentType, lang: 'en' },
      });
    const depth = 200_000;
    const cases: [string, LightMyRequestResponse][] = [
      ['deep arrays', await post('/api/enrollments', `{"commodities":${'['.repeat(depth)}${']'.repeat(depth)}}`)],
      ['deep objects', await post('/api/inquiries', `${'{"a":'.repeat(depth / 2)}1${'}'.repeat(depth / 2)}`)],
      ['deep in a free object', await post('/user/wxLogin', `{"x":${'['.repeat(depth)}${']'.repeat(depth)}}`)],
      ['a huge array', await post('/api/commodities/distribute', JSON.stringify({ items: Array(150_000).fill(1) }))],
      ['text/plain', await post('/api/inquiries', '{}', 'text/plain')],
      ['a form', await post('/api/inquiries', 'a=1', 'application/x-www-form-urlencoded')],
      ['multipart to a JSON call', await post('/api/inquiries', '--b\r\n\r\n--b--', 'multipart/form-data; boundary=b')],
      ['no content type', await post('/api/inquiries', '{}', '')],
      ['JSON that is not JSON', await post('/api/inquiries', '{"a":')],
      ['a JSON string', await post('/api/inquiries', '"text"')],
      ['__proto__', await post('/api/inquiries', '{"__proto__":{"x":1}}')],
    ];
    for (const [label, response] of cases) {
      expect(response.statusCode, `${label}: ${response.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, label).toBeLessThan(500);
      expect(Object.keys(ctx.json(response)).sort(), label).toEqual(['code', 'data', 'msg']);
    }
  });

  it('a path parameter that is too long or badly encoded answers our envelope', async () => {
    const long = await ctx.app.inject({
      method: 'GET',
      url: `/api/commodities/${'9'.repeat(300)}`,
      headers: { lang: 'ja' },
    });
    expect(long.statusCode).toBe(414);
    expect(ctx.json(long)).toEqual({ code: 1010, msg: 'URL が長すぎます。', data: null });
    expect(long.headers['cache-control']).toBe('no-store');
    const badlyEncoded = await ctx.app.inject({
      method: 'GET',
      url: '/api/commodities/%E0%A4%A',
      headers: { lang: 'en' },
    });
    expect(badlyEncoded.statusCode).toBe(400);
    expect(ctx.json(badlyEncoded)).toEqual({ code: 1001, msg: 'Input error: url', data: { field: 'url' } });
  });

  it('headers too large for Node answer 431 in our envelope', async () => {
    const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1');
      let received = '';
      socket.on('data', (chunk) => {
        received += chunk.toString('utf8');
      });
      socket.on('close', () => resolve(received));
      socket.on('error', reject);
      socket.write(`GET /api/health HTTP/1.1\r\nHost: x\r\nlang: en\r\nX-Big: ${'a'.repeat(40_000)}\r\n\r\n`);
    });
    const [head = '', body = ''] = raw.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 431 /);
    expect(head.toLowerCase()).toContain('content-type: application/json');
    expect(head.toLowerCase()).toContain('cache-control: no-store');
    expect(JSON.parse(body)).toEqual({ code: 1011, msg: 'The request headers are too large.', data: null });
  });

  it('every API answer says Cache-Control: no-store; stored photos keep their own caching', async () => {
    const photo = kit.photos[0] as string;
    for (const url of ['/api/health', '/api/dictionary', '/api/user/info', '/api/nothing-here', '/api/commodities/x']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    const success = await ctx.app.inject({ method: 'GET', url: '/api/user/info', headers: bearer(staff) });
    expect(success.statusCode).toBe(200);
    expect(success.headers['cache-control']).toBe('no-store');
    const stored = await ctx.app.inject({ method: 'GET', url: photo });
    expect(stored.statusCode).toBe(200);
    expect(stored.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
