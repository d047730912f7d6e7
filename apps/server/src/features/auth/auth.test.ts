import { sql } from 'drizzle-orm';
import { createSigner } from 'fast-jwt';
import { describe, expect, it, vi } from 'vitest';
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
    it('rotates, and reusing an old refresh token ends the whole chain', async () => {
      const login = ctx.json(await post('/api/auth/login', { mobile: DEMO.valuer1, password: DEMO_PASSWORD })).data;
      const first = ctx.json(await post('/api/auth/refresh', { refresh_token: login.refresh_token }));
      expect(first.code).toBe(0);
      expect(first.data.refresh_token).not.toBe(login.refresh_token);
      expect((await info(first.data.token)).statusCode).toBe(200);

      const reuse = await post('/api/auth/refresh', { refresh_token: login.refresh_token });
      expect(reuse.statusCode).toBe(401);
      expect(ctx.json(reuse).code).toBe(2020);
      // The newest tokens of the chain are dead too.
      expect((await info(first.data.token)).statusCode).toBe(401);
      expect((await post('/api/auth/refresh', { refresh_token: first.data.refresh_token })).statusCode).toBe(401);
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
        content: 'Tanaka entered through your temporary link',
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
    const response = await post('/user/wxLogin', { code: 'abc' }, { lang: 'zh_TW' });
    expect(response.statusCode).toBe(501);
    expect(ctx.json(response)).toMatchObject({ code: 2040, msg: '未設定第三方登入，請使用手機號碼和密碼登入' });
  });
});

describeOnDatabases(
  'login rate limit',
  (ctx) => {
    it('limits failures per account with Retry-After, and does not lock out for good', async () => {
      const attempt = (password: string, ip = '10.0.0.1') =>
        ctx.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { mobile: DEMO.valuer2, password },
          remoteAddress: ip,
        });
      for (let i = 0; i < 3; i++) expect((await attempt('wrong')).statusCode).toBe(400);
      const limited = await attempt(DEMO_PASSWORD);
      expect(limited.statusCode).toBe(429);
      expect(ctx.json(limited).code).toBe(1005);
      const retryAfter = Number(limited.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
      // From another address too: the account is what is limited.
      expect((await attempt(DEMO_PASSWORD, '10.0.0.2')).statusCode).toBe(429);
      // Once the window has passed the real user gets in.
      await ctx.app.db.execute(sql`update login_failures set created_at = now() - interval '2 minutes'`);
      expect((await attempt(DEMO_PASSWORD)).statusCode).toBe(200);
    });

    it('limits failures per address across accounts', async () => {
      for (let i = 0; i < 5; i++) {
        const response = await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { mobile: `1390000000${i}`, password: 'guess' },
          remoteAddress: '10.9.9.9',
        });
        expect(response.statusCode).toBe(400);
      }
      const limited = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { mobile: DEMO.recorder, password: DEMO_PASSWORD },
        remoteAddress: '10.9.9.9',
      });
      expect(limited.statusCode).toBe(429);
    });
  },
  { loginMaxFailuresPerAccount: 3, loginMaxFailuresPerAddress: 5, loginWindowSeconds: 60 },
);
