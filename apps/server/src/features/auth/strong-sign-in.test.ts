import { DEMO_MOBILES } from '@jewel/contract/values/demo';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { shopChanges, users } from '../../db/schema.ts';
import { bearer, DEMO, describeOnDatabases, type TestContext } from '../../test/test-app.ts';
import { SoftPasskey } from '../../test/webauthn-authenticator.ts';

/*
 * Issue 31 item 3, ADR 0103: a manager can require a passkey or a sign-in provider for managers.
 * Turned on, a manager's right password signs them in no more, and says why; the rest of the
 * staff sign in as before. It cannot be turned on while a manager has neither a passkey nor a
 * bound provider: they would be locked out.
 */

const ORIGIN = 'http://localhost:5173';
/** The demo's one manager (a recorder who manages the shop). */
const MANAGER_NAME = '周店长';
const RULES = {
  identity_check: { always: true, thresholds: {} },
  retention_months: 36,
  watch_ack_single_person: false,
};

describeOnDatabases("managers' strong sign-in", (ctx: TestContext) => {
  let ip = 0;
  const call = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    init: { token?: string; payload?: object; lang?: string } = {},
  ) =>
    ctx.app.inject({
      method,
      url,
      payload: init.payload,
      remoteAddress: `10.31.0.${++ip}`,
      headers: { origin: ORIGIN, lang: init.lang ?? 'en', ...(init.token ? bearer(init.token) : {}) },
    });
  const passwordSignIn = (mobile: string, password = 'demo123456', lang = 'en') =>
    call('POST', '/api/auth/login', { payload: { mobile, password }, lang });
  const setRule = (token: string, on: boolean, lang = 'en') =>
    call('PUT', '/api/shop/rules', { token, payload: { ...RULES, managers_strong_sign_in: on }, lang });

  it("is refused while a manager could not sign in otherwise, then holds for managers' passwords only", async () => {
    const manager = await ctx.login(DEMO_MOBILES.manager);

    // No passkey, no provider: turning it on would lock the manager out, and the answer names them.
    const refused = await setRule(manager, true, 'zh_CN');
    expect(refused.statusCode).toBe(409);
    expect(ctx.json(refused)).toMatchObject({
      code: 2046,
      msg: `请先让每位管理员添加通行密钥或绑定第三方账号，否则他们将无法登录：${MANAGER_NAME}。`,
    });
    expect(ctx.json(await call('GET', '/api/settings', { token: manager })).data.managers_strong_sign_in).toBe(false);

    // With a passkey of their own, it turns on, and the change is on the shop's record.
    const key = new SoftPasskey({ origin: ORIGIN });
    const options = ctx.json(await call('POST', '/api/passkeys/registration/options', { token: manager })).data;
    const added = await call('POST', '/api/passkeys/registration', {
      token: manager,
      payload: { name: 'Phone', response: key.register(options) },
    });
    expect(added.statusCode).toBe(200);
    const turnedOn = await setRule(manager, true);
    expect(turnedOn.statusCode).toBe(200);
    expect(ctx.json(turnedOn).data.rules.managers_strong_sign_in).toBe(true);
    const [change] = await ctx.app.db
      .select({ old: shopChanges.oldValue, new: shopChanges.newValue })
      .from(shopChanges)
      .where(eq(shopChanges.field, 'managers_strong_sign_in'));
    expect(change).toEqual({ old: 'false', new: 'true' });

    // The manager's right password: refused, saying how managers sign in. A wrong one says only that.
    const byPassword = await passwordSignIn(DEMO_MOBILES.manager);
    expect(byPassword.statusCode).toBe(403);
    expect(ctx.json(byPassword)).toMatchObject({
      code: 2045,
      msg: 'Managers of this shop sign in with a passkey or a sign-in provider, not a password.',
    });
    expect(ctx.json(await passwordSignIn(DEMO_MOBILES.manager, 'wrong-password')).code).toBe(2001);
    // A recorder's password still signs them in.
    expect((await passwordSignIn(DEMO.recorder)).statusCode).toBe(200);

    // The passkey signs the manager in.
    const { challenge_id, options: signInOptions } = ctx.json(await call('POST', '/api/auth/passkey/options')).data;
    const byPasskey = await call('POST', '/api/auth/passkey', {
      payload: { challenge_id, response: key.authenticate(signInOptions.challenge) },
    });
    expect(byPasskey.statusCode).toBe(200);
    const [managerRow] = await ctx.app.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.mobile, DEMO_MOBILES.manager));
    expect(ctx.json(byPasskey).data.user.id).toBe(managerRow?.id);

    // Turned off again, the password signs the manager in.
    expect((await setRule(manager, false)).statusCode).toBe(200);
    expect((await passwordSignIn(DEMO_MOBILES.manager)).statusCode).toBe(200);
  });
});
