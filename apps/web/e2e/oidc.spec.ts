/**
 * Signing in with an OpenID Connect provider (ADR 0103), against a real oidc-provider on loopback
 * (apps/server/src/test/oidc-issuer.ts: its sign-in page signs in the account the journey names):
 * a valuer binds the provider in the personal center after their password, signs out, and signs in
 * with the provider's button alone; an account bound to nobody is refused on the return page with
 * the server's words. In Japanese and English, axe on each page.
 *
 * The shop's server is its own (ownServerFor), started with OIDC_PROVIDERS naming the provider,
 * which must be listening first; its return page, at the server's address, is the one redirect
 * URI registered for each client.
 */
import { paths } from '@jewel/contract/values/web-paths';
import type { Page } from '@playwright/test';
import { startOidcProvider, type TestProvider } from '../../server/src/test/oidc-issuer.ts';
import { type Lang, serverMessage, storedSession, storeLanguage, t, tickAgreement, ui } from './app.ts';
import { seriousViolations } from './axe.ts';
import { DEMO, expect, login, shot, test } from './fixtures.ts';
import { ownServerFor } from './own-server.ts';
import { serverPort } from './servers.ts';

const OFFSET = 65;
const SHOP = `http://127.0.0.1:${serverPort(0) + OFFSET}`;
const RETURN_PAGE = `${SHOP}${paths.loginProvider}`;
const ACME = { en: 'Acme ID', ja: 'アクメID', 'zh-Hans': 'Acme 账号', 'zh-Hant': 'Acme 帳號' };

let provider: TestProvider;

