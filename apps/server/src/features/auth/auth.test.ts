import { sql } from 'drizzle-orm';
import { createSigner } from 'fast-jwt';
import { describe, expect, it, vi } from 'vitest';
import { hashToken } from '../../plugins/app/auth.ts';
import { bearer, DEMO, DEMO_PASSWORD, describeOnDatabases } from '../../test/test-app.ts';

describeOnDatabases('auth', (ctx) => {
  const post = (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'POST', url, payload: payload as object, headers });
  const info = (token: string) => ctx.app.inject({ method: 'GET', url: '/api/user/info', headers: bearer(token) });

  describe('login', () => {
    it('answers tokens and the user, and the token opens /api/user/info', async () => {
      const response = await post('/api/auth/login', { mobile: DEMO.recorder, password: DEMO_PASSWORD });
      expect(response.statusCode).toBe(200);
      const body = ctx.json(response);
      expect(body.code).toBe(0);
      expect(body.data.token).toMatch(/^ey/);
      expect(body.data.refresh_token.length).toBeGreaterThan(30);
      expect(body.data.user).toMatchObject({ mobile: DEMO.recorder, role_code: 'recorder', is_tmp: 0 });
      const me = ctx.json(await info(body.data.token));
      expect(me.data.mobile).toBe(DEMO.recorder);
    });

    it('refuses a wrong password and an unknown mobile alike, in the caller language', async () => {
      const wrong = await post('/api/auth/login', { mobile: DEMO.valuer3, password: 'wrong-password' });
      expect(wrong.statusCode).toBe(400);
      expect(ctx.json(wrong)).toMatchObject({ code: 2001, msg: 'Wrong mobile number or password.' });
      const unknown = await post('/api/auth/login', { mobile: '13999999999', password: 'whatever' }, { lang: 'zh_CN' });
      expect(ctx.json(unknown)).toMatchObject({ code: 2001, msg: '手机号或密码错误' });
    });

    it('names the field of a missing or malformed value', async () => {
      const missing = await post('/api/auth/login', { mobile: DEMO.recorder });
      expect(missing.statusCode).toBe(400);
      expect(ctx.json(missing)).toMatchObject({ code: 1001, data: { field: 'password' } });
      expect(ctx.json(missing).msg).toContain('password');
      const malformed = await post('/api/auth/login', { mobile: 'abc', password: 'x' }, { lang: 'ja' });
      expect(ctx.json(malformed)).toMatchObject({ code: 1001, data: { field: 'mobile' }, msg: '入力エラー：mobile' });
      const notJson = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: '{oops',
        headers: { 'content-type': 'application/json' },
      });
      expect(notJson.statusCode).toBe(400);
      expect(ctx.json(notJson).code).toBe(1001);
    });
  });

  describe('tokens the server refuses with 401', () => {
    const secretOfTest = 'test-secret-0123456789abcdef';
    const cases: [string, () => Promise<string | undefined>][] = [
      ['missing', async () => undefined],
      ['malformed', async () => 'Bearer not-a-jwt'],
      [
        'signed with another key',
        async () => `Bearer ${createSigner({ key: 'another-key' })({ sub: '1', sid: crypto.randomUUID() })}`,
      ],
      [
        'alg none',
        async () => {
          const real = await ctx.login(DEMO.recorder);
          const [, payload] = real.split('.');
          const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
          return `Bearer ${header}.${payload}.`;
        },
      ],
      [
        'expired',
        async () => {
          const real = await ctx.login(DEMO.recorder);
          const claims = JSON.parse(Buffer.from(real.split('.')[1] ?? '', 'base64url').toString());
          const expired = createSigner({ key: secretOfTest, clockTimestamp: Date.now() - 3600_000, expiresIn: 60_000 });
          return `Bearer ${expired({ sub: claims.sub, sid: claims.sid })}`;
        },
      ],
    ];
    for (const [name, makeHeader] of cases) {
      it(name, async () => {
        const header = await makeHeader();
        const response = await ctx.app.inject({
          method: 'GET',
          url: '/api/user/info',
          headers: header ? { authorization: header } : {},
        });
        expect(response.statusCode).toBe(401);
        expect(ctx.json(response).code).toBe(401);
      });
    }

    it('revoked by logout, at once', async () => {
      const token = await ctx.login(DEMO.recorder);
      expect((await info(token)).statusCode).toBe(200);
      const logout = await post('/api/auth/logout', undefined, bearer(token));
      expect(ctx.json(logout).code).toBe(0);
      expect((await info(token)).statusCode).toBe(401);
    });
  });

  describe('refresh', () => {
    const refresh = (refreshToken: string) => post('/api/auth/refresh', { refresh_token: refreshToken });
    const signIn = async () =>
      ctx.json(await post('/api/auth/login', { mobile: DEMO.valuer1, password: DEMO_PASSWORD })).data;

    it('rotates, and reusing a refresh token after its successor was used ends the whole chain', async () => {
      const login = await signIn();
      const first = ctx.json(await refresh(login.refresh_token));
      expect(first.code).toBe(0);
      expect(first.data.refresh_token).not.toBe(login.refresh_token);
      expect((await info(first.data.token)).statusCode).toBe(200);
      const second = ctx.json(await refresh(first.data.refresh_token));
      expect(second.code).toBe(0);

      // Two generations back: only the immediately previous token has a grace.
      const reuse = await refresh(login.refresh_token);
      expect(reuse.statusCode).toBe(401);
      expect(ctx.json(reuse).code).toBe(2020);
      // The newest tokens of the chain are dead too.
      expect((await info(second.data.token)).statusCode).toBe(401);
      expect((await refresh(second.data.refresh_token)).statusCode).toBe(401);
    });

    it('two refreshes at once with one token both answer the same working pair', async () => {
      const login = await signIn();
      const answers = await Promise.all([refresh(login.refresh_token), refresh(login.refresh_token)]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
      const [a, b] = answers.map((answer) => ctx.json(answer).data);
      expect(a.refresh_token).toBe(b.refresh_token);
      expect((await info(a.token)).statusCode).toBe(200);
      expect((await info(b.token)).statusCode).toBe(200);
      // A retry a moment later (its answer was lost) gets that pair again.
      const retry = ctx.json(await refresh(login.refresh_token));
      expect(retry.data.refresh_token).toBe(a.refresh_token);
      // The chain goes on from the shared successor.
      const next = ctx.json(await refresh(a.refresh_token));
      expect(next.code).toBe(0);
      expect((await info(next.data.token)).statusCode).toBe(200);
    });

    it('a reuse after the grace (30 s) ends the session', async () => {
      const login = await signIn();
      const first = ctx.json(await refresh(login.refresh_token)).data;
      await ctx.app.db.execute(
        sql`update refresh_tokens set used_at = now() - interval '31 seconds'
            where token_hash = ${hashToken(login.refresh_token)}`,
      );
      const late = await refresh(login.refresh_token);
      expect(late.statusCode).toBe(401);
      expect((await info(first.token)).statusCode).toBe(401);
      expect((await refresh(first.refresh_token)).statusCode).toBe(401);
    });

    it('takes the refresh token from the body only, as the OpenAPI document says (docs/decisions.md)', async () => {
      const login = await signIn();
      const byCookie = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        payload: {},
        headers: { cookie: `refresh_token=${login.refresh_token}` },
      });
      expect(byCookie.statusCode).toBe(401);
      expect((await refresh(login.refresh_token)).statusCode).toBe(200);
      const document = ctx.json(await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' }));
      expect(document.paths['/api/auth/refresh'].post.summary).not.toMatch(/cookie/i);
    });

    it('refuses an unknown or absent refresh token', async () => {
      expect((await post('/api/auth/refresh', { refresh_token: 'nope' })).statusCode).toBe(401);
      expect((await post('/api/auth/refresh', {})).statusCode).toBe(401);
    });
  });

  describe('temporary links and guests', () => {
    it('a guest enters with the link role, and revoking or expiry ends it', async () => {
      const owner = await ctx.login(DEMO.recorder);
      const created = ctx.json(await post('/api/auth/tmp', { role: 'valuers' }, bearer(owner)));
      expect(created.code).toBe(0);
      expect(created.data.path).toBe(`/t_v${created.data.uuid}`);
      expect(Date.parse(created.data.expires_at) - Date.now()).toBeGreaterThan(23.9 * 3600_000);

      const guest = ctx.json(await post('/api/auth/guest', { uuid: created.data.uuid, name: 'Tanaka' }));
      expect(guest.data.user).toMatchObject({ name: 'Tanaka', role_code: 'valuers', is_tmp: 1, mobile: null });
      expect(guest.data.user.tmp_expires_at).toBe(created.data.expires_at);
      expect((await info(guest.data.token)).statusCode).toBe(200);

      // Guests cannot create links.
      const refused = await post('/api/auth/tmp', { role: 'recorder' }, bearer(guest.data.token));
      expect(refused.statusCode).toBe(403);
      expect(ctx.json(refused).code).toBe(2031);

      // The link's owner was told.
      const notes = ctx.json(
        await ctx.app.inject({
          method: 'GET',
          url: '/api/user/notifications',
          headers: { ...bearer(owner), lang: 'en' },
        }),
      );
      expect(notes.data.items[0]).toMatchObject({
        type: 'temporary_link_used',
        content: 'Tanaka entered through your guest link',
      });

      // Expiry of the link ends the guest's session. Cut short here by another connection, as
      // another process would: the signal of migration 0007's trigger reaches the server at commit.
      await ctx.app.db.execute(
        sql`update temporary_links set expires_at = now() - interval '1 second' where id = ${created.data.uuid}`,
      );
      await vi.waitFor(async () => expect((await info(guest.data.token)).statusCode).toBe(401), { timeout: 2000 });
      const late = await post('/api/auth/guest', { uuid: created.data.uuid });
      expect(late.statusCode).toBe(410);
      expect(ctx.json(late).code).toBe(2030);
    });

    it('a guest join is all or nothing: a failure at its last write leaves no guest, use or notification', async () => {
      const owner = await ctx.login(DEMO.valuer1);
      const created = ctx.json(await post('/api/auth/tmp', { role: 'recorder' }, bearer(owner))).data;
      // The database refuses the guest's session, the join's last write.
      await ctx.app.db.execute(sql`
        create function refuse_session_of_doomed() returns trigger language plpgsql as $$
        begin
          if exists (select 1 from users where id = new.user_id and name = 'Doomed Guest') then
            raise exception 'refused by the test';
          end if;
          return new;
        end $$`);
      await ctx.app.db.execute(
        sql`create trigger refuse_session_of_doomed before insert on sessions
            for each row execute function refuse_session_of_doomed()`,
      );
      try {
        const failed = await post('/api/auth/guest', { uuid: created.uuid, name: 'Doomed Guest' });
        expect(failed.statusCode).toBe(500);
      } finally {
        await ctx.app.db.execute(sql`drop trigger refuse_session_of_doomed on sessions`);
        await ctx.app.db.execute(sql`drop function refuse_session_of_doomed()`);
      }
      // Both drivers answer `{ rows }`; the shared Db type does not say so.
      const counts = async () =>
        (
          (await ctx.app.db.execute(sql`
            select (select uses from temporary_links where id = ${created.uuid}) as uses,
                   (select count(*)::int from users where temporary_link_id = ${created.uuid}) as guests,
                   (select count(*)::int from notifications
                     where type = 'temporary_link_used' and params->>'name' = 'Doomed Guest') as notes`)) as unknown as {
            rows: { uses: number; guests: number; notes: number }[];
          }
        ).rows[0];
      expect(await counts()).toEqual({ uses: 0, guests: 0, notes: 0 });
      // The same join succeeds once the database accepts it, and counts exactly one use.
      expect((await post('/api/auth/guest', { uuid: created.uuid, name: 'Doomed Guest' })).statusCode).toBe(200);
      expect(await counts()).toEqual({ uses: 1, guests: 1, notes: 1 });
    });

    it('a generated name when the guest gives none; an unknown uuid is refused', async () => {
      const owner = await ctx.login(DEMO.valuer2);
      const created = ctx.json(await post('/api/auth/tmp', { role: 'recorder', hours: 2 }, bearer(owner)));
      const guest = ctx.json(await post('/api/auth/guest', { uuid: created.data.uuid }, { lang: 'ja' }));
      expect(guest.data.user.name).toMatch(/^ゲスト-[0-9A-F]{4}$/);
      expect(guest.data.user.role_code).toBe('recorder');
      const unknown = await post('/api/auth/guest', { uuid: crypto.randomUUID() });
      expect(ctx.json(unknown).code).toBe(2030);
      const bad = await post('/api/auth/guest', { uuid: 'not-a-uuid' });
      expect(ctx.json(bad)).toMatchObject({ code: 1001, data: { field: 'uuid' } });
      const tooLong = await post('/api/auth/tmp', { role: 'recorder', hours: 100000 }, bearer(owner));
      expect(ctx.json(tooLong)).toMatchObject({ code: 1001, data: { field: 'hours' } });
    });
  });

  it('provider login answers that it is not configured', async () => {
    const response = await post('/user/wxLogin', { code: 'abc', state: 'x'.repeat(43) }, { lang: 'zh_TW' });
    expect(response.statusCode).toBe(400);
    expect(ctx.json(response)).toMatchObject({ code: 2040, msg: '未設定第三方登入，請使用手機號碼和密碼登入' });
  });
});

