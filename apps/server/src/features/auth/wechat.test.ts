import { DEMO_MOBILES } from '@jewel/contract/values/demo';
import { and, count, eq, like, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { sessions, signInBindings, signInRequests, staffChanges, users } from '../../db/schema.ts';
import { wechatConfig } from '../../sign-in-config.ts';
import { enterAsGuest } from '../../test/commodity-kit.ts';
import { bearer, DEMO, DEMO_PASSWORD, describeOnDatabases } from '../../test/test-app.ts';
import { startWechatServer } from '../../test/wechat-server.ts';
import { randomState } from './provider-sign-in.ts';

/*
 * WeChat sign-in (docs/adr/0103 "WeChat", SPEC's `POST /user/wxLogin`) against WeChat's documented
 * endpoints on loopback: the browser's trip is followed by hand (the 302 back to the return page).
 */

const wechat = await startWechatServer();
/** WeChat with both apps: the website app's QR login, the official account inside WeChat. */
const twoApps = await startWechatServer({ officialAccount: true });
afterAll(() => Promise.all([wechat.close(), twoApps.close()]));

/** The shop's address: the return page WeChat sends the browser back to is there. */
const PUBLIC_URL = 'https://jewel.example.com';
const RETURN_PAGE = `${PUBLIC_URL}/pages/login/provider`;
const IN_WECHAT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.49(0x18003137) NetType/WIFI Language/zh_CN';
const PER_ADDRESS = 4;

describe("WeChat's configuration", () => {
  it('takes the app id and secret together, the official account beside them, and trims the bases', () => {
    expect(wechatConfig({})).toBeUndefined();
    expect(wechatConfig({ WECHAT_APP_ID: ' wx1 ', WECHAT_APP_SECRET: 's1' })).toEqual({
      appId: 'wx1',
      appSecret: 's1',
      apiBase: 'https://api.weixin.qq.com',
      openBase: 'https://open.weixin.qq.com',
    });
    expect(
      wechatConfig({
        WECHAT_APP_ID: 'wx1',
        WECHAT_APP_SECRET: 's1',
        WECHAT_MP_APP_ID: 'wx2',
        WECHAT_MP_APP_SECRET: 's2',
        WECHAT_API_BASE: 'http://127.0.0.1:9/',
      }),
    ).toMatchObject({ officialAccount: { appId: 'wx2', appSecret: 's2' }, apiBase: 'http://127.0.0.1:9' });
    expect(() => wechatConfig({ WECHAT_APP_ID: 'wx1' })).toThrow(
      'WECHAT_APP_ID and WECHAT_APP_SECRET go together: set both, or neither',
    );
    expect(() => wechatConfig({ WECHAT_APP_ID: 'wx1', WECHAT_APP_SECRET: 's1', WECHAT_MP_APP_SECRET: 's2' })).toThrow(
      'WECHAT_MP_APP_ID and WECHAT_MP_APP_SECRET go together',
    );
    expect(() => wechatConfig({ WECHAT_MP_APP_ID: 'wx2', WECHAT_MP_APP_SECRET: 's2' })).toThrow(
      'WECHAT_MP_APP_ID needs WECHAT_APP_ID and WECHAT_APP_SECRET too',
    );
    expect(() => wechatConfig({ WECHAT_APP_ID: 'wx1', WECHAT_APP_SECRET: 's1', WECHAT_OPEN_BASE: 'ftp://x' })).toThrow(
      'WECHAT_OPEN_BASE must be an http(s) address',
    );
  });
});

describe('a provider state', () => {
  it("is 43 letters and digits, WeChat's alphabet, every one of the 62 used", () => {
    const states = Array.from({ length: 500 }, randomState);
    for (const state of states) expect(state).toMatch(/^[A-Za-z0-9]{43}$/);
    expect(new Set(states).size).toBe(states.length);
    expect(new Set(states.join('')).size).toBe(62);
  });
});

/** Everything the app logs during the suite, one JSON line each. */
const logLines: string[] = [];
const logTo = { write: (chunk: string) => void logLines.push(chunk) };

describeOnDatabases(
  'WeChat sign-in',
  (ctx) => {
    let ip = 0;
    /** Each test signs in from its own address, so that the throttle's counts stay its own. */
    const nextIp = () => `10.30.0.${++ip}`;
    /** The WeChat the helpers approve at (the app's configuration points there too). */
    let fake = wechat;
    /** Every code and openid the suite used: none may reach a log. */
    const codes: string[] = [];
    const openids: string[] = [];
    const newOpenid = (label: string) => {
      const openid = `o-${label}-${crypto.randomUUID()}`;
      openids.push(openid, `${openid}-mp`);
      fake.nextOpenid = openid;
      return openid;
    };

    const call = (
      method: 'GET' | 'POST' | 'DELETE',
      url: string,
      {
        token,
        payload,
        remoteAddress,
        lang,
        userAgent,
      }: { token?: string; payload?: object; remoteAddress?: string; lang?: string; userAgent?: string } = {},
    ) =>
      ctx.app.inject({
        method,
        url,
        payload,
        remoteAddress,
        headers: {
          ...(token ? bearer(token) : {}),
          ...(lang ? { lang } : {}),
          ...(userAgent ? { 'user-agent': userAgent } : {}),
        },
      });

    /** The browser's trip to WeChat and back: the return page's address with `code` and `state`. */
    async function approve(url: string) {
      const response = await fetch(url, { redirect: 'manual' });
      expect(response.status).toBe(302);
      const back = new URL(response.headers.get('location') ?? '');
      const code = back.searchParams.get('code') ?? '';
      codes.push(code);
      return { code, state: back.searchParams.get('state') ?? '', callback_url: back.href, back };
    }

    async function startSignIn({
      remoteAddress = nextIp(),
      ...options
    }: {
      userAgent?: string;
      lang?: string;
      remoteAddress?: string;
    } = {}) {
      const started = await call('POST', '/api/auth/providers/wechat/start', { remoteAddress, ...options });
      expect(started.statusCode).toBe(200);
      return ctx.json(started).data as { url: string; state: string };
    }

    /** Signs in as the WeChat user `openid` through `/user/wxLogin`, from `remoteAddress`. */
    async function wxLogin(
      openid: string,
      { remoteAddress = nextIp(), lang, userAgent }: { remoteAddress?: string; lang?: string; userAgent?: string } = {},
    ) {
      fake.nextOpenid = openid;
      const { url } = await startSignIn({ userAgent, lang, remoteAddress });
      const { code, state } = await approve(url);
      return call('POST', '/user/wxLogin', { payload: { code, state }, remoteAddress, lang, userAgent });
    }

    async function bind(token: string, openid: string, userAgent?: string) {
      fake.nextOpenid = openid;
      const started = await call('POST', '/api/user/sign-in-bindings/wechat/start', {
        token,
        payload: { password: DEMO_PASSWORD },
        userAgent,
      });
      expect(started.statusCode).toBe(200);
      const result = await approve(ctx.json(started).data.url);
      return call('POST', '/api/user/sign-in-bindings/finish', {
        token,
        payload: { code: result.code, state: result.state, callback_url: result.callback_url },
        userAgent,
      });
    }

    async function idOf(mobile: string) {
      const [row] = await ctx.app.db.select({ id: users.id }).from(users).where(eq(users.mobile, mobile));
      if (!row) throw new Error(`no user ${mobile}`);
      return row.id;
    }

    const providerChanges = (memberId: number) =>
      ctx.app.db
        .select({ change: staffChanges.change, old: staffChanges.oldValue, new: staffChanges.newValue })
        .from(staffChanges)
        .where(and(eq(staffChanges.memberId, memberId), like(staffChanges.change, 'provider_%')))
        .orderBy(staffChanges.id);

    const sessionCount = async () => (await ctx.app.db.select({ n: count() }).from(sessions))[0]?.n;
    const bindingsOf = (userId: number) =>
      ctx.app.db.select().from(signInBindings).where(eq(signInBindings.userId, userId));

    it("lists WeChat among the methods, in the caller's language, when configured; nothing otherwise", async () => {
      const zh = await call('GET', '/api/auth/methods', { lang: 'zh_CN' });
      expect(ctx.json(zh)).toEqual({
        code: 0,
        msg: expect.any(String),
        data: { providers: [{ key: 'wechat', name: '微信' }] },
      });
      const en = await call('GET', '/api/auth/methods', { lang: 'en' });
      expect(ctx.json(en).data).toEqual({ providers: [{ key: 'wechat', name: 'WeChat' }] });

      const configured = ctx.app.config.wechat;
      ctx.app.config.wechat = undefined;
      try {
        expect(ctx.json(await call('GET', '/api/auth/methods')).data).toEqual({ providers: [] });
        const refused = await call('POST', '/user/wxLogin', {
          payload: { code: 'abc', state: 'x'.repeat(43) },
          lang: 'ja',
        });
        expect(refused.statusCode).toBe(400);
        expect(ctx.json(refused)).toMatchObject({
          code: 2040,
          msg: '外部サービスでのログインは設定されていません。携帯番号とパスワードでログインしてください。',
        });
        expect(ctx.json(await call('POST', '/api/auth/providers/wechat/start'))).toMatchObject({ code: 2040 });
      } finally {
        ctx.app.config.wechat = configured;
      }
    });

    it('binds after the password, through the QR login, records it, and signs in through /user/wxLogin', async () => {
      const token = await ctx.login(DEMO.recorder);
      const recorderId = await idOf(DEMO.recorder);
      const openid = newOpenid('recorder');

      const started = await call('POST', '/api/user/sign-in-bindings/wechat/start', {
        token,
        payload: { password: DEMO_PASSWORD },
      });
      expect(started.statusCode).toBe(200);
      const { url, state } = ctx.json(started).data;
      // WeChat's alphabet for a state: letters and digits (43: 256 bits).
      expect(state).toMatch(/^[A-Za-z0-9]{43}$/);
      // The Open Platform's QR login, its parameters in WeChat's order, the return page encoded.
      expect(url).toBe(
        `${wechat.base}/connect/qrconnect?appid=${wechat.appId}` +
          `&redirect_uri=${encodeURIComponent(RETURN_PAGE)}&response_type=code&scope=snsapi_login` +
          `&state=${state}#wechat_redirect`,
      );
      const [row] = await ctx.app.db.select().from(signInRequests).where(eq(signInRequests.state, state));
      expect(row).toMatchObject({ provider: 'wechat', purpose: 'bind', userId: recorderId });

      const result = await approve(url);
      expect(wechat.hits.at(-1)).toMatchObject({ endpoint: 'qrconnect' });
      expect(result.back.origin + result.back.pathname).toBe(RETURN_PAGE);
      expect(result.state).toBe(state);
      const finished = await call('POST', '/api/user/sign-in-bindings/finish', {
        token,
        payload: { code: result.code, state: result.state, callback_url: result.callback_url },
        lang: 'zh_CN',
      });
      expect(finished.statusCode).toBe(200);
      const binding = ctx.json(finished).data;
      expect(binding).toEqual({ provider: 'wechat', name: '微信', created_at: expect.any(String), last_used_at: null });
      // The exchange went to WeChat's API with the app's credentials and the code.
      expect(wechat.hits.at(-1)).toEqual({
        endpoint: 'access_token',
        query: [
          ['appid', wechat.appId],
          ['secret', wechat.appSecret],
          ['code', result.code],
          ['grant_type', 'authorization_code'],
        ],
      });
      expect(await bindingsOf(recorderId)).toMatchObject([{ provider: 'wechat', issuer: '', subject: openid }]);
      // The request under way was taken.
      expect(await ctx.app.db.select().from(signInRequests).where(eq(signInRequests.state, state))).toEqual([]);

      // The member's list shows it, never the openid.
      const listed = ctx.json(await call('GET', '/api/user/sign-in-bindings', { token, lang: 'en' }));
      expect(listed.data).toEqual([{ ...binding, name: 'WeChat' }]);
      expect(JSON.stringify(listed)).not.toContain(openid);

      // Signed in as that WeChat user: the password's answer, tokens that work.
      const signed = await wxLogin(openid);
      expect(signed.statusCode).toBe(200);
      const tokens = ctx.json(signed).data;
      const password = ctx.json(
        await call('POST', '/api/auth/login', { payload: { mobile: DEMO.recorder, password: DEMO_PASSWORD } }),
      ).data;
      expect(Object.keys(tokens).sort()).toEqual(Object.keys(password).sort());
      expect(Object.keys(tokens.user).sort()).toEqual(Object.keys(password.user).sort());
      expect(tokens.user).toMatchObject({ id: recorderId, mobile: DEMO.recorder });
      const me = await call('GET', '/api/user/info', { token: tokens.token });
      expect(ctx.json(me).data).toMatchObject({ id: recorderId, mobile: DEMO.recorder });
      const used = ctx.json(await call('GET', '/api/user/sign-in-bindings', { token })).data[0];
      expect(used.last_used_at).not.toBeNull();

      // Unbound by the member: WeChat signs nobody in any more.
      const removed = await call('DELETE', '/api/user/sign-in-bindings/wechat', { token });
      expect(ctx.json(removed)).toMatchObject({ code: 0, data: null });
      expect(await bindingsOf(recorderId)).toEqual([]);
      expect(ctx.json(await wxLogin(openid))).toMatchObject({ code: 2041 });
      expect(ctx.json(await call('DELETE', '/api/user/sign-in-bindings/wechat', { token }))).toMatchObject({
        code: 1002,
      });

      expect(await providerChanges(recorderId)).toEqual([
        { change: 'provider_bound', old: null, new: 'wechat' },
        { change: 'provider_sign_in', old: null, new: 'wechat' },
        { change: 'provider_unbound', old: 'wechat', new: null },
      ]);
      // The trail tells them as the staff kind, in the reader's language (ADR 0091).
      const manager = await ctx.login(DEMO_MOBILES.manager);
      const trail = ctx.json(
        await call('GET', `/api/audit?kind=staff&person=${recorderId}`, { token: manager, lang: 'zh_CN' }),
      ).data.items as { what: string }[];
      expect(trail.slice(0, 3).map(({ what }) => what)).toEqual([
        '解除绑定第三方登录账号',
        '使用第三方账号登录',
        '绑定第三方登录账号',
      ]);
    });

    it('binds nothing with a wrong password, and asks WeChat nothing', async () => {
      const token = await ctx.login(DEMO.valuer1);
      const memberId = await idOf(DEMO.valuer1);
      const requests = async () => (await ctx.app.db.select({ n: count() }).from(signInRequests))[0]?.n;
      const before = { requests: await requests(), hits: wechat.hits.length };
      const refused = await call('POST', '/api/user/sign-in-bindings/wechat/start', {
        token,
        payload: { password: 'not-the-password' },
        lang: 'zh_TW',
      });
      expect(refused.statusCode).toBe(400);
      expect(ctx.json(refused)).toMatchObject({ code: 2013, msg: '原密碼錯誤', data: { field: 'password' } });
      expect(await requests()).toBe(before.requests);
      expect(wechat.hits.length).toBe(before.hits);
      expect(await bindingsOf(memberId)).toEqual([]);
      expect(await providerChanges(memberId)).toEqual([]);
    });

    it("sends WeChat's own browser to the official account's silent authorization", async () => {
      const token = await ctx.login(DEMO.valuer2);
      const memberId = await idOf(DEMO.valuer2);
      const openid = newOpenid('in-wechat');
      expect((await bind(token, openid)).statusCode).toBe(200);

      const { url, state } = await startSignIn({ userAgent: IN_WECHAT });
      expect(url).toBe(
        `${wechat.base}/connect/oauth2/authorize?appid=${wechat.appId}` +
          `&redirect_uri=${encodeURIComponent(RETURN_PAGE)}&response_type=code&scope=snsapi_base` +
          `&state=${state}#wechat_redirect`,
      );
      const { code } = await approve(url);
      expect(wechat.hits.at(-1)).toMatchObject({ endpoint: 'authorize' });
      const signed = await call('POST', '/user/wxLogin', {
        payload: { code, state },
        userAgent: IN_WECHAT,
        remoteAddress: nextIp(),
      });
      expect(signed.statusCode).toBe(200);
      expect(ctx.json(signed).data.user).toMatchObject({ id: memberId });
      await call('DELETE', '/api/user/sign-in-bindings/wechat', { token });
    });

    it('prefers the unionid WeChat gives: the same person under both apps', async () => {
      const token = await ctx.login(DEMO.valuer3);
      const memberId = await idOf(DEMO.valuer3);
      const unionid = `u-${crypto.randomUUID()}`;
      openids.push(unionid);
      wechat.nextUnionid = unionid;
      try {
        expect((await bind(token, newOpenid('website'))).statusCode).toBe(200);
        expect(await bindingsOf(memberId)).toMatchObject([{ subject: unionid }]);
        // Another openid (another app of the same Open Platform account) with the same unionid: the same member.
        const signed = await wxLogin(newOpenid('official-account'));
        expect(ctx.json(signed).data.user).toMatchObject({ id: memberId });
      } finally {
        wechat.nextUnionid = undefined;
        await call('DELETE', '/api/user/sign-in-bindings/wechat', { token });
      }
    });

    it('uses the official account inside WeChat when one is configured, and the website app elsewhere', async () => {
      const token = await ctx.login(DEMO.valuer1);
      const memberId = await idOf(DEMO.valuer1);
      const configured = ctx.app.config.wechat;
      const mp = twoApps.officialAccount;
      if (!mp) throw new Error('two apps');
      fake = twoApps;
      ctx.app.config.wechat = twoApps.config;
      try {
        const outside = await startSignIn();
        expect(outside.url).toMatch(
          new RegExp(`^${twoApps.base}/connect/qrconnect\\?appid=${twoApps.appId}&.*&scope=snsapi_login&`),
        );
        const inside = await startSignIn({ userAgent: IN_WECHAT });
        expect(inside.url).toMatch(
          new RegExp(`^${twoApps.base}/connect/oauth2/authorize\\?appid=${mp.appId}&.*&scope=snsapi_base&`),
        );

        // Bound inside WeChat: the official account's openid, exchanged with its own secret.
        const openid = newOpenid('two-apps');
        expect((await bind(token, openid, IN_WECHAT)).statusCode).toBe(200);
        expect(twoApps.hits.at(-1)?.query.slice(0, 2)).toEqual([
          ['appid', mp.appId],
          ['secret', mp.appSecret],
        ]);
        expect(await bindingsOf(memberId)).toMatchObject([{ subject: `${openid}-mp` }]);
        const signed = await wxLogin(openid, { userAgent: IN_WECHAT });
        expect(ctx.json(signed).data.user).toMatchObject({ id: memberId });

        // Elsewhere the website app gives the same person another openid, and snsapi_base no
        // unionid: the binding made inside WeChat signs in inside WeChat only (ADR 0103).
        expect(ctx.json(await wxLogin(openid))).toMatchObject({ code: 2041 });
        // A code the official account gave, brought back by another browser, is the website app's to refuse.
        const { state } = await startSignIn();
        const code = await approve(inside.url).then((result) => result.code);
        expect(
          ctx.json(await call('POST', '/user/wxLogin', { payload: { code, state }, remoteAddress: nextIp() })),
        ).toMatchObject({
          code: 2042,
        });
      } finally {
        fake = wechat;
        ctx.app.config.wechat = configured;
        await call('DELETE', '/api/user/sign-in-bindings/wechat', { token });
      }
    });

    it('refuses a WeChat account bound to nobody, naming WeChat, and opens no session', async () => {
      const before = await sessionCount();
      const zh = await wxLogin(newOpenid('stranger'), { lang: 'zh_CN' });
      expect(zh.statusCode).toBe(400);
      expect(ctx.json(zh)).toEqual({
        code: 2041,
        msg: '该微信账号未绑定任何员工。请先用手机号和密码登录，再在个人中心绑定。',
        data: null,
      });
      const en = await wxLogin(newOpenid('stranger'), { lang: 'en' });
      expect(ctx.json(en).msg).toBe(
        'This WeChat account is not bound to any staff member. Sign in with your mobile number and password, then bind it in Personal center.',
      );
      expect(await sessionCount()).toBe(before);
    });

    it('answers the binding again when the member binds their own account twice', async () => {
      const token = await ctx.login(DEMO.valuer3);
      const memberId = await idOf(DEMO.valuer3);
      const openid = newOpenid('twice');
      const before = (await providerChanges(memberId)).length;
      const first = await bind(token, openid);
      expect(first.statusCode).toBe(200);
      try {
        const second = await bind(token, openid);
        expect(second.statusCode).toBe(200);
        expect(ctx.json(second).data).toEqual(ctx.json(first).data);
        expect(await bindingsOf(memberId)).toMatchObject([{ subject: openid }]);
        expect((await providerChanges(memberId)).slice(before)).toEqual([
          { change: 'provider_bound', old: null, new: 'wechat' },
        ]);
      } finally {
        await call('DELETE', '/api/user/sign-in-bindings/wechat', { token });
      }
    });

    it('refuses an account bound to another member', async () => {
      const first = await ctx.login(DEMO.valuer1);
      const second = await ctx.login(DEMO.valuer2);
      const openid = newOpenid('shared');
      expect((await bind(first, openid)).statusCode).toBe(200);
      try {
        const taken = await bind(second, openid);
        expect(taken.statusCode).toBe(409);
        expect(ctx.json(taken)).toMatchObject({
          code: 2044,
          msg: 'This WeChat account is already bound to another staff member.',
        });
        expect(await bindingsOf(await idOf(DEMO.valuer2))).toEqual([]);
      } finally {
        await call('DELETE', '/api/user/sign-in-bindings/wechat', { token: first });
      }
    });

    it('refuses a disabled member', async () => {
      const token = await ctx.login(DEMO.valuer3);
      const memberId = await idOf(DEMO.valuer3);
      const openid = newOpenid('disabled');
      expect((await bind(token, openid)).statusCode).toBe(200);
      await ctx.app.db.update(users).set({ isEnabled: false }).where(eq(users.id, memberId));
      try {
        const before = await sessionCount();
        const refused = await wxLogin(openid, { lang: 'zh_CN' });
        expect(refused.statusCode).toBe(403);
        expect(ctx.json(refused)).toMatchObject({ code: 2002, msg: '该账号已停用，请联系管理员' });
        expect(await sessionCount()).toBe(before);
      } finally {
        await ctx.app.db.update(users).set({ isEnabled: true }).where(eq(users.id, memberId));
        await call('DELETE', '/api/user/sign-in-bindings/wechat', { token });
      }
    });

    it('refuses a used code and an invalid one', async () => {
      const token = await ctx.login(DEMO.valuer1);
      const openid = newOpenid('codes');
      expect((await bind(token, openid)).statusCode).toBe(200);
      try {
        const { url, state } = await startSignIn();
        const { code } = await approve(url);
        // The code spent elsewhere first (WeChat's 40163 when it comes back).
        const spent = await fetch(
          `${wechat.base}/sns/oauth2/access_token?appid=${wechat.appId}&secret=${wechat.appSecret}&code=${code}&grant_type=authorization_code`,
        );
        expect(((await spent.json()) as { openid: string }).openid).toBe(openid);
        const reused = await call('POST', '/user/wxLogin', {
          payload: { code, state },
          lang: 'zh_CN',
          remoteAddress: nextIp(),
        });
        expect(reused.statusCode).toBe(400);
        expect(ctx.json(reused)).toEqual({ code: 2042, msg: '第三方登录未完成，请重试。', data: null });
        expect(wechat.hits.at(-1)?.endpoint).toBe('access_token');

        const second = await startSignIn();
        const invalid = `forged${crypto.randomUUID()}`;
        codes.push(invalid);
        const forged = await call('POST', '/user/wxLogin', {
          payload: { code: invalid, state: second.state },
          lang: 'en',
          remoteAddress: nextIp(),
        });
        expect(ctx.json(forged)).toEqual({
          code: 2042,
          msg: 'Signing in at the provider did not complete. Please try again.',
          data: null,
        });
      } finally {
        await call('DELETE', '/api/user/sign-in-bindings/wechat', { token });
      }
    });

    it('refuses a used, an unknown or an expired state, and one started for binding', async () => {
      const token = await ctx.login(DEMO.valuer2);
      const openid = newOpenid('states');
      expect((await bind(token, openid)).statusCode).toBe(200);
      try {
        const first = await startSignIn();
        const approved = await approve(first.url);
        expect(
          (
            await call('POST', '/user/wxLogin', {
              payload: { code: approved.code, state: approved.state },
              remoteAddress: nextIp(),
            })
          ).statusCode,
        ).toBe(200);
        const hits = wechat.hits.length;
        // The same state again, even with a fresh code: taken once.
        const again = await call('POST', '/user/wxLogin', {
          payload: { code: wechat.issueCode(openid), state: first.state },
          remoteAddress: nextIp(),
        });
        expect(ctx.json(again)).toMatchObject({ code: 2042 });
        const unknown = await call('POST', '/user/wxLogin', {
          payload: { code: wechat.issueCode(openid), state: 'A'.repeat(43) },
          remoteAddress: nextIp(),
        });
        expect(ctx.json(unknown)).toMatchObject({ code: 2042 });

        const late = await startSignIn();
        await ctx.app.db.execute(
          sql`update sign_in_requests set expires_at = now() - interval '1 second' where state = ${late.state}`,
        );
        const expired = await call('POST', '/user/wxLogin', {
          payload: { code: wechat.issueCode(openid), state: late.state },
          remoteAddress: nextIp(),
        });
        expect(ctx.json(expired)).toMatchObject({ code: 2042 });

        // A binding's state signs nobody in (nor is it left to bind with afterwards).
        const binding = ctx.json(
          await call('POST', '/api/user/sign-in-bindings/wechat/start', {
            token,
            payload: { password: DEMO_PASSWORD },
          }),
        ).data;
        const crossed = await call('POST', '/user/wxLogin', {
          payload: { code: wechat.issueCode(openid), state: binding.state },
          remoteAddress: nextIp(),
        });
        expect(ctx.json(crossed)).toMatchObject({ code: 2042 });
        // WeChat was asked nothing for these: the state is checked first.
        expect(wechat.hits.length).toBe(hits);
        // Nor does a sign-in's state bind.
        const signIn = await startSignIn();
        const bound = await call('POST', '/api/user/sign-in-bindings/finish', {
          token,
          payload: { code: wechat.issueCode(openid), state: signIn.state, callback_url: RETURN_PAGE },
        });
        expect(ctx.json(bound)).toMatchObject({ code: 2042 });
      } finally {
        await call('DELETE', '/api/user/sign-in-bindings/wechat', { token });
      }
    });

    it('answers 503 naming WeChat while it answers 500, hangs, is busy or answers no JSON', async () => {
      const token = await ctx.login(DEMO.valuer3);
      const openid = newOpenid('down');
      expect((await bind(token, openid)).statusCode).toBe(200);
      const configured = ctx.app.config.wechat;
      // WeChat's 5 s would be waited out twice a run: a hang counts after 300 ms here.
      ctx.app.config.wechat = configured && { ...configured, timeoutMs: 300 };
      try {
        for (const failure of ['status500', 'hang', 'busy', 'html'] as const) {
          wechat.failure = failure;
          const refused = await wxLogin(openid, { lang: 'zh_CN' });
          expect(refused.statusCode, failure).toBe(503);
          expect(ctx.json(refused), failure).toEqual({
            code: 2043,
            msg: '暂时无法连接微信，请稍后再试，或使用手机号和密码登录。',
            data: null,
          });
        }
        wechat.failure = 'status500';
        expect(ctx.json(await wxLogin(openid, { lang: 'en' })).msg).toBe(
          'WeChat cannot be reached right now. Try again later, or sign in with your mobile number and password.',
        );
        // A binding meets the same refusal.
        const binding = await bind(token, newOpenid('down-binding'));
        expect(ctx.json(binding)).toMatchObject({ code: 2043 });
        // WeChat back: the same member signs in.
        wechat.failure = 'none';
        expect((await wxLogin(openid)).statusCode).toBe(200);
      } finally {
        wechat.failure = 'none';
        ctx.app.config.wechat = configured;
        await call('DELETE', '/api/user/sign-in-bindings/wechat', { token });
      }
    });

    it('does not count sign-ins while WeChat cannot be reached: the address keeps its password', async () => {
      const token = await ctx.login(DEMO.valuer2);
      const openid = newOpenid('down-throttle');
      expect((await bind(token, openid)).statusCode).toBe(200);
      const remoteAddress = nextIp();
      wechat.failure = 'status500';
      try {
        // More than this suite's 4 failures per address: each answers 503, none 429.
        for (let i = 0; i <= PER_ADDRESS; i++) {
          expect((await wxLogin(openid, { remoteAddress })).statusCode).toBe(503);
        }
      } finally {
        wechat.failure = 'none';
      }
      const password = await call('POST', '/api/auth/login', {
        payload: { mobile: DEMO.valuer1, password: DEMO_PASSWORD },
        remoteAddress,
      });
      expect(password.statusCode).toBe(200);
      expect((await wxLogin(openid, { remoteAddress })).statusCode).toBe(200);
      await call('DELETE', '/api/user/sign-in-bindings/wechat', { token });
    });

    it('refuses every sign-in with a wrong app secret, and tells the operator once, by errcode', async () => {
      const configured = ctx.app.config.wechat;
      if (!configured) throw new Error('WeChat is configured here');
      const wrongSecret = `wrong-${crypto.randomUUID()}`;
      ctx.app.config.wechat = { ...configured, appSecret: wrongSecret };
      const seen = logLines.length;
      try {
        for (let i = 0; i < 2; i++) {
          expect(ctx.json(await wxLogin(newOpenid('wrong-secret')))).toMatchObject({ code: 2042 });
        }
      } finally {
        ctx.app.config.wechat = configured;
      }
      const warnings = logLines
        .slice(seen)
        .map((line) => JSON.parse(line))
        .filter((line) => line.level === 40);
      expect(warnings).toEqual([
        expect.objectContaining({ errcode: 40125, msg: expect.stringContaining('WECHAT_APP_SECRET') }),
      ]);
      expect(logLines.slice(seen).join('')).not.toContain(wrongSecret);
    });

    it('counts failed WeChat sign-ins in the address throttle, then answers 429', async () => {
      const remoteAddress = nextIp();
      for (let i = 0; i < PER_ADDRESS; i++) {
        expect(ctx.json(await wxLogin(newOpenid('throttled'), { remoteAddress }))).toMatchObject({ code: 2041 });
      }
      const hits = wechat.hits.filter((hit) => hit.endpoint === 'access_token').length;
      const limited = await wxLogin(newOpenid('throttled'), { remoteAddress });
      expect(limited.statusCode).toBe(429);
      expect(ctx.json(limited).code).toBe(1005);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      // Refused before WeChat is asked.
      expect(wechat.hits.filter((hit) => hit.endpoint === 'access_token').length).toBe(hits);
      // One counter for every method: the password from that address waits as well.
      const password = await call('POST', '/api/auth/login', {
        payload: { mobile: DEMO.valuer1, password: DEMO_PASSWORD },
        remoteAddress,
      });
      expect(password.statusCode).toBe(429);
    });

    it('limits the sign-ins an address starts, never as failed sign-ins', async () => {
      const remoteAddress = nextIp();
      const requests = async () => (await ctx.app.db.select({ n: count() }).from(signInRequests))[0]?.n;
      ctx.app.config.providerStartsPerAddress = 3;
      try {
        for (let i = 0; i < 3; i++) await startSignIn({ remoteAddress });
        const before = await requests();
        const limited = await call('POST', '/api/auth/providers/wechat/start', { remoteAddress, lang: 'zh_CN' });
        expect(limited.statusCode).toBe(429);
        expect(ctx.json(limited)).toMatchObject({ code: 1005, data: null });
        const retryAfter = Number(limited.headers['retry-after']);
        expect(retryAfter).toBeGreaterThan(290);
        expect(retryAfter).toBeLessThanOrEqual(300);
        // Refused before a request is written.
        expect(await requests()).toBe(before);
        // Starting is no failed sign-in: the password from that address signs in.
        const password = await call('POST', '/api/auth/login', {
          payload: { mobile: DEMO.valuer1, password: DEMO_PASSWORD },
          remoteAddress,
        });
        expect(password.statusCode).toBe(200);
        // Another address starts as before.
        await startSignIn();
      } finally {
        ctx.app.config.providerStartsPerAddress = 30;
      }
    });

    it('refuses a guest: no binding started, none finished, no list', async () => {
      const guest = await enterAsGuest(ctx, await ctx.login(DEMO.recorder), 'recorder');
      const hits = wechat.hits.length;
      const attempts = [
        await call('POST', '/api/user/sign-in-bindings/wechat/start', {
          token: guest.token,
          payload: { password: DEMO_PASSWORD },
        }),
        await call('POST', '/api/user/sign-in-bindings/finish', {
          token: guest.token,
          payload: { code: wechat.issueCode(), state: 'A'.repeat(43), callback_url: RETURN_PAGE },
        }),
        await call('GET', '/api/user/sign-in-bindings', { token: guest.token }),
      ];
      for (const response of attempts) {
        expect(response.statusCode).toBe(403);
        expect(ctx.json(response)).toMatchObject({ code: 2031, msg: 'Temporary users cannot do this.' });
      }
      expect(wechat.hits.length).toBe(hits);
      expect(await bindingsOf(guest.id)).toEqual([]);
    });

    it('logs no secret, code, openid, unionid or access token of the whole suite', async () => {
      const text = logLines.join('');
      // The suite did log: requests, and the warnings above.
      expect(text).toContain('"url":"/user/wxLogin"');
      expect(codes.length).toBeGreaterThan(10);
      const secrets = [wechat.appSecret, twoApps.appSecret, twoApps.officialAccount?.appSecret ?? ''];
      for (const value of [...secrets, ...codes, ...openids, ...wechat.accessTokens, ...twoApps.accessTokens]) {
        expect(text).not.toContain(value);
      }
    });
  },
  { wechat: wechat.config, publicUrl: PUBLIC_URL, loginMaxFailuresPerAddress: PER_ADDRESS, logLevel: 'trace' },
  logTo,
);
