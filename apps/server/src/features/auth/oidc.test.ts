import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { and, eq, like, sql } from 'drizzle-orm';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInBindings, staffChanges, users } from '../../db/schema.ts';
import type { OidcProviderConfig } from '../../sign-in-config.ts';
import {
  authorizeInBrowser,
  type HandMadeIssuer,
  startHandMadeIssuer,
  startOidcProvider,
  type TestProvider,
} from '../../test/oidc-issuer.ts';
import { bearer, DEMO, DEMO_PASSWORD, describeOnDatabases } from '../../test/test-app.ts';
import { unreachable } from './oidc.ts';

/*
 * OpenID Connect sign-in (docs/adr/0103) against a real oidc-provider on loopback, and a hand-made
 * issuer for the id tokens no honest provider sends. The return page is the shop's (PUBLIC_URL).
 */

const SHOP = 'https://ginza.example.jp';
const RETURN_PAGE = `${SHOP}/pages/login/provider`;
const SECRETS = { acme: 'acme-secret-0123456789', line: 'line-channel-secret-0123', crafted: 'crafted-secret-0123456' };
const ACME_NAMES = { en: 'Acme ID', ja: 'アクメID', 'zh-Hans': 'Acme 账号', 'zh-Hant': 'Acme 帳號' };

const providers: OidcProviderConfig[] = [];
let op: TestProvider;
let handMade: HandMadeIssuer;

beforeAll(async () => {
  op = await startOidcProvider([{ clientId: 'jewel', clientSecret: SECRETS.acme, redirectUri: RETURN_PAGE }]);
  handMade = await startHandMadeIssuer();
  const scopes = ['openid', 'email'];
  providers.push(
    { key: 'acme', names: ACME_NAMES, issuer: op.issuer, clientId: 'jewel', clientSecret: SECRETS.acme, scopes },
    // As LINE's web login: its discovery lists ES256 (here RS256), its id tokens are HS256.
    {
      key: 'line',
      names: { en: 'LINE', ja: 'LINE', 'zh-Hans': 'LINE', 'zh-Hant': 'LINE' },
      issuer: handMade.issuer,
      clientId: '1650000000',
      clientSecret: SECRETS.line,
      scopes,
      idTokenAlg: 'HS256',
    },
    {
      key: 'crafted',
      names: { en: 'Crafted', ja: 'クラフテッド', 'zh-Hans': 'Crafted', 'zh-Hant': 'Crafted' },
      issuer: handMade.issuer,
      clientId: 'crafted-client',
      clientSecret: SECRETS.crafted,
      scopes,
    },
  );
});

afterAll(async () => {
  await op?.close();
  await handMade?.close();
});

