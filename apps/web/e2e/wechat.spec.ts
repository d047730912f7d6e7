/**
 * WeChat sign-in (issue 31, ADR 0103) against WeChat's endpoints on loopback
 * (apps/server/src/test/wechat-server.ts), which "approve" at once: a staff member signs in with
 * the password, opens the personal center's sign-in accounts, binds WeChat after confirming the
 * password (the browser goes to WeChat's QR login and comes back bound), signs out, and signs in
 * with the WeChat button alone. A WeChat user bound to nobody is refused on the return page, in
 * the server's words. In zh-Hans and en, axe on the new pages.
 *
 * On a server of its own, configured with that WeChat; the browser comes back to its address
 * (the return page is at the address the request came to: no PUBLIC_URL here).
 */
import { paths } from '@jewel/contract/values/web-paths';
import { type APIRequestContext, type Page, request as playwrightRequest } from '@playwright/test';
import { startWechatServer, type WechatServer } from '../../server/src/test/wechat-server.ts';
import { type Lang, serverMessage, storedSession, storeLanguage, submitLogin, t, tickAgreement, ui } from './app.ts';
import { seriousViolations } from './axe.ts';
import { PHONE } from './chromium.ts';
import { apiLogin, DEMO, expect, shot, test } from './fixtures.ts';
import { ownServerFor } from './own-server.ts';

const sp = (lang: Lang, key: string, vars: Record<string, string | number> = {}) =>
  t(lang, `sign-in-provider:${key}`, vars);
/** WeChat's name as the server answers it (`texts.wechat`). */
const WECHAT: Record<Lang, string> = { 'zh-Hans': '微信', 'zh-Hant': '微信', en: 'WeChat', ja: 'WeChat' };
/** Each language's journey signs in as its own member, so that their bindings stay apart. */
const MEMBER: Partial<Record<Lang, string>> = { 'zh-Hans': DEMO.recorder, en: DEMO.valuers[0] };
const JOURNEY_LANGS = ['zh-Hans', 'en'] as const;
/** WeChat's own browser on an Android phone: its user agent says `MicroMessenger`. */
const IN_WECHAT = `${PHONE.userAgent} XWEB/1300029 MMWEBSDK/20240301 MMWEBID/1234 MicroMessenger/8.0.49.2600(0x28003137) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64`;

