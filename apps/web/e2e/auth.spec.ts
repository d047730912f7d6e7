/**
 * Signing in (SPEC.md §2 "Entry and login behaviour"): the redirect back to the page asked for,
 * the server's message on a wrong password, and the agreement that must be ticked.
 */
import { LANGS, loginRedirect, serverMessage, storeLanguage, submitLogin, t, ui } from './app.ts';
import { DEMO, expect, shot, test } from './fixtures.ts';

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

test('the agreement reads as one sentence on a 360 px phone, in each language', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 640 });
  for (const reader of LANGS) {
    await storeLanguage(page, reader);
    await page.goto('/pages/login/index');
    const sentence = page.locator('.login-form__agreement-text');
    const privacy = t(reader, 'auth:login.privacyTitle');
    const terms = t(reader, 'auth:login.termsTitle');
    await expect(sentence).toHaveText(t(reader, 'auth:login.agreement', { privacy, terms }));
    // Wrapped as text wraps: two lines of 24 px at most (the parts used to break as boxes, leaving gaps).
    const height = await sentence.evaluate((element) => element.getBoundingClientRect().height);
    expect(height, reader).toBeLessThanOrEqual(2 * 24 + 12);
    await shot(page, `login-agreement-${reader}`);
    // Its words tick the box; its titles open the documents.
    const box = page.getByRole('checkbox', { name: t(reader, 'auth:login.agreementLabel') });
    await sentence.locator('label').last().click();
    await expect(box).toBeChecked();
    await sentence.getByRole('button', { name: terms }).click();
    await expect(page.getByRole('dialog', { name: terms })).toBeVisible();
  }
});