describe('a provider that cannot be reached', () => {
  /** What openid-client throws when it asks `issuer` for its discovery, waiting at most `seconds`. */
  async function discoveryError(issuer: string, seconds = 5) {
    const failed = await client
      .discovery(new URL(issuer), 'client', undefined, undefined, {
        execute: [client.allowInsecureRequests],
        timeout: seconds,
      })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(failed).toBeInstanceOf(Error);
    return failed;
  }

  it('is one that times out, refuses the connection, or answers 5xx; not one that answers no', async () => {
    // Answers nothing until the client gives up (a fifth of a second here), then is closed.
    const silent = createHttpServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const silentIssuer = `http://127.0.0.1:${(silent.address() as { port: number }).port}`;
    try {
      expect(unreachable(await discoveryError(silentIssuer, 0.2))).toBe(true);
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
    // Closed now: the connection is refused.
    expect(unreachable(await discoveryError(silentIssuer))).toBe(true);

    const issuer = await startHandMadeIssuer();
    try {
      issuer.down = true;
      expect(unreachable(await discoveryError(issuer.issuer))).toBe(true);
      issuer.down = false;
      // Another issuer's discovery answered: not unreachable, refused (the message says why).
      const other = await discoveryError(issuer.issuer.replace('127.0.0.1', 'localhost'));
      expect(unreachable(other)).toBe(false);
      // The token endpoint's OAuth errors: a 4xx refuses, a 5xx is the provider's.
      const answered = (status: number) =>
        new client.ResponseBodyError('x', {
          cause: { error: 'invalid_grant' },
          response: new Response(null, { status }),
        });
      expect(unreachable(answered(400))).toBe(false);
      expect(unreachable(answered(503))).toBe(true);
    } finally {
      await issuer.close();
    }
  });
});

/** What the logs must never hold: every code, subject and id token the tests made. */
const secretsSeen = new Set<string>(Object.values(SECRETS));
const logLines: string[] = [];
const logTo = { write: (line: string) => void logLines.push(line) };

interface Result {
  state: string;
  code: string;
  callback_url: string;
}

describeOnDatabases(
  'OpenID Connect sign-in',
  (ctx) => {
    let ip = 0;
    /** Each sign-in comes from its own address, so that the throttle's counts stay its own. */
    const nextIp = () => `10.30.${ctx.kind === 'pglite' ? 1 : 2}.${++ip}`;
    const call = (
      method: 'GET' | 'POST' | 'DELETE',
      url: string,
      {
        token,
        payload,
        lang,
        remoteAddress,
      }: { token?: string; payload?: object; lang?: string; remoteAddress?: string } = {},
    ) =>
      ctx.app.inject({
        method,
        url,
        payload,
        remoteAddress: remoteAddress ?? nextIp(),
        headers: { ...(lang ? { lang } : {}), ...(token ? bearer(token) : {}) },
      });

    async function idOf(mobile: string) {
      const [row] = await ctx.app.db.select({ id: users.id }).from(users).where(eq(users.mobile, mobile));
      if (!row) throw new Error(`no user ${mobile}`);
      return row.id;
    }

    const providerChanges = (memberId: number) =>
      ctx.app.db
        .select({ change: staffChanges.change, new: staffChanges.newValue, by: staffChanges.changedBy })
        .from(staffChanges)
        .where(and(eq(staffChanges.memberId, memberId), like(staffChanges.change, 'provider_%')))
        .orderBy(staffChanges.id);

    /** Subjects differ per database run: the provider is shared, the databases are not. */
    const subject = (name: string) => `${name}-${ctx.kind}`;

    /** At the real provider, signed in as `sub` with these claims: where the browser comes back. */
    async function atProvider(url: string, sub: string, claims: { email?: string; email_verified?: boolean } = {}) {
      secretsSeen.add(sub);
      op.accounts.set(sub, claims);
      op.signInAs = sub;
      const back = new URL(await authorizeInBrowser(url, RETURN_PAGE));
      const result = {
        state: back.searchParams.get('state') ?? '',
        code: back.searchParams.get('code') ?? '',
        callback_url: back.href,
      };
      secretsSeen.add(result.code);
      return result;
    }

    async function startSignIn(provider = 'acme', lang?: string) {
      const started = await call('POST', `/api/auth/providers/${provider}/start`, { lang });
      expect(started.statusCode, started.body).toBe(200);
      return ctx.json(started).data as { url: string; state: string };
    }

    const finishSignIn = (result: Result, lang?: string) =>
      call('POST', '/api/auth/providers/finish', { payload: result, lang });

    async function signInAs(sub: string, claims: { email?: string; email_verified?: boolean } = {}, lang?: string) {
      const { url } = await startSignIn('acme', lang);
      return finishSignIn(await atProvider(url, sub, claims), lang);
    }

    async function bind(token: string, sub: string, lang?: string) {
      const started = await call('POST', '/api/user/sign-in-bindings/acme/start', {
        token,
        payload: { password: DEMO_PASSWORD },
      });
      expect(started.statusCode, started.body).toBe(200);
      const result = await atProvider(ctx.json(started).data.url, sub);
      return call('POST', '/api/user/sign-in-bindings/finish', { token, payload: result, lang });
    }

    /** A sign-in at the hand-made issuer, whose token endpoint answers `idToken(nonce)`. */
    async function craftedSignIn(provider: 'crafted' | 'line', idToken: (nonce: string) => Promise<string>) {
      const { url, state } = await startSignIn(provider);
      handMade.idToken = async (nonce) => {
        const token = await idToken(nonce);
        secretsSeen.add(token);
        return token;
      };
      const code = handMade.codeFor(url);
      secretsSeen.add(code);
      const callback = new URL(RETURN_PAGE);
      callback.search = new URLSearchParams({ code, state }).toString();
      return finishSignIn({ state, code, callback_url: callback.href }, 'ja');
    }

    const claimsFor = (provider: OidcProviderConfig, nonce: string, sub: string) => ({
      iss: provider.issuer,
      aud: provider.clientId,
      sub,
      nonce,
      iat: Math.floor(Date.now() / 1000),
      exp: Math.floor(Date.now() / 1000) + 300,
    });

    const NOT_BOUND_JA = (name: string) =>
      `この${name}アカウントはどのスタッフにも連携されていません。携帯番号とパスワードでログインし、マイページで連携してください。`;
    const FAILED_JA = '外部サービスでのログインが完了しませんでした。もう一度お試しください。';

    it('lists every configured provider by its name in the caller’s language', async () => {
      const ja = ctx.json(await call('GET', '/api/auth/methods', { lang: 'ja' })).data;
      expect(ja.providers).toEqual([
        { key: 'acme', name: 'アクメID' },
        { key: 'line', name: 'LINE' },
        { key: 'crafted', name: 'クラフテッド' },
      ]);
      const en = ctx.json(await call('GET', '/api/auth/methods', { lang: 'en' })).data;
      expect(en.providers.map((provider: { name: string }) => provider.name)).toEqual(['Acme ID', 'LINE', 'Crafted']);
    });

    it('sends the browser with PKCE (S256), state and nonce, to come back to the return page', async () => {
      const { url, state } = await startSignIn();
      const sent = new URL(url);
      expect(sent.origin).toBe(op.issuer);
      expect(Object.fromEntries(sent.searchParams)).toMatchObject({
        client_id: 'jewel',
        response_type: 'code',
        redirect_uri: RETURN_PAGE,
        scope: 'openid email',
        state,
        code_challenge_method: 'S256',
      });
      expect(sent.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
      expect(sent.searchParams.get('nonce')).toMatch(/^[\w-]{43}$/);
    });

    it('binds in the personal center, then signs in with the tokens the password answers', async () => {
      const token = await ctx.login(DEMO.valuer1);
      const memberId = await idOf(DEMO.valuer1);
      const sub = subject('valuer1');
      const bound = await bind(token, sub);
      expect(bound.statusCode, bound.body).toBe(200);
      expect(ctx.json(bound).data).toMatchObject({ provider: 'acme', name: 'Acme ID', last_used_at: null });
      const [row] = await ctx.app.db.select().from(signInBindings).where(eq(signInBindings.userId, memberId));
      expect(row).toMatchObject({ provider: 'acme', issuer: op.issuer, subject: sub });

      const signed = await signInAs(sub);
      expect(signed.statusCode, signed.body).toBe(200);
      const tokens = ctx.json(signed).data;
      const password = ctx.json(
        await call('POST', '/api/auth/login', { payload: { mobile: DEMO.valuer1, password: DEMO_PASSWORD } }),
      ).data;
      expect(Object.keys(tokens).sort()).toEqual(Object.keys(password).sort());
      expect(tokens.user).toMatchObject({ id: memberId, mobile: DEMO.valuer1 });
      const me = await call('GET', '/api/user/info', { token: tokens.token });
      expect(ctx.json(me).data).toMatchObject({ id: memberId, mobile: DEMO.valuer1 });

      const listed = ctx.json(await call('GET', '/api/user/sign-in-bindings', { token, lang: 'ja' })).data;
      expect(listed).toEqual([
        { provider: 'acme', name: 'アクメID', created_at: expect.any(String), last_used_at: expect.any(String) },
      ]);
      expect(await providerChanges(memberId)).toEqual([
        { change: 'provider_bound', new: 'acme', by: memberId },
        { change: 'provider_sign_in', new: 'acme', by: memberId },
      ]);
    });

    it('refuses to bind an account bound to another member', async () => {
      const sub = subject('shared');
      expect((await bind(await ctx.login(DEMO.recorder), sub)).statusCode).toBe(200);
      const taken = await bind(await ctx.login(DEMO.valuer3), sub, 'ja');
      expect(taken.statusCode).toBe(409);
      expect(ctx.json(taken)).toMatchObject({
        code: 2044,
        msg: 'このアクメIDアカウントはすでに別のスタッフに連携されています。',
      });
    });

    it('binds on first use by a verified e-mail a manager set, and signs in', async () => {
      const memberId = await idOf(DEMO.valuer2);
      await ctx.app.db.update(users).set({ email: 'valuer2@ginza.example.jp' }).where(eq(users.id, memberId));
      const signed = await signInAs(subject('valuer2'), { email: 'Valuer2@Ginza.example.jp', email_verified: true });
      expect(signed.statusCode, signed.body).toBe(200);
      expect(ctx.json(signed).data.user).toMatchObject({ id: memberId });
      const [row] = await ctx.app.db.select().from(signInBindings).where(eq(signInBindings.userId, memberId));
      expect(row).toMatchObject({ provider: 'acme', subject: subject('valuer2') });
      expect(await providerChanges(memberId)).toEqual([
        { change: 'provider_bound', new: 'acme', by: memberId },
        { change: 'provider_sign_in', new: 'acme', by: memberId },
      ]);
      // Bound now: the same account signs in by its binding, whatever its e-mail says later.
      expect((await signInAs(subject('valuer2'), { email: 'elsewhere@example.com' })).statusCode).toBe(200);
    });

    it('never binds by an e-mail that is not verified, nor signs in an unbound account', async () => {
      const memberId = await idOf(DEMO.valuer3);
      await ctx.app.db.update(users).set({ email: 'valuer3@ginza.example.jp' }).where(eq(users.id, memberId));
      for (const claims of [
        { email: 'valuer3@ginza.example.jp', email_verified: false },
        { email: 'valuer3@ginza.example.jp' },
        {},
      ]) {
        const refused = await signInAs(subject('valuer3'), claims, 'ja');
        expect(refused.statusCode).toBe(400);
        expect(ctx.json(refused)).toMatchObject({ code: 2041, msg: NOT_BOUND_JA('アクメID') });
      }
      expect(await ctx.app.db.select().from(signInBindings).where(eq(signInBindings.userId, memberId))).toEqual([]);
      expect(await providerChanges(memberId)).toEqual([]);
    });

    it('refuses a state that is not the one the browser came back with, and a state used once', async () => {
      const first = await startSignIn();
      const second = await startSignIn();
      const back = await atProvider(first.url, subject('valuer1'));
      // The page sends the other request's state: the callback's own state does not match it.
      const swapped = await finishSignIn({ ...back, state: second.state }, 'ja');
      expect(ctx.json(swapped)).toMatchObject({ code: 2042, msg: FAILED_JA });
      // A state nobody started.
      const unknown = await finishSignIn({ ...back, state: 'x'.repeat(43) });
      expect(ctx.json(unknown)).toMatchObject({ code: 2042 });

      const fresh = await atProvider((await startSignIn()).url, subject('valuer1'));
      expect((await finishSignIn(fresh)).statusCode).toBe(200);
      const replayed = await finishSignIn(fresh, 'ja');
      expect(replayed.statusCode).toBe(400);
      expect(ctx.json(replayed)).toMatchObject({ code: 2042, msg: FAILED_JA });
    });

    it('refuses a code the callback does not hold, and a sign-in finished as a binding', async () => {
      const back = await atProvider((await startSignIn()).url, subject('valuer1'));
      expect(ctx.json(await finishSignIn({ ...back, code: 'another-code' }))).toMatchObject({ code: 2042 });
      const again = await atProvider((await startSignIn()).url, subject('valuer1'));
      const token = await ctx.login(DEMO.valuer1);
      const asBinding = await call('POST', '/api/user/sign-in-bindings/finish', { token, payload: again });
      expect(ctx.json(asBinding)).toMatchObject({ code: 2042 });
    });

    it('refuses an id token whose nonce is not the request’s', async () => {
      const { url, state } = await startSignIn();
      await ctx.app.db.execute(sql`update sign_in_requests set nonce = ${'n'.repeat(43)} where state = ${state}`);
      const refused = await finishSignIn(await atProvider(url, subject('valuer1')), 'ja');
      expect(refused.statusCode).toBe(400);
      expect(ctx.json(refused)).toMatchObject({ code: 2042, msg: FAILED_JA });
    });

    it('refuses a code exchanged without its PKCE verifier', async () => {
      const { url, state } = await startSignIn();
      await ctx.app.db.execute(
        sql`update sign_in_requests set code_verifier = ${'v'.repeat(43)} where state = ${state}`,
      );
      expect(ctx.json(await finishSignIn(await atProvider(url, subject('valuer1'))))).toMatchObject({ code: 2042 });
    });

    it('checks the id token: issuer, audience, expiry and signature', async () => {
      const crafted = providers.find((provider) => provider.key === 'crafted') as OidcProviderConfig;
      const sub = subject('stranger');
      secretsSeen.add(sub);
      // An honest token: accepted, and then refused by the door as bound to nobody.
      const honest = await craftedSignIn('crafted', (nonce) => handMade.sign(claimsFor(crafted, nonce, sub)));
      expect(ctx.json(honest)).toMatchObject({ code: 2041, msg: NOT_BOUND_JA('クラフテッド') });

      const tampered: Record<string, (nonce: string) => Promise<string>> = {
        'another issuer': (nonce) => handMade.sign({ ...claimsFor(crafted, nonce, sub), iss: op.issuer }),
        'another audience': (nonce) => handMade.sign({ ...claimsFor(crafted, nonce, sub), aud: 'jewel' }),
        expired: (nonce) =>
          handMade.sign({ ...claimsFor(crafted, nonce, sub), iat: 1_700_000_000, exp: 1_700_000_300 }),
        'a key the issuer does not publish': (nonce) =>
          handMade.sign(claimsFor(crafted, nonce, sub), { otherKey: true }),
        'an HMAC where the issuer signs with its keys': (nonce) =>
          handMade.sign(claimsFor(crafted, nonce, sub), { secret: SECRETS.crafted }),
        'no nonce': (nonce) => handMade.sign({ ...claimsFor(crafted, nonce, sub), nonce: undefined }),
      };
      for (const [what, idToken] of Object.entries(tampered)) {
        const refused = await craftedSignIn('crafted', idToken);
        expect(ctx.json(refused), what).toMatchObject({ code: 2042, msg: FAILED_JA });
      }
    });

    it('checks an HMAC id token (LINE) with the channel secret, and no e-mail without email_verified', async () => {
      const line = providers.find((provider) => provider.key === 'line') as OidcProviderConfig;
      const sub = subject('line-user');
      secretsSeen.add(sub);
      const memberId = await idOf(DEMO.recorder);
      await ctx.app.db.update(users).set({ email: 'recorder@ginza.example.jp' }).where(eq(users.id, memberId));
      // LINE's id token: an e-mail, without email_verified: accepted, and not bound by it.
      const accepted = await craftedSignIn('line', (nonce) =>
        handMade.sign({ ...claimsFor(line, nonce, sub), email: 'recorder@ginza.example.jp' }, { secret: SECRETS.line }),
      );
      expect(ctx.json(accepted)).toMatchObject({ code: 2041, msg: NOT_BOUND_JA('LINE') });
      for (const idToken of [
        (nonce: string) => handMade.sign(claimsFor(line, nonce, sub), { secret: 'another-secret-0123456789' }),
        (nonce: string) => handMade.sign(claimsFor(line, nonce, sub)),
      ]) {
        expect(ctx.json(await craftedSignIn('line', idToken))).toMatchObject({ code: 2042 });
      }
    });

    it('answers 503 naming the provider while it is down, and asks its discovery again once it is up', async () => {
      const issuer = await startHandMadeIssuer();
      const flaky: OidcProviderConfig = {
        key: 'flaky',
        names: { en: 'Flaky', ja: 'フレーキー', 'zh-Hans': 'Flaky', 'zh-Hant': 'Flaky' },
        issuer: issuer.issuer,
        clientId: 'flaky-client',
        clientSecret: 'flaky-secret-0123456789',
        scopes: ['openid'],
      };
      secretsSeen.add(flaky.clientSecret);
      ctx.app.config.oidcProviders.push(flaky);
      try {
        issuer.down = true;
        const down = await call('POST', '/api/auth/providers/flaky/start', { lang: 'ja' });
        expect(down.statusCode).toBe(503);
        expect(ctx.json(down)).toMatchObject({
          code: 2043,
          msg: '現在フレーキーに接続できません。しばらくしてから試すか、携帯番号とパスワードでログインしてください。',
        });
        issuer.down = false;
        const { url, state } = await startSignIn('flaky');
        // Down between the tap and the return: the token endpoint's 503 is the provider's.
        issuer.down = true;
        const code = issuer.codeFor(url);
        const callback = `${RETURN_PAGE}?${new URLSearchParams({ code, state })}`;
        const late = await finishSignIn({ state, code, callback_url: callback }, 'en');
        expect(late.statusCode).toBe(503);
        expect(ctx.json(late)).toMatchObject({
          code: 2043,
          msg: 'Flaky cannot be reached right now. Try again later, or sign in with your mobile number and password.',
        });
      } finally {
        ctx.app.config.oidcProviders.pop();
        await issuer.close();
      }
    });

    it('answers 503 when nothing listens at the issuer', async () => {
      const closed = createServer();
      await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
      const { port } = closed.address() as { port: number };
      await new Promise<void>((resolve) => closed.close(() => resolve()));
      ctx.app.config.oidcProviders.push({
        key: 'gone',
        names: { en: 'Gone', ja: 'Gone', 'zh-Hans': 'Gone', 'zh-Hant': 'Gone' },
        issuer: `http://127.0.0.1:${port}`,
        clientId: 'gone',
        clientSecret: '',
        scopes: ['openid'],
      });
      try {
        const refused = await call('POST', '/api/auth/providers/gone/start', { lang: 'en' });
        expect(refused.statusCode).toBe(503);
        expect(ctx.json(refused)).toMatchObject({ code: 2043, data: null });
      } finally {
        ctx.app.config.oidcProviders.pop();
      }
    });

    it('refuses a disabled member', async () => {
      const memberId = await idOf(DEMO.valuer1);
      await ctx.app.db.update(users).set({ isEnabled: false }).where(eq(users.id, memberId));
      try {
        const refused = await signInAs(subject('valuer1'), {}, 'ja');
        expect(refused.statusCode).toBe(403);
        expect(ctx.json(refused)).toMatchObject({
          code: 2002,
          msg: 'このアカウントは無効です。管理者にお問い合わせください。',
        });
      } finally {
        await ctx.app.db.update(users).set({ isEnabled: true }).where(eq(users.id, memberId));
      }
    });

    it('binds nothing to a disabled member by their e-mail', async () => {
      const memberId = await idOf(DEMO.valuer1);
      await ctx.app.db
        .update(users)
        .set({ isEnabled: false, email: 'valuer1@ginza.example.jp' })
        .where(eq(users.id, memberId));
      const before = await providerChanges(memberId);
      try {
        const refused = await signInAs(subject('valuer1-by-mail'), {
          email: 'valuer1@ginza.example.jp',
          email_verified: true,
        });
        expect(ctx.json(refused)).toMatchObject({ code: 2002 });
        const bound = await ctx.app.db
          .select()
          .from(signInBindings)
          .where(eq(signInBindings.subject, subject('valuer1-by-mail')));
        expect(bound).toEqual([]);
        expect(await providerChanges(memberId)).toEqual(before);
      } finally {
        await ctx.app.db.update(users).set({ isEnabled: true, email: null }).where(eq(users.id, memberId));
      }
    });

    it('logs no code, token, secret or subject', () => {
      const logs = logLines.join('\n');
      expect(logs).toContain('sign-in provider unreachable');
      expect(logs).toContain('sign-in at provider refused');
      for (const secret of secretsSeen) expect(logs).not.toContain(secret);
      expect(logs).not.toMatch(/eyJ[\w-]+\.eyJ/);
    });
  },
  { publicUrl: SHOP, oidcProviders: providers },
  logTo,
);
