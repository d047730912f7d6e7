import { DEMO_MOBILES } from '@jewel/contract/values/demo';
import { and, count, eq, like, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { staffChanges, users, webauthnChallenges } from '../../db/schema.ts';
import { enterAsGuest } from '../../test/commodity-kit.ts';
import { bearer, DEMO, DEMO_PASSWORD, describeOnDatabases } from '../../test/test-app.ts';
import { SoftPasskey } from '../../test/webauthn-authenticator.ts';
import { relyingPartyAt } from './passkey.service.ts';

/** The page a browser on the embedded default signs from: localhost, any port. */
const ORIGIN = 'http://localhost:5173';

describe('the relying party', () => {
  const request = (origin: string | undefined, host = 'localhost:3000') =>
    ({ headers: origin ? { origin } : {}, protocol: 'http', host }) as unknown as FastifyRequest;

  it("is the public address's host and origin when there is one, whatever the request", () => {
    expect(relyingPartyAt('https://shop.example.com', request('https://elsewhere.example'))).toEqual({
      id: 'shop.example.com',
      origin: 'https://shop.example.com',
    });
  });

  it("is localhost with the request's own origin on localhost and 127.0.0.1 only", () => {
    expect(relyingPartyAt(undefined, request(ORIGIN))).toEqual({ id: 'localhost', origin: ORIGIN });
    expect(relyingPartyAt(undefined, request(undefined, '127.0.0.1:3000'))).toEqual({
      id: 'localhost',
      origin: 'http://127.0.0.1:3000',
    });
    expect(() => relyingPartyAt(undefined, request('https://shop.example.com'))).toThrowError(
      expect.objectContaining({ errorName: 'passkeysUnavailable', code: 2073 }),
    );
  });
});

describeOnDatabases(
  'passkeys',
  (ctx) => {
    let ip = 0;
    /** Each test signs in from its own address, so that the throttle's counts stay its own. */
    const nextIp = () => `10.20.0.${++ip}`;
    const call = (
      method: 'GET' | 'POST' | 'PUT' | 'DELETE',
      url: string,
      {
        token,
        payload,
        remoteAddress,
        origin = ORIGIN,
      }: { token?: string; payload?: object; remoteAddress?: string; origin?: string } = {},
    ) =>
      ctx.app.inject({
        method,
        url,
        payload,
        remoteAddress,
        headers: { origin, ...(token ? bearer(token) : {}) },
      });

    async function register(token: string, key: SoftPasskey, name = 'Phone', origin?: string) {
      const options = ctx.json(await call('POST', '/api/passkeys/registration/options', { token })).data;
      return call('POST', '/api/passkeys/registration', {
        token,
        payload: { name, response: key.register(options, { origin }) },
      });
    }

    async function signIn(
      key: SoftPasskey,
      { origin, remoteAddress }: { origin?: string; remoteAddress?: string } = {},
    ) {
      const { challenge_id, options } = ctx.json(
        await call('POST', '/api/auth/passkey/options', { remoteAddress }),
      ).data;
      return call('POST', '/api/auth/passkey', {
        remoteAddress,
        payload: { challenge_id, response: key.authenticate(options.challenge, { origin }) },
      });
    }

    const passkeyChanges = (memberId: number) =>
      ctx.app.db
        .select({ change: staffChanges.change, old: staffChanges.oldValue, new: staffChanges.newValue })
        .from(staffChanges)
        .where(and(eq(staffChanges.memberId, memberId), like(staffChanges.change, 'passkey_%')))
        .orderBy(staffChanges.id);

    async function idOf(mobile: string) {
      const [row] = await ctx.app.db.select({ id: users.id }).from(users).where(eq(users.mobile, mobile));
      if (!row) throw new Error(`no user ${mobile}`);
      return row.id;
    }

    it('registers, lists, signs in with tokens that work, and records each step', async () => {
      const token = await ctx.login(DEMO.recorder);
      const recorderId = await idOf(DEMO.recorder);
      const options = ctx.json(await call('POST', '/api/passkeys/registration/options', { token })).data;
      expect(options).toMatchObject({
        rp: { id: 'localhost' },
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
        attestation: 'none',
      });
      const key = new SoftPasskey({ origin: ORIGIN, backedUp: true });
      const created = await call('POST', '/api/passkeys/registration', {
        token,
        payload: { name: '  Work phone  ', response: key.register(options) },
      });
      expect(created.statusCode).toBe(200);
      const passkey = ctx.json(created).data;
      expect(passkey).toMatchObject({
        name: 'Work phone',
        backed_up: true,
        device_type: 'multiDevice',
        last_used_at: null,
      });

      // The next options exclude it, so the same authenticator is not registered twice.
      const again = ctx.json(await call('POST', '/api/passkeys/registration/options', { token })).data;
      expect(again.excludeCredentials).toEqual([
        { id: key.credentialId, type: 'public-key', transports: ['internal'] },
      ]);

      const listed = ctx.json(await call('GET', '/api/passkeys', { token }));
      expect(listed.data).toEqual([passkey]);
      expect(Object.keys(listed.data[0]).sort()).toEqual(
        ['backed_up', 'created_at', 'device_type', 'id', 'last_used_at', 'name'].sort(),
      );

      const signed = await signIn(key, { remoteAddress: nextIp() });
      expect(signed.statusCode).toBe(200);
      const tokens = ctx.json(signed).data;
      expect(Object.keys(tokens).sort()).toEqual(['expires_in', 'refresh_token', 'token', 'user']);
      expect(tokens.user).toMatchObject({ id: recorderId, mobile: DEMO.recorder });
      const me = await ctx.app.inject({ method: 'GET', url: '/api/user/info', headers: bearer(tokens.token) });
      expect(ctx.json(me).data).toMatchObject({ id: recorderId, mobile: DEMO.recorder });
      const used = ctx.json(await call('GET', '/api/passkeys', { token })).data[0];
      expect(used.last_used_at).not.toBeNull();

      expect(await passkeyChanges(recorderId)).toEqual([
        { change: 'passkey_added', old: null, new: 'Work phone' },
        { change: 'passkey_sign_in', old: null, new: 'Work phone' },
      ]);
      // The next tests register the recorder's passkeys afresh.
      await ctx.app.db.execute(sql`delete from passkeys where user_id = ${recorderId}`);
    });

    it('names the member by their name, never their mobile, in the passkey a phone keeps', async () => {
      const token = await ctx.login(DEMO.recorder);
      const options = ctx.json(await call('POST', '/api/passkeys/registration/options', { token })).data;
      // The demo recorder, 13800000001, is 陈晓 (README "Demo sign-ins").
      expect(options.user).toMatchObject({ name: '陈晓', displayName: '陈晓' });
      expect(JSON.stringify(options)).not.toContain(DEMO.recorder);
    });

    it("follows the shop's public address a manager sets, before PUBLIC_URL, as QR codes do", async () => {
      // The manager's own passkeys: no other test here looks at them.
      const manager = await ctx.login(DEMO_MOBILES.manager);
      const token = manager;
      const memberId = await idOf(DEMO_MOBILES.manager);
      const setPublicAddress = async (public_url: string | null) =>
        expect(
          (await call('PUT', '/api/shop/public-url', { token: manager, payload: { public_url } })).statusCode,
        ).toBe(200);
      const registrationRp = async () =>
        ctx.json(await call('POST', '/api/passkeys/registration/options', { token })).data.rp.id;
      ctx.app.config.publicUrl = 'https://passkeys.example.com';
      try {
        expect(await registrationRp()).toBe('passkeys.example.com');
        await setPublicAddress('https://ginza.example.jp');
        expect(await registrationRp()).toBe('ginza.example.jp');

        // A passkey made at that address registers and signs in there.
        const shopKey = new SoftPasskey({ rpId: 'ginza.example.jp', origin: 'https://ginza.example.jp' });
        expect((await register(token, shopKey, 'At the shop')).statusCode).toBe(200);
        const remoteAddress = nextIp();
        const { challenge_id, options } = ctx.json(
          await call('POST', '/api/auth/passkey/options', { remoteAddress, origin: 'https://ginza.example.jp' }),
        ).data;
        expect(options.rpId).toBe('ginza.example.jp');
        const signed = await call('POST', '/api/auth/passkey', {
          remoteAddress,
          origin: 'https://ginza.example.jp',
          payload: { challenge_id, response: shopKey.authenticate(options.challenge) },
        });
        expect(signed.statusCode).toBe(200);
        // One made for localhost does not, while the shop has its address.
        const localKey = new SoftPasskey({ origin: ORIGIN });
        expect(ctx.json(await register(token, localKey, 'Here'))).toMatchObject({ code: 2072 });

        // Cleared, PUBLIC_URL again; without either, localhost.
        await setPublicAddress(null);
        expect(await registrationRp()).toBe('passkeys.example.com');
      } finally {
        ctx.app.config.publicUrl = undefined;
        await setPublicAddress(null);
        await ctx.app.db.execute(sql`delete from passkeys where user_id = ${memberId}`);
      }
      expect(await registrationRp()).toBe('localhost');
    });

    it('limits the sign-in options an address asks for to 30 in 5 minutes, never as failed sign-ins', async () => {
      const remoteAddress = nextIp();
      for (let i = 0; i < 30; i++) {
        expect((await call('POST', '/api/auth/passkey/options', { remoteAddress })).statusCode).toBe(200);
      }
      const challenges = async () => (await ctx.app.db.select({ n: count() }).from(webauthnChallenges))[0]?.n;
      const before = await challenges();
      const limited = await call('POST', '/api/auth/passkey/options', { remoteAddress });
      expect(limited.statusCode).toBe(429);
      // Refused before a challenge is written.
      expect(await challenges()).toBe(before);
      expect(ctx.json(limited)).toMatchObject({ code: 1005, data: null });
      const retryAfter = Number(limited.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(290);
      expect(retryAfter).toBeLessThanOrEqual(300);
      // Asking is no failed sign-in: this suite allows 4 per address, and the password still signs in.
      const password = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { mobile: DEMO.valuer2, password: DEMO_PASSWORD },
        remoteAddress,
      });
      expect(password.statusCode).toBe(200);
      // Another address asks as before.
      expect((await call('POST', '/api/auth/passkey/options', { remoteAddress: nextIp() })).statusCode).toBe(200);
    });

    it('renames and removes one, and a removed passkey signs nobody in', async () => {
      const token = await ctx.login(DEMO.valuer1);
      const memberId = await idOf(DEMO.valuer1);
      const key = new SoftPasskey({ origin: ORIGIN });
      const { id } = ctx.json(await register(token, key, 'Laptop')).data;
      const renamed = await call('PUT', `/api/passkeys/${id}`, { token, payload: { name: ' Old laptop ' } });
      expect(ctx.json(renamed)).toMatchObject({
        code: 0,
        data: { id, name: 'Old laptop', device_type: 'singleDevice' },
      });
      const tooLong = await call('PUT', `/api/passkeys/${id}`, { token, payload: { name: 'x'.repeat(41) } });
      expect(ctx.json(tooLong)).toMatchObject({ code: 1001, data: { field: 'name' } });

      const removed = await call('DELETE', `/api/passkeys/${id}`, { token });
      expect(ctx.json(removed)).toMatchObject({ code: 0, data: null });
      expect(ctx.json(await call('GET', '/api/passkeys', { token })).data).toEqual([]);
      const refused = await signIn(key, { remoteAddress: nextIp() });
      expect(refused.statusCode).toBe(400);
      expect(ctx.json(refused)).toMatchObject({
        code: 2070,
        msg: 'Passkey not recognized. Try again or sign in with your mobile number and password.',
      });
      expect(await passkeyChanges(memberId)).toEqual([
        { change: 'passkey_added', old: null, new: 'Laptop' },
        { change: 'passkey_renamed', old: 'Laptop', new: 'Old laptop' },
        { change: 'passkey_removed', old: 'Old laptop', new: null },
      ]);
      // The trail tells them as the staff kind, in the reader's language (ADR 0091).
      const manager = await ctx.login(DEMO_MOBILES.manager);
      const trail = ctx.json(
        await ctx.app.inject({
          method: 'GET',
          url: `/api/audit?kind=staff&person=${memberId}`,
          headers: bearer(manager),
        }),
      ).data.items as { kind: string; what: string; change: string | null }[];
      expect(trail.map(({ kind, what, change }) => ({ kind, what, change }))).toEqual([
        { kind: 'staff', what: 'Passkey removed', change: 'Old laptop' },
        { kind: 'staff', what: 'Passkey renamed', change: 'Laptop → Old laptop' },
        { kind: 'staff', what: 'Passkey added', change: 'Laptop' },
      ]);
    });

    it("answers notFound for another member's passkey and changes nothing", async () => {
      const owner = await ctx.login(DEMO.valuer2);
      const other = await ctx.login(DEMO.valuer3);
      const { id } = ctx.json(await register(owner, new SoftPasskey({ origin: ORIGIN }), 'Mine')).data;
      for (const response of [
        await call('PUT', `/api/passkeys/${id}`, { token: other, payload: { name: 'Stolen' } }),
        await call('DELETE', `/api/passkeys/${id}`, { token: other }),
      ]) {
        expect(response.statusCode).toBe(404);
        expect(ctx.json(response)).toMatchObject({ code: 1002, msg: 'The record was not found.' });
      }
      expect(ctx.json(await call('GET', '/api/passkeys', { token: other })).data).toEqual([]);
      expect(ctx.json(await call('GET', '/api/passkeys', { token: owner })).data).toMatchObject([{ id, name: 'Mine' }]);
    });

    it('refuses a response signed for another origin, at registration and at sign-in', async () => {
      const token = await ctx.login(DEMO.valuer2);
      const key = new SoftPasskey({ origin: ORIGIN });
      const wrongAtRegistration = await register(token, key, 'Evil', 'https://evil.example');
      expect(ctx.json(wrongAtRegistration)).toMatchObject({
        code: 2072,
        msg: 'The passkey could not be registered. Please try again.',
      });
      expect((await register(token, key, 'Good')).statusCode).toBe(200);
      const wrongAtSignIn = await signIn(key, { origin: 'https://evil.example', remoteAddress: nextIp() });
      expect(ctx.json(wrongAtSignIn)).toMatchObject({ code: 2070 });
      // Nor may a page elsewhere ask without PUBLIC_URL: passkeys are localhost's only.
      const elsewhere = await call('POST', '/api/auth/passkey/options', { origin: 'https://shop.example.com' });
      expect(elsewhere.statusCode).toBe(409);
      expect(ctx.json(elsewhere)).toMatchObject({
        code: 2073,
        msg: "Passkeys work only at the shop's own address (or on localhost). Sign in with your mobile number and password.",
      });
    });

    it('refuses a used or an expired challenge', async () => {
      const token = await ctx.login(DEMO.valuer3);
      const key = new SoftPasskey({ origin: ORIGIN });
      expect((await register(token, key)).statusCode).toBe(200);
      const remoteAddress = nextIp();
      const { challenge_id, options } = ctx.json(
        await call('POST', '/api/auth/passkey/options', { remoteAddress }),
      ).data;
      const first = await call('POST', '/api/auth/passkey', {
        remoteAddress,
        payload: { challenge_id, response: key.authenticate(options.challenge) },
      });
      expect(first.statusCode).toBe(200);
      const replayed = await call('POST', '/api/auth/passkey', {
        remoteAddress,
        payload: { challenge_id, response: key.authenticate(options.challenge) },
      });
      expect(ctx.json(replayed)).toMatchObject({
        code: 2071,
        msg: 'The passkey request has expired. Please try again.',
      });

      const late = ctx.json(await call('POST', '/api/auth/passkey/options', { remoteAddress })).data;
      await ctx.app.db.execute(
        sql`update webauthn_challenges set expires_at = now() - interval '1 second' where id = ${late.challenge_id}`,
      );
      const expired = await call('POST', '/api/auth/passkey', {
        remoteAddress,
        payload: { challenge_id: late.challenge_id, response: key.authenticate(late.options.challenge) },
      });
      expect(ctx.json(expired)).toMatchObject({ code: 2071 });

      // A registration's challenge too, once used.
      const registration = ctx.json(await call('POST', '/api/passkeys/registration/options', { token })).data;
      const second = new SoftPasskey({ origin: ORIGIN });
      const response = second.register(registration);
      expect(
        (await call('POST', '/api/passkeys/registration', { token, payload: { name: 'A', response } })).statusCode,
      ).toBe(200);
      const reused = await call('POST', '/api/passkeys/registration', { token, payload: { name: 'B', response } });
      expect(ctx.json(reused)).toMatchObject({ code: 2071 });
    });

    it('refuses a cloned authenticator whose counter does not grow, and records it', async () => {
      const token = await ctx.login(DEMO.recorder);
      const memberId = await idOf(DEMO.recorder);
      const key = new SoftPasskey({ origin: ORIGIN });
      expect((await register(token, key, 'Key')).statusCode).toBe(200);
      const clone = key.clone();
      expect((await signIn(key, { remoteAddress: nextIp() })).statusCode).toBe(200);
      expect((await signIn(key, { remoteAddress: nextIp() })).statusCode).toBe(200);
      // The clone's counter (1) is below the stored one (2).
      const cloned = await signIn(clone, { remoteAddress: nextIp() });
      expect(ctx.json(cloned)).toMatchObject({ code: 2070 });
      expect((await passkeyChanges(memberId)).at(-1)).toEqual({ change: 'passkey_cloned', old: null, new: 'Key' });
      // An equal counter is refused as well.
      const equal = key.clone();
      equal.counter = 1;
      expect(ctx.json(await signIn(equal, { remoteAddress: nextIp() }))).toMatchObject({ code: 2070 });
      await ctx.app.db.execute(sql`delete from passkeys where user_id = ${memberId}`);
    });

    it('refuses a disabled member', async () => {
      const token = await ctx.login(DEMO.valuer1);
      const memberId = await idOf(DEMO.valuer1);
      const key = new SoftPasskey({ origin: ORIGIN });
      expect((await register(token, key)).statusCode).toBe(200);
      await ctx.app.db.update(users).set({ isEnabled: false }).where(eq(users.id, memberId));
      try {
        const refused = await signIn(key, { remoteAddress: nextIp() });
        expect(refused.statusCode).toBe(403);
        expect(ctx.json(refused)).toMatchObject({
          code: 2002,
          msg: 'This account is disabled. Please contact your administrator.',
        });
      } finally {
        await ctx.app.db.update(users).set({ isEnabled: true }).where(eq(users.id, memberId));
      }
    });

    it('refuses a guest: no options, no registration, no list', async () => {
      const guest = await enterAsGuest(ctx, await ctx.login(DEMO.recorder), 'recorder');
      const key = new SoftPasskey({ origin: ORIGIN });
      const attempts = [
        await call('POST', '/api/passkeys/registration/options', { token: guest.token }),
        await call('POST', '/api/passkeys/registration', {
          token: guest.token,
          payload: { name: 'Guest', response: key.register({ challenge: 'AAAA', user: { id: 'AA' } }) },
        }),
        await call('GET', '/api/passkeys', { token: guest.token }),
      ];
      for (const response of attempts) {
        expect(response.statusCode).toBe(403);
        expect(ctx.json(response)).toMatchObject({ code: 2031, msg: 'Temporary users cannot do this.' });
      }
    });

    it('counts failed passkey sign-ins in the same throttle as passwords', async () => {
      const token = await ctx.login(DEMO.valuer3);
      const key = new SoftPasskey({ origin: ORIGIN });
      expect((await register(token, key)).statusCode).toBe(200);
      const remoteAddress = nextIp();
      // This suite allows 4 failures per address (below): a wrong origin is one each time.
      for (let i = 0; i < 4; i++) {
        const failed = await signIn(key, { origin: 'https://evil.example', remoteAddress });
        expect(ctx.json(failed)).toMatchObject({ code: 2070 });
      }
      const limited = await signIn(key, { remoteAddress });
      expect(limited.statusCode).toBe(429);
      expect(ctx.json(limited).code).toBe(1005);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      // One counter for every method: the password from that address waits as well.
      const password = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { mobile: DEMO.valuer3, password: DEMO_PASSWORD },
        remoteAddress,
      });
      expect(password.statusCode).toBe(429);
      // And an unknown credential counts per address too.
      const strangerAddress = nextIp();
      for (let i = 0; i < 4; i++) {
        expect(
          ctx.json(await signIn(new SoftPasskey({ origin: ORIGIN }), { remoteAddress: strangerAddress })),
        ).toMatchObject({
          code: 2070,
        });
      }
      expect((await signIn(key, { remoteAddress: strangerAddress })).statusCode).toBe(429);
    });

    it('checks the shapes it reads: a bad base64url, an overlong id or signature', async () => {
      const { challenge_id } = ctx.json(await call('POST', '/api/auth/passkey/options')).data;
      const response = new SoftPasskey({ origin: ORIGIN }).authenticate('AAAA');
      const bad = await call('POST', '/api/auth/passkey', {
        payload: { challenge_id, response: { ...response, id: 'not base64url!' } },
      });
      expect(ctx.json(bad)).toMatchObject({ code: 1001, data: { field: 'response.id' } });
      const long = await call('POST', '/api/auth/passkey', {
        payload: { challenge_id, response: { ...response, id: 'A'.repeat(1401) } },
      });
      expect(ctx.json(long)).toMatchObject({ code: 1001, data: { field: 'response.id' } });
      // An ML-DSA-44 signature (2,420 bytes, 3,227 characters) reaches the verification; more than 4,096 does not.
      const postQuantum = await call('POST', '/api/auth/passkey', {
        payload: {
          challenge_id,
          response: { ...response, response: { ...response.response, signature: 'A'.repeat(3227) } },
        },
      });
      expect(ctx.json(postQuantum)).toMatchObject({ code: 2070 });
      const { challenge_id: next } = ctx.json(await call('POST', '/api/auth/passkey/options')).data;
      const tooLong = await call('POST', '/api/auth/passkey', {
        payload: {
          challenge_id: next,
          response: { ...response, response: { ...response.response, signature: 'A'.repeat(4097) } },
        },
      });
      expect(ctx.json(tooLong)).toMatchObject({ code: 1001, data: { field: 'response.response.signature' } });
    });
  },
  { loginMaxFailuresPerAddress: 4 },
);
