/**
 * Sessions that end (SPEC.md §8, response code 401): an expired one, one revoked from another
 * device, and an access token that has run out while the refresh token still works.
 */
import {
  apiCall,
  createGuestLink,
  enterAsGuest,
  guestEnteredText,
  location,
  loginRedirect,
  spoilStoredSession,
  storedSession,
  t,
  ui,
  uniqueName,
} from './app.ts';
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
  // The next action is opening the profile, by its address rather than a tap on its tab: the
  // live event stream's heartbeat (every 25 s on the server) re-checks the session and ends a
  // revoked one's stream, and then the app learns of the end by itself and the tab bar leaves.
  // Either way the profile ends up behind login.
  await page.goto('/pages/userCenter/index');

  await expect(page).toHaveURL(loginRedirect('/pages/userCenter/index'));
  await expect(ui.title(page)).toHaveText(t(lang, 'titles.login'));
  expect((await storedSession(page))?.token ?? null).toBeNull();
});

test('an expired access token is refreshed silently and the page works', async ({ page }) => {
  // Not the recorder, whose notifications another journey counts.
  const session = await login(page, DEMO.valuers[1]);
  // Something for the page to show: a guest entered through this user's link.
  const guest = uniqueName('Guest ');
  await enterAsGuest(page.request, (await createGuestLink(page.request, session, 'recorder')).uuid, guest);
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
  // The list as the server answered it (not its placeholder, nor the error that a failed refresh would show).
  await expect(
    page
      .getByRole('main')
      .getByRole('listitem')
      .filter({ hasText: guestEnteredText(lang, guest) }),
  ).toBeVisible();
  expect(location(page)).toBe('/pages-sub/notifications/index');
  const stored = await storedSession(page);
  expect(stored?.token).toBeTruthy();
  expect(stored?.token).not.toMatch(/\.A{43}$/);
  expect(stored?.refreshToken).toBeTruthy();
  expect(stored?.refreshToken).not.toBe(session.refresh_token);
});
