import { sql } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { commodityInput, enroll, enrollBody, type Kit, outcome, prepareKit } from '../test/commodity-kit.ts';
import { bearer, DEMO, DEMO_PASSWORD, describeOnDatabases } from '../test/test-app.ts';
import { createLogger } from './logging.ts';

/** Everything the app logs, one JSON line each. */
function logBuffer() {
  const chunks: string[] = [];
  return {
    write(chunk: string) {
      chunks.push(chunk);
    },
    lines: () =>
      chunks
        .join('')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

// One customer, registered through the API; nothing of theirs may reach a log line.
const customer = {
  customer_name: '龙晓芸',
  customer_phone: '13987650432',
  customer_address: '杭州市西湖区文三路 88 号 5 幢',
};
const WRONG_PASSWORD = 'Wrong-Pass-7f3a9c';
const BOGUS_REFRESH_TOKEN = 'bogus-refresh-token-5d1e8b2a';

describe('the logger', () => {
  const { customer_name: name, customer_phone: phone, customer_address: address } = customer;
  /** A database error as pg and PGlite raise it, wrapped by Drizzle. */
  function databaseError() {
    const cause = Object.assign(new Error(`refusing ${name}`), {
      code: '23505',
      severity: 'ERROR',
      detail: `Key (customer_phone)=(${phone}) already exists.`,
      hint: `call ${phone}`,
      where: `PL/pgSQL function f() line 3 at RAISE: ${address}`,
      table: 'enrollments',
      constraint: 'enrollments_phone_key',
      query: 'insert into "enrollments" ("customer_name") values ($1)',
      params: [name],
    });
    return new DrizzleQueryError('insert into "enrollments" ("customer_name") values ($1)', [name, phone], cause);
  }

  function logged(write: (logger: ReturnType<typeof createLogger>) => void) {
    const buffer = logBuffer();
    write(createLogger('trace', buffer));
    return buffer.lines();
  }

  it('writes an error by its class, codes, names in the schema and stack frames, never its values', () => {
    const lines = logged((logger) => {
      logger.error({ err: databaseError() }, 'request failed');
      logger.error(databaseError());
      logger.warn({ err: new AggregateError([databaseError()], `all of ${name}`) });
    });
    const text = JSON.stringify(lines);
    for (const value of [name, phone, address]) expect(text).not.toContain(value);
    expect(lines[0]).toMatchObject({
      msg: 'request failed',
      err: {
        type: 'DrizzleQueryError',
        statement: 'insert into "enrollments" ("customer_name") values ($1)',
        cause: { code: '23505', severity: 'ERROR', table: 'enrollments', constraint: 'enrollments_phone_key' },
      },
    });
    expect(String((lines[0]?.err as { stack?: string } | undefined)?.stack)).toMatch(/^\s+at .*logging\.test\.ts/);
    // Without a text of its own, a line says what failed by class and code.
    expect(lines[1]).toMatchObject({ msg: 'DrizzleQueryError', err: { type: 'DrizzleQueryError' } });
    expect(lines[2]).toMatchObject({ msg: 'AggregateError', err: { errors: [{ cause: { code: '23505' } }] } });
  });

  it('censors personal keys, request input and credentials wherever they sit, and query strings in texts', () => {
    const lines = logged((logger) => {
      logger.info({ customer_name: name, body: { note: 'x' }, user: { mobile: phone, profile: { address } } });
      logger.debug({ busboyOptions: { headers: { authorization: `Bearer ${phone}`, 'x-forwarded-for': '10.1.2.3' } } });
      logger.info(`Route GET:/api/commodities?keyword=${phone} not found`);
      logger.info({ query: { keyword: phone } }, `in "/api/x?name=${encodeURIComponent(name)}" (GET)`);
      logger.child({ mobile: phone }).warn({ a: { b: { c: { d: { e: { f: { g: { phone } } } } } } } }, 'deep');
    });
    const text = JSON.stringify(lines);
    for (const value of [name, encodeURIComponent(name), phone, address, '10.1.2.3']) expect(text).not.toContain(value);
    expect(lines[0]).toMatchObject({ customer_name: '[redacted]', body: '[redacted]', user: { mobile: '[redacted]' } });
    expect(lines[2]?.msg).toBe('Route GET:/api/commodities?[redacted] not found');
    expect(lines[4]).toMatchObject({ mobile: '[redacted]', a: { b: { c: { d: { e: { f: { g: '[too deep]' } } } } } } });
  });
});

const log = logBuffer();

describeOnDatabases(
  'personal data never reaches a log',
  (ctx) => {
    let kit: Kit;
    /** The secrets this suite handled: tokens it received, besides the constants above. */
    const secrets: string[] = [];
    const query = new URLSearchParams({ ...customer, mobile: DEMO.recorder, password: WRONG_PASSWORD }).toString();

    beforeAll(async () => {
      kit = await prepareKit(ctx);
      const seeded = await enroll(ctx, kit.recorder.token, enrollBody([commodityInput(kit)], customer));
      expect(outcome(ctx, seeded).code).toBe(0);
    });

    it('a list search by the customer phone, with their data in the query string', async () => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/commodities?keyword=${customer.customer_phone}&${query}`,
        headers: bearer(kit.recorder.token),
      });
      expect(outcome(ctx, response)).toMatchObject({ status: 200, code: 0 });
    });

    it('a validation refusal of the customer data, in the body and the query string', async () => {
      const body = enrollBody([commodityInput(kit)], {
        customer_name: customer.customer_name.repeat(20),
        customer_phone: `${customer.customer_phone}#`,
        customer_address: customer.customer_address,
      });
      const response = await ctx.app.inject({
        method: 'POST',
        url: `/api/enrollments?${query}`,
        headers: bearer(kit.recorder.token),
        payload: body,
      });
      expect(outcome(ctx, response)).toMatchObject({ status: 400, code: 1001 });
      const broken = await ctx.app.inject({
        method: 'POST',
        url: '/api/enrollments',
        headers: { ...bearer(kit.recorder.token), 'content-type': 'application/json' },
        payload: JSON.stringify(customer).slice(0, -5),
      });
      expect(outcome(ctx, broken)).toMatchObject({ status: 400, code: 1001 });
    });

    it('a database failure whose error carries the customer data (message, detail, hint, query parameters)', async () => {
      await ctx.app.db.execute(sql`
        create function refuse_customer() returns trigger language plpgsql as $$
        begin
          raise exception 'refusing % of %', new.customer_name, new.customer_address using
            errcode = '23514',
            detail = 'Failing row contains (' || new.customer_phone || ', ' || new.customer_name || ').',
            hint = 'call ' || new.customer_phone,
            constraint = 'customer_refused',
            table = 'enrollments',
            column = 'customer_phone';
        end $$`);
      await ctx.app.db.execute(
        sql`create trigger refuse_customer before insert on enrollments for each row execute function refuse_customer()`,
      );
      try {
        const response = await ctx.app.inject({
          method: 'POST',
          url: `/api/enrollments?${query}`,
          headers: bearer(kit.recorder.token),
          payload: enrollBody([commodityInput(kit)], customer),
        });
        expect(outcome(ctx, response)).toMatchObject({ status: 500, code: 1006 });
      } finally {
        await ctx.app.db.execute(sql`drop trigger refuse_customer on enrollments`);
        await ctx.app.db.execute(sql`drop function refuse_customer()`);
      }
    });

    it('a sign-in with a wrong password, a bogus refresh token and a replayed one', async () => {
      for (const mobile of [DEMO.recorder, customer.customer_phone]) {
        const response = await ctx.app.inject({
          method: 'POST',
          url: `/api/auth/login?${query}`,
          payload: { mobile, password: WRONG_PASSWORD },
        });
        expect(outcome(ctx, response)).toMatchObject({ status: 400, code: 2001 });
      }
      const bogus = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        payload: { refresh_token: BOGUS_REFRESH_TOKEN },
      });
      expect(outcome(ctx, bogus)).toMatchObject({ status: 401, code: 2020 });

      const login = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { mobile: DEMO.recorder, password: DEMO_PASSWORD },
      });
      const first = ctx.json(login).data;
      const second = ctx.json(
        await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/refresh',
          payload: { refresh_token: first.refresh_token },
        }),
      ).data;
      const third = ctx.json(
        await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/refresh',
          payload: { refresh_token: second.refresh_token },
        }),
      ).data;
      // Its successor already used, the first token is past the refresh grace: a theft, logged.
      const replayed = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        payload: { refresh_token: first.refresh_token },
      });
      expect(outcome(ctx, replayed)).toMatchObject({ status: 401, code: 2020 });
      secrets.push(first.token, first.refresh_token, second.token, second.refresh_token, third.token);
      secrets.push(third.refresh_token, kit.recorder.token);
    });

    it('an unknown path naming the customer', async () => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/clients/${customer.customer_phone}?${query}`,
        headers: bearer(kit.recorder.token),
      });
      expect(outcome(ctx, response)).toMatchObject({ status: 404, code: 1007 });
    });

    it('logs none of it, at the most verbose level, and still logs what an operator needs', async () => {
      // A request's last line is written once its answer has left: wait for every request's.
      await vi.waitFor(() => {
        const lines = log.lines();
        const count = (msg: string) => lines.filter((line) => line.msg === msg).length;
        expect(count('request completed')).toBe(count('incoming request'));
      });
      const lines = log.lines();
      // Decoded (a CJK character may be escaped in JSON) and one line per entry.
      const text = lines.map((line) => JSON.stringify(line)).join('\n');
      const forbidden = [
        ...Object.values(customer),
        DEMO.recorder,
        WRONG_PASSWORD,
        DEMO_PASSWORD,
        BOGUS_REFRESH_TOKEN,
        ...secrets,
      ];
      const leaks = forbidden
        .flatMap((value) => [value, encodeURIComponent(value)])
        .filter((value) => text.includes(value))
        .map((value) => ({ value, line: lines.find((line) => JSON.stringify(line).includes(value)) }));
      expect(leaks).toEqual([]);
      // Not the street either, without its numbers.
      expect(text).not.toContain('文三路');

      // What the operator needs is still there: the request lines, and the database's failure by its code.
      expect(lines.some((line) => line.msg === 'incoming request')).toBe(true);
      const failed = lines.filter((line) => line.msg === 'request failed');
      expect(failed.length).toBeGreaterThan(0);
      expect(JSON.stringify(failed)).toContain('23514');
      expect(JSON.stringify(failed)).toContain('customer_refused');
      expect(lines.some((line) => line.msg === 'refresh token reused: session revoked')).toBe(true);
    });
  },
  { logLevel: 'trace' },
  log,
);