test.describe('WeChat sign-in', () => {
  let wechat: WechatServer;
  // Filled before the server starts (the hooks run in this order).
  const env: Record<string, string> = {};
  test.beforeAll(async () => {
    wechat = await startWechatServer();
    Object.assign(env, wechat.env);
  });
  test.afterAll(async () => {
    await wechat?.close();
  });
  const shopURL = ownServerFor(64, env);

  const row = (page: Page, lang: Lang) =>
    page
      .getByTestId('provider-row')
      .filter({ has: page.getByRole('heading', { level: 2, name: WECHAT[lang], exact: true }) });

  /** The member's WeChat binding removed, whatever an earlier try left. */
  async function unbind(request: APIRequestContext, mobile: string) {
    const { token } = await apiLogin(request, mobile);
    await request.delete('/api/user/sign-in-bindings/wechat', { headers: { Authorization: `Bearer ${token}` } });
  }

  test("WeChat's own browser signs in through the official account's silent authorization", async ({ browser }) => {
    test.setTimeout(90_000);
    const base = shopURL();
    const mobile = DEMO.valuers[1];
    const request = await playwrightRequest.newContext({ baseURL: base });
    await unbind(request, mobile);
    const { token, user } = await apiLogin(request, mobile);
    const headers = { Authorization: `Bearer ${token}` };
    // Bound through the API, the browser's trip to WeChat followed by hand.
    wechat.nextOpenid = `o-in-wechat-${crypto.randomUUID()}`;
    const started = await request.post('/api/user/sign-in-bindings/wechat/start', {
      headers,
      data: { password: DEMO.password },
    });
    const { url } = ((await started.json()) as { data: { url: string } }).data;
    const back = new URL((await fetch(url, { redirect: 'manual' })).headers.get('location') ?? '');
    const finished = await request.post('/api/user/sign-in-bindings/finish', {
      headers,
      data: { code: back.searchParams.get('code'), state: back.searchParams.get('state'), callback_url: back.href },
    });
    expect(finished.ok()).toBe(true);

    const context = await browser.newContext({ ...PHONE, userAgent: IN_WECHAT, locale: 'zh-CN' });
    try {
      const page = await context.newPage();
      const lang: Lang = 'zh-Hans';
      await storeLanguage(page, lang);
      await page.goto(`${base}${paths.login}`);
      await tickAgreement(page, lang);
      const hits = wechat.hits.length;
      await page.getByRole('button', { name: sp(lang, 'signIn.with', { name: WECHAT[lang] }) }).click();
      await expect(page).toHaveURL(`${base}${paths.home}`);
      expect((await storedSession(page))?.user?.name).toBe(user.name);
      expect(wechat.hits.slice(hits)).toEqual([
        expect.objectContaining({ endpoint: 'authorize', query: expect.arrayContaining([['scope', 'snsapi_base']]) }),
        expect.objectContaining({ endpoint: 'access_token' }),
      ]);
    } finally {
      await context.close();
      await unbind(request, mobile);
      await request.dispose();
    }
  });

  for (const lang of JOURNEY_LANGS) {
    test(`a member binds WeChat after the password, signs out, and signs in with WeChat alone (${lang})`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      const base = shopURL();
      const mobile = MEMBER[lang] ?? DEMO.recorder;
      const request = await playwrightRequest.newContext({ baseURL: base });
      await unbind(request, mobile);
      const openid = `o-journey-${lang}-${crypto.randomUUID()}`;
      wechat.nextOpenid = openid;
      await storeLanguage(page, lang);

      // Signed in with the password.
      await page.goto(`${base}${paths.login}`);
      await submitLogin(page, lang, { mobile, password: DEMO.password, agree: true });
      await expect(page).toHaveURL(`${base}${paths.home}`);
      const name = (await storedSession(page))?.user?.name ?? '';
      expect(name).not.toBe('');

      // The personal center's row opens the sign-in accounts: WeChat, not bound.
      await page.goto(`${base}${paths.userCenter}`);
      await ui.row(page, t(lang, 'user:center.signInMethods')).click();
      await expect(ui.title(page)).toHaveText(t(lang, 'titles.signInMethods'));
      await expect(row(page, lang)).toContainText(sp(lang, 'methods.notBound'));
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, `wechat-methods-${lang}`);

      // Bind: the password first, then WeChat's QR login, which approves and sends the browser back.
      await row(page, lang)
        .getByRole('button', { name: sp(lang, 'methods.bindNamed', { name: WECHAT[lang] }) })
        .click();
      const dialog = page.getByRole('dialog', { name: sp(lang, 'methods.passwordTitle') });
      await expect(dialog).toContainText(sp(lang, 'methods.passwordHint', { name: WECHAT[lang] }));
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, `wechat-bind-password-${lang}`);
      await dialog.getByRole('textbox', { name: sp(lang, 'methods.passwordTitle') }).fill(DEMO.password);
      const hits = wechat.hits.length;
      await dialog.getByRole('button', { name: t(lang, 'confirm') }).click();
      await expect(page).toHaveURL(`${base}${paths.signInMethods}`);
      await expect(ui.toast(page, sp(lang, 'methods.boundToast', { name: WECHAT[lang] }))).toBeVisible();
      await expect(row(page, lang)).toContainText(sp(lang, 'methods.neverUsed'));
      expect(wechat.hits.slice(hits).map((hit) => hit.endpoint)).toEqual(['qrconnect', 'access_token']);
      await expect(ui.toast(page, sp(lang, 'methods.boundToast', { name: WECHAT[lang] }))).toBeHidden();
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, `wechat-bound-${lang}`);

      // Signed out.
      await page.goto(`${base}${paths.userCenter}`);
      await ui.row(page, t(lang, 'user:center.logout')).click();
      await page
        .getByRole('dialog', { name: t(lang, 'user:center.logout') })
        .getByRole('button', { name: t(lang, 'user:center.logout') })
        .click();
      await expect(page).toHaveURL(`${base}${paths.login}`);

      // The WeChat button asks for the agreement first, as the password does.
      const button = page.getByRole('button', { name: sp(lang, 'signIn.with', { name: WECHAT[lang] }) });
      await expect(button).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, `wechat-login-${lang}`);
      await button.click();
      await expect(page.getByRole('alert')).toHaveText(t(lang, 'auth:login.agreementRequired'));
      expect(wechat.hits.length).toBe(hits + 2);

      // Signed in with WeChat alone: nothing typed.
      await tickAgreement(page, lang);
      await expect(page.getByRole('textbox', { name: t(lang, 'auth:login.password'), exact: true })).toHaveValue('');
      await button.click();
      await expect(page).toHaveURL(`${base}${paths.home}`);
      await expect(page.locator('.dashboard-greeting').getByRole('heading', { level: 2 })).toContainText(name);
      expect((await storedSession(page))?.user?.name).toBe(name);
      expect(wechat.hits.slice(hits + 2).map((hit) => hit.endpoint)).toEqual(['qrconnect', 'access_token']);

      // Its last use shows.
      await page.goto(`${base}${paths.signInMethods}`);
      await expect(row(page, lang)).toContainText(sp(lang, 'methods.lastUsed', { date: '' }).trim());
      await expect(row(page, lang)).not.toContainText(sp(lang, 'methods.neverUsed'));

      // Unbound, once confirmed: the next run starts without it.
      await row(page, lang)
        .getByRole('button', { name: sp(lang, 'methods.unbindNamed', { name: WECHAT[lang] }) })
        .click();
      const confirm = page.getByRole('dialog', { name: sp(lang, 'methods.unbindTitle', { name: WECHAT[lang] }) });
      await expect(confirm).toContainText(sp(lang, 'methods.unbindText'));
      expect(await seriousViolations(page)).toEqual([]);
      await confirm.getByRole('button', { name: sp(lang, 'methods.unbind') }).click();
      await expect(ui.toast(page, sp(lang, 'methods.unbound'))).toBeVisible();
      await expect(row(page, lang)).toContainText(sp(lang, 'methods.notBound'));
      await request.dispose();
    });

    test(`a WeChat user bound to nobody is refused, in the server's words (${lang})`, async ({
      page,
      consoleErrors,
    }) => {
      // The refusal is the contract's answer, which Chromium logs as a failed load.
      consoleErrors.allow.push(/status of 400 .*\(\/user\/wxLogin\)/);
      const base = shopURL();
      wechat.nextOpenid = `o-stranger-${crypto.randomUUID()}`;
      await storeLanguage(page, lang);
      await page.goto(`${base}${paths.login}`);
      await tickAgreement(page, lang);
      await page.getByRole('button', { name: sp(lang, 'signIn.with', { name: WECHAT[lang] }) }).click();

      await expect(page).toHaveURL(new RegExp(`^${base}${paths.loginProvider}\\?code=`));
      await expect(page.getByRole('heading', { level: 2, name: sp(lang, 'return.failedTitle') })).toBeVisible();
      await expect(
        page.getByText(serverMessage(lang, 'providerAccountNotBound').replace('{provider}', WECHAT[lang])),
      ).toBeVisible();
      expect(await storedSession(page).then((session) => session?.token ?? null)).toBeNull();
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, `wechat-not-bound-${lang}`);

      // The way back.
      await page.getByRole('button', { name: sp(lang, 'return.backToSignIn') }).click();
      await expect(page).toHaveURL(`${base}${paths.login}`);
    });
  }
});
