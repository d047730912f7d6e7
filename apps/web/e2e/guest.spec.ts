/**
 * Guest links (SPEC.md §2): `/t_r<id>` and `/t_v<id>` open the guest entry for a recorder or a
 * valuer; a link that no longer works, and a guest whose session has ended, get the expire page.
 */
import { randomUUID } from 'node:crypto';
import type { RoleCode } from '@jewel/contract/values/roles';
import { createGuestLink, enterAsGuest, spoilStoredSession, storedSession, t, ui, uniqueName } from './app.ts';
import { apiLogin, DEMO, expect, storeSession, test } from './fixtures.ts';

const lang = 'zh-Hans';
/** The staff member who shares the links: not the recorder, whose notifications another journey counts. */
const sharer = DEMO.valuers[1];
const expirePath = '/pages-sub/temporary/expire';

const roleNames: Record<RoleCode, string> = { recorder: 'recorder', valuers: 'valuer' };

for (const role of ['recorder', 'valuers'] as const) {
  test(`a ${roleNames[role]}'s guest link lets a guest in as a temporary ${roleNames[role]}`, async ({ page }) => {
    // The sharer makes the link on their own device; the guest opens it in this browser.
    const creator = await apiLogin(page.request, sharer);
    const link = await createGuestLink(page.request, creator, role);
    const name = uniqueName('Guest ');

    await page.goto(link.path);
    await expect(page).toHaveURL(`/pages-sub/temporary/index?role=${role}&id=${link.uuid}`);
    await expect(ui.title(page)).toHaveText(t(lang, 'titles.temporary'));
    await expect(page.getByText(t(lang, `temporary:entry.invited.${role}`))).toBeVisible();
    await page.getByRole('textbox', { name: t(lang, 'temporary:entry.name') }).fill(name);
    await page.getByRole('button', { name: t(lang, 'temporary:entry.submit') }).click();

    await expect(page).toHaveURL('/pages/home/index');
    const greeting = page.locator('.dashboard-greeting');
    await expect(greeting.getByRole('heading', { level: 2 })).toContainText(name);
    await expect(greeting.getByText(t(lang, `role.temporary.${role}`), { exact: true })).toBeVisible();
    await expect(greeting.getByText(t(lang, 'dashboard:greeting.guestUntil', { time: '' }).trim())).toBeVisible();

    // The personal center says it is a temporary account, without a password to change.
    await ui.tab(page, lang, 'tabbar_user').click();
    await expect(ui.title(page)).toHaveText(t(lang, 'titles.userCenter'));
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
    await expect(page.getByText(t(lang, 'user:center.temporary'), { exact: true })).toBeVisible();
    await expect(ui.row(page, t(lang, 'user:center.personalInfo'))).toBeVisible();
    await expect(ui.row(page, t(lang, 'user:center.changePassword'))).toHaveCount(0);
  });
}

test('a link that does not exist, or is malformed, shows the expire page', async ({ page }) => {
  // No such link (as after it expired or was revoked), with a name…
  await page.goto(`/t_r${randomUUID()}`);
  await page.getByRole('textbox', { name: t(lang, 'temporary:entry.name') }).fill(uniqueName('Late '));
  await page.getByRole('button', { name: t(lang, 'temporary:entry.submit') }).click();
  await expect(page).toHaveURL(expirePath);
  await expect(ui.title(page)).toHaveText(t(lang, 'titles.temporaryExpire'));
  await expect(page.getByRole('main').getByText(t(lang, 'temporary:expire.title'), { exact: true })).toBeVisible();

  // …and without one.
  await page.goto(`/t_v${randomUUID()}`);
  await expect(page.getByText(t(lang, 'temporary:entry.invited.valuers'))).toBeVisible();
  await page.getByRole('button', { name: t(lang, 'temporary:entry.submit') }).click();
  await expect(page).toHaveURL(expirePath);

  // An address whose id is not a link's at all.
  await page.goto('/pages-sub/temporary/index?role=recorder&id=not-a-link');
  await expect(page).toHaveURL(expirePath);
  await expect(page.getByText(t(lang, 'temporary:expire.description'))).toBeVisible();

  // Staff can still sign in from there.
  await page.getByRole('button', { name: t(lang, 'temporary:expire.signIn') }).click();
  await expect(page).toHaveURL('/pages/login/index');
  await expect(ui.title(page)).toHaveText(t(lang, 'titles.login'));
});

test('a guest whose session has ended gets the expire page, not login', async ({ page }) => {
  const creator = await apiLogin(page.request, sharer);
  const link = await createGuestLink(page.request, creator, 'recorder');
  const name = uniqueName('Guest ');
  await storeSession(page, await enterAsGuest(page.request, link.uuid, name));
  await page.goto('/');
  await expect(page.locator('.dashboard-greeting').getByRole('heading', { level: 2 })).toContainText(name);

  await spoilStoredSession(page, { access: true, refresh: true });
  await page.goto('/pages/userCenter/index');

  await expect(page).toHaveURL(expirePath);
  await expect(ui.title(page)).toHaveText(t(lang, 'titles.temporaryExpire'));
  await expect(page.getByRole('main').getByText(t(lang, 'temporary:expire.title'), { exact: true })).toBeVisible();
  expect((await storedSession(page))?.token ?? null).toBeNull();
});