test.describe('OpenID Connect sign-in', () => {
  // Filled before the shop's server starts (the hooks run in the order they are registered).
  const env: Record<string, string> = {};
  test.beforeAll(async () => {
    provider = await startOidcProvider([
      { clientId: 'jewel', clientSecret: 'acme-secret-0123456789', redirectUri: RETURN_PAGE },
      { clientId: 'jewel-line', clientSecret: 'line-secret-0123456789', redirectUri: RETURN_PAGE },
    ]);
    env.OIDC_PROVIDERS = JSON.stringify([
      { key: 'acme', name: ACME, issuer: provider.issuer, client_id: 'jewel', client_secret: 'acme-secret-0123456789' },
      {
        key: 'line',
        name: 'LINE',
        issuer: provider.issuer,
        client_id: 'jewel-line',
        client_secret: 'line-secret-0123456789',
      },
    ]);
  });
  test.afterAll(async () => {
    await provider?.close();
  });
  const shopURL = ownServerFor(OFFSET, env);
  test.use({
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's needs from this pattern
    baseURL: async ({}, use) => use(shopURL()),
  });

  const sp = (lang: Lang, key: string, vars: Record<string, string | number> = {}) =>
    t(lang, `sign-in-provider:${key}`, vars);
  const providerRow = (page: Page, name: string) =>
    page.getByTestId('provider-row').filter({ has: page.getByRole('heading', { level: 2, name, exact: true }) });
  const providerButton = (page: Page, lang: Lang, name: string) =>
    page.getByRole('button', { name: sp(lang, 'signIn.with', { name }) });

  /** The provider's next sign-in is `account`'s: its own session (a cookie at the provider) forgotten. */
  async function atProviderAs(page: Page, account: string) {
    provider.signInAs = account;
    await page.context().clearCookies();
  }

  async function signOut(page: Page, lang: Lang) {
    await page.goto(paths.userCenter);
    await ui.row(page, t(lang, 'user:center.logout')).click();
    await page
      .getByRole('dialog', { name: t(lang, 'user:center.logout') })
      .getByRole('button', { name: t(lang, 'user:center.logout') })
      .click();
    await expect(page).toHaveURL(paths.login);
  }

  test('a valuer binds the provider, signs out, and signs in with its button alone', async ({ page }) => {
    test.setTimeout(120_000);
    const lang: Lang = 'ja';
    const name = ACME.ja;
    await storeLanguage(page, lang);
    const { user } = await login(page, DEMO.valuers[0]);

    // The personal center's page: both providers, neither bound.
    await page.goto(paths.signInMethods);
    await expect(ui.title(page)).toHaveText(t(lang, 'titles.signInMethods'));
    await expect(page.getByTestId('provider-row')).toHaveCount(2);
    await expect(providerRow(page, name)).toContainText(sp(lang, 'methods.notBound'));
    await expect(providerRow(page, 'LINE')).toContainText(sp(lang, 'methods.notBound'));
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, `oidc-methods-${lang}`);

    // Bound after the password, at the provider and back.
    await atProviderAs(page, 'valuer-at-acme');
    await providerRow(page, name)
      .getByRole('button', { name: sp(lang, 'methods.bindNamed', { name }) })
      .click();
    const dialog = page.getByRole('dialog', { name: sp(lang, 'methods.passwordTitle') });
    await expect(dialog).toContainText(sp(lang, 'methods.passwordHint', { name }));
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, `oidc-password-${lang}`);
    await dialog.getByLabel(sp(lang, 'methods.passwordTitle')).fill(DEMO.password);
    await dialog.getByRole('button', { name: t(lang, 'confirm') }).click();
    await expect(page).toHaveURL(paths.signInMethods);
    await expect(ui.toast(page, sp(lang, 'methods.boundToast', { name }))).toBeVisible();
    await expect(providerRow(page, name)).toContainText(sp(lang, 'methods.neverUsed'));
    await expect(
      providerRow(page, name).getByRole('button', { name: sp(lang, 'methods.unbindNamed', { name }) }),
    ).toBeVisible();
    await expect(ui.toast(page, sp(lang, 'methods.boundToast', { name }))).toBeHidden();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, `oidc-bound-${lang}`);

    // Signed out; the sign-in page offers both providers.
    await signOut(page, lang);
    await expect(providerButton(page, lang, name)).toBeVisible();
    await expect(providerButton(page, lang, 'LINE')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, `oidc-login-${lang}`);

    // Signed in with the button: nothing typed, the agreement ticked as for the password.
    await atProviderAs(page, 'valuer-at-acme');
    await tickAgreement(page, lang);
    await expect(page.getByRole('textbox', { name: t(lang, 'auth:login.mobile') })).toHaveValue('');
    await providerButton(page, lang, name).click();
    await expect(page).toHaveURL(paths.home);
    expect((await storedSession(page))?.user?.name).toBe(user.name);

    // The binding shows its use.
    await page.goto(paths.signInMethods);
    await expect(providerRow(page, name)).toContainText(sp(lang, 'methods.lastUsed', { date: '' }).trim());
    await shot(page, `oidc-used-${lang}`);

    // Unbound again, so that the next run starts without it.
    await providerRow(page, name)
      .getByRole('button', { name: sp(lang, 'methods.unbindNamed', { name }) })
      .click();
    await page
      .getByRole('dialog', { name: sp(lang, 'methods.unbindTitle', { name }) })
      .getByRole('button', { name: sp(lang, 'methods.unbind') })
      .click();
    await expect(providerRow(page, name)).toContainText(sp(lang, 'methods.notBound'));
  });

  for (const lang of ['en', 'ja'] as const) {
    test(`an account bound to nobody is refused, and the page says why (${lang})`, async ({ page, consoleErrors }) => {
      // Seen once in five runs: Chromium's fetch of the page's icon refused as the journey ends,
      // after the refusal was read. The icon only, never an answer of the app or the provider.
      consoleErrors.allow.push(
        /^console: Failed to load resource: net::ERR_CONNECTION_REFUSED \(\/icon\.svg\)$/,
        /^requestfailed: GET \/icon\.svg: net::ERR_CONNECTION_REFUSED$/,
      );
      const name = ACME[lang];
      await storeLanguage(page, lang);
      await atProviderAs(page, `stranger-${lang}`);
      await page.goto(paths.login);
      await tickAgreement(page, lang);
      await providerButton(page, lang, name).click();

      await expect(page).toHaveURL(new RegExp(`^${SHOP}${paths.loginProvider}\\?`));
      await expect(page.getByText(sp(lang, 'return.failedTitle'), { exact: true })).toBeVisible();
      await expect(
        page.getByText(serverMessage(lang, 'providerAccountNotBound').replace('{provider}', name)),
      ).toBeVisible();
      expect(await storedSession(page).then((session) => session?.token ?? null)).toBeNull();
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, `oidc-not-bound-${lang}`);

      await page.getByRole('button', { name: sp(lang, 'return.backToSignIn') }).click();
      await expect(page).toHaveURL(paths.login);
    });
  }
});
