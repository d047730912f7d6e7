/**
 * Temporary links (PRODUCT.md "Temporary links"): a staff member makes a guest link, a partner
 * opens it on their own phone and works; revoking it sends the guest to the expire page.
 */
import { storedSession, t, ui, uniqueName } from './app.ts';
import { DEMO, expect, login, shot, test } from './fixtures.ts';

const lang = 'zh-Hans';
// Not the recorder, whose notifications another journey counts.
const sharer = DEMO.valuers[2];

test('create a guest link, a partner uses it on another phone, revoking it ends the guest', async ({
  page,
  openPhone,
}) => {
  await login(page, sharer);
  await page.goto('/pages-sub/temporary/link');
  await expect(ui.title(page)).toHaveText(t(lang, 'titles.temporaryLink'));
  const option = (text: string) => page.locator('.adm-selector-item').filter({ hasText: text });
  await option(t(lang, 'role.temporary.valuers')).click();
  await option(t(lang, 'temporary:link.days', { count: 3 })).click();
  await page.getByRole('button', { name: t(lang, 'temporary:link.create') }).click();
  await expect(page.getByRole('img', { name: t(lang, 'temporary:link.qrLabel') })).toBeVisible();
  const url = (await page.getByTestId('temporary-link-url').textContent()) ?? '';
  expect(url).toMatch(/\/t_v[0-9a-f-]{36}$/);
  await shot(page, 'temporary-link');

  // The partner opens it on their own phone and enters as a guest valuer.
  const guest = await openPhone();
  const name = uniqueName('Partner ');
  await guest.goto(new URL(url).pathname);
  await guest.getByRole('textbox', { name: t(lang, 'temporary:entry.name') }).fill(name);
  await guest.getByRole('button', { name: t(lang, 'temporary:entry.submit') }).click();
  await expect(guest).toHaveURL('/pages/home/index');
  expect((await storedSession(guest))?.user?.name).toBe(name);

  // The record shows the use and the guest; revoking asks first, then ends the link.
  await page.getByRole('link', { name: t(lang, 'temporary:link.records') }).click();
  await expect(ui.title(page)).toHaveText(t(lang, 'titles.temporaryRecord'));
  const record = page.getByTestId('temporary-record').first();
  await expect(record).toContainText(t(lang, 'temporary:state.active'));
  await expect(record).toContainText(name);
  await record.getByRole('button', { name: t(lang, 'temporary:record.revoke') }).click();
  await page
    .locator('.adm-dialog')
    .getByRole('button', { name: t(lang, 'temporary:record.revoke') })
    .click();
  await expect(ui.toast(page, t(lang, 'temporary:record.revoked'))).toBeVisible();
  await expect(record).toContainText(t(lang, 'temporary:state.revoked'));
  await shot(page, 'temporary-record');

  // The guest's next request ends on the expire page.
  await guest.reload();
  await expect(guest).toHaveURL('/pages-sub/temporary/expire');
  await expect(ui.title(guest)).toHaveText(t(lang, 'titles.temporaryExpire'));
});

test('a guest is told that links are for shop staff', async ({ page, openPhone }) => {
  const staff = await openPhone();
  await login(staff, DEMO.recorder);
  await staff.goto('/pages-sub/temporary/link');
  await staff.getByRole('button', { name: t(lang, 'temporary:link.create') }).click();
  const url = (await staff.getByTestId('temporary-link-url').textContent()) ?? '';

  await page.goto(new URL(url).pathname);
  await page.getByRole('button', { name: t(lang, 'temporary:entry.submit') }).click();
  await expect(page).toHaveURL('/pages/home/index');
  await page.goto('/pages-sub/temporary/record');
  await expect(page.getByText(t(lang, 'temporary:staffOnly.title'))).toBeVisible();
});
