/**
 * Signing in (SPEC.md §2 "Entry and login behaviour"): the redirect back to the page asked for,
 * the server's message on a wrong password, and the agreement that must be ticked.
 */
import { loginRedirect, serverMessage, submitLogin, t, ui } from './app.ts';
import { DEMO, expect, test } from './fixtures.ts';

const lang = 'zh-Hans';
const notifications = '/pages-sub/notifications/index';

test('a page that needs a session sends a visitor to login, and signing in returns there', async ({ page }) => {
  await page.goto(notifications);
  await expect(page).toHaveURL(loginRedirect(notifications));
  await expect(ui.title(page)).toHaveText(t(lang, 'titles.login'));

  await submitLogin(page, lang, { mobile: DEMO.recorder, password: DEMO.password, agree: true });

  await expect(ui.toast(page, t(lang, 'success.login'))).toBeVisible();
  await expect(page).toHaveURL(notifications);
  await expect(ui.title(page)).toHaveText(t(lang, 'titles.notifications'));
  await expect(page.getByRole('tab', { name: t(lang, 'notification:tabs.all') })).toBeVisible();
});

test('a wrong password shows the server’s message and stays on login', async ({ page }) => {
  expect(serverMessage(lang, 'loginFailed')).toBe('手机号或密码错误');
  await page.goto('/pages/login/index');

  await submitLogin(page, lang, { mobile: DEMO.recorder, password: 'not-the-password', agree: true });

  await expect(ui.toast(page, serverMessage(lang, 'loginFailed'))).toBeVisible();
  await expect(page).toHaveURL('/pages/login/index');
  await expect(ui.title(page)).toHaveText(t(lang, 'titles.login'));
});

test('without the agreement ticked, the form says so and no sign-in is attempted', async ({ page }) => {
  const attempts: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/auth/login') attempts.push(request.method());
  });
  await page.goto('/pages/login/index');

  await submitLogin(page, lang, { mobile: DEMO.recorder, password: DEMO.password, agree: false });

  const message = t(lang, 'auth:login.agreementRequired');
  await expect(page.locator('.login-form').getByText(message, { exact: true })).toBeVisible();
  await expect(page).toHaveURL('/pages/login/index');
  expect(attempts).toEqual([]);
});