describeOnDatabases(
  'login rate limit',
  (ctx) => {
    // Written from docs/decisions.md's rules with this suite's settings (below).
    const PER_ACCOUNT_AND_ADDRESS = 3;
    const PER_ADDRESS = 5;
    const SLOWDOWN_AFTER = 4;
    const MAX_DELAY = 50;
    const WINDOW = 60;
    const attempt = (mobile: string, password: string, ip: string) =>
      ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { mobile, password }, remoteAddress: ip });

    it('limits failures per account and address with Retry-After, and does not lock out for good', async () => {
      for (let i = 0; i < PER_ACCOUNT_AND_ADDRESS; i++) {
        expect((await attempt(DEMO.valuer2, 'wrong', '10.0.0.1')).statusCode).toBe(400);
      }
      const limited = await attempt(DEMO.valuer2, DEMO_PASSWORD, '10.0.0.1');
      expect(limited.statusCode).toBe(429);
      expect(ctx.json(limited).code).toBe(1005);
      const retryAfter = Number(limited.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      // Once the window has passed the real user gets in.
      await ctx.app.db.execute(sql`update login_throttles set window_ends_at = now() - interval '1 second'`);
      expect((await attempt(DEMO.valuer2, DEMO_PASSWORD, '10.0.0.1')).statusCode).toBe(200);
    });

    it("a stranger's failures from another address do not stop the owner at their own address", async () => {
      for (let i = 0; i < 10; i++) await attempt(DEMO.valuer3, 'guess', '10.6.6.6');
      expect((await attempt(DEMO.valuer3, 'guess', '10.6.6.6')).statusCode).toBe(429);
      expect((await attempt(DEMO.valuer3, DEMO_PASSWORD, '10.7.7.7')).statusCode).toBe(200);
    });

    it('200 simultaneous wrong guesses at one account are checked only up to the limit', async () => {
      const answers = await Promise.all(
        Array.from({ length: 200 }, () => attempt(DEMO.valuer1, 'wrong-guess', '10.3.3.3')),
      );
      const codes = answers.map((answer) => ctx.json(answer).code);
      expect(codes.filter((code) => code === 2001)).toHaveLength(PER_ACCOUNT_AND_ADDRESS);
      expect(codes.filter((code) => code === 1005)).toHaveLength(200 - PER_ACCOUNT_AND_ADDRESS);
    });

    it('limits failures per address across accounts', async () => {
      for (let i = 0; i < PER_ADDRESS; i++) {
        expect((await attempt(`1390000000${i}`, 'guess', '10.9.9.9')).statusCode).toBe(400);
      }
      expect((await attempt(DEMO.recorder, DEMO_PASSWORD, '10.9.9.9')).statusCode).toBe(429);
    });

    it("past the per-account ceiling, unknown addresses are slowed down; the owner's known address is not", async () => {
      const key = `account:${DEMO.recorder}`;
      // Both ends are set by one statement: their distance is the window less the delay, whatever the clock.
      const delay = async () => {
        const result = (await ctx.app.db.execute(
          sql`select ${WINDOW}::int - extract(epoch from window_ends_at - next_at)::int as delay
              from login_throttles where key = ${key}`,
        )) as unknown as { rows: { delay: number }[] };
        return result.rows[0]?.delay;
      };
      const openSlotIn = (seconds: number) =>
        ctx.app.db.execute(
          sql`update login_throttles set next_at = now() + make_interval(secs => ${seconds}::int) where key = ${key}`,
        );
      // The owner has signed in from 10.5.5.5 before.
      expect((await attempt(DEMO.recorder, DEMO_PASSWORD, '10.5.5.5')).statusCode).toBe(200);
      // Strangers from many addresses, one guess each, up to the ceiling: then 1 s to the next check.
      for (let i = 0; i < SLOWDOWN_AFTER; i++) {
        expect((await attempt(DEMO.recorder, 'guess', `10.8.0.${i}`)).statusCode).toBe(400);
      }
      expect(await delay()).toBe(1);
      // Before the next check's time, a new address (the owner's too) gets 429 and the wait.
      await openSlotIn(30);
      const slowed = await attempt(DEMO.recorder, DEMO_PASSWORD, '10.8.1.1');
      expect(slowed.statusCode).toBe(429);
      expect(Number(slowed.headers['retry-after'])).toBeGreaterThan(25);
      expect(Number(slowed.headers['retry-after'])).toBeLessThanOrEqual(30);
      // At its time one check goes through, and the next waits twice as long...
      await openSlotIn(0);
      expect((await attempt(DEMO.recorder, 'guess', '10.8.1.2')).statusCode).toBe(400);
      expect(await delay()).toBe(2);
      // ... up to the longest wait.
      await ctx.app.db.execute(sql`update login_throttles set failures = 40 where key = ${key}`);
      await openSlotIn(0);
      expect((await attempt(DEMO.recorder, 'guess', '10.8.1.3')).statusCode).toBe(400);
      expect(await delay()).toBe(MAX_DELAY);
      // The owner, from where they signed in before, is not slowed.
      expect((await attempt(DEMO.recorder, DEMO_PASSWORD, '10.5.5.5')).statusCode).toBe(200);
    });
  },
  {
    loginMaxFailuresPerAccountAddress: 3,
    loginMaxFailuresPerAddress: 5,
    loginSlowdownAfterFailuresPerAccount: 4,
    loginSlowdownMaxSeconds: 50,
    loginWindowSeconds: 60,
  },
);
