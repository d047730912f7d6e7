/**
 * Sessions that end (SPEC.md §8, response code 401): an expired one, one revoked from another
 * device, and an access token that has run out while the refresh token still works.
 */
import { apiCall, location, loginRedirect, spoilStoredSession, storedSession, t, ui } from './app.ts';
import { DEMO, expect, login, test } from './fixtures.ts';

const lang = 'zh-Hans';

test('an expired session sends the user to login, with the way back', async ({ page }) => {
  const session = await login(page, DEMO.recorder);
  await page.goto('/pages/userCenter/index');
  await expect(page.getByRole('heading', { level: 2, name: session.user.name })).toBeVisible();

  await spoilStoredSession(page, { access: true, refresh: true });
  await page.goto('/pages-sub/notifications/index');

  await expect(page).toHaveURL(loginRedirect('/pages-sub/notifications/index'));
  await expect(ui.title(page)).toHaveText(t(lang, 'titles.login'));
  expect((await storedSession(page))?.token ?? null).toBeNull();
});

test('a session revoked elsewhere ends at the next action', async ({ page }) => {
  const session = await login(page, DEMO.recorder);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 2, name: new RegExp(session.user.name) })).toBeVisible();

  // The same session signs out from somewhere else.
  await apiCall(page.request, session, 'POST', '/api/auth/logout');
  // The next action is opening the profile. (A tap on its tab failed twice in one full run: the
  // tab bar left the page before the tap, so the app had already learnt of the end by itself.)
  await page.goto('/pages/userCenter/index');

  await expect(page).toHaveURL(loginRedirect('/pages/userCenter/index'));
  await expect(ui.title(page)).toHaveText(t(lang, 'titles.login'));
  expect((await storedSession(page))?.token ?? null).toBeNull();
});

test('an expired access token is refreshed silently and the page works', async ({ page }) => {
  const session = await login(page, DEMO.recorder);
  await page.goto('/pages/userCenter/index');
  await expect(page.getByRole('heading', { level: 2, name: session.user.name })).toBeVisible();

  await spoilStoredSession(page, { access: true, refresh: false });
  const refreshed = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/auth/refresh' && response.status() === 200,
  );
  await page.goto('/pages-sub/notifications/index');
  await refreshed;

  await expect(ui.title(page)).toHaveText(t(lang, 'titles.notifications'));
  await expect(page.getByRole('tab', { name: t(lang, 'notification:tabs.all') })).toBeVisible();
  await expect(page.locator('.notification-list, .status-view').first()).toBeVisible();
  expect(location(page)).toBe('/pages-sub/notifications/index');
  const stored = await storedSession(page);
  expect(stored?.token).toBeTruthy();
  expect(stored?.token).not.toMatch(/\.A{43}$/);
  expect(stored?.refreshToken).toBeTruthy();
  expect(stored?.refreshToken).not.toBe(session.refresh_token);
});
