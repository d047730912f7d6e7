/**
 * Issue 28 item 3: the demo's manager keeps the staff in the browser. From the personal center to
 * the staff page; axe at a phone's width and a laptop's; a member added, whose first password
 * (shown once) signs them in; disabled, their session ends at once. The page in four languages.
 * ADR 0103: a member's sign-in sheet, whose work e-mail a manager sets, at 360 px in two languages.
 */
import { request as playwrightRequest } from '@playwright/test';
import { LANGS, type Lang, t, ui } from './app.ts';
import { seriousViolations } from './axe.ts';
import { apiLogin, DEMO, expect, login, shot, test } from './fixtures.ts';
import { LANGUAGE_STORAGE_KEY, persistedLanguage } from './session.ts';

const STAFF = '/pages-sub/staff/index';
const st = (lang: Lang, key: string, vars: Record<string, string | number> = {}) => t(lang, `staff:${key}`, vars);

test('a manager adds a member, who signs in with the password shown once, then disables them', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const lang: Lang = 'zh-Hans';
  await login(page, DEMO.manager);
  await page.goto('/pages/userCenter/index');
  await ui.row(page, t(lang, 'titles.staff')).click();
  await expect(ui.title(page)).toHaveText(t(lang, 'titles.staff'));
  await expect(page.getByTestId('staff-card').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // At a manager's desk too.
  await page.setViewportSize({ width: 1280, height: 800 });
  expect(await seriousViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  await shot(page, 'staff-1280');
  await page.setViewportSize({ width: 390, height: 844 });

  const mobile = `139${String(Date.now()).slice(-8)}`;
  await page.getByRole('button', { name: st(lang, 'add') }).click();
  const form = page.getByRole('dialog');
  await form.getByRole('textbox', { name: st(lang, 'form.name') }).fill('新同事');
  await form.getByRole('textbox', { name: st(lang, 'form.mobile') }).fill(mobile);
  expect(await seriousViolations(page)).toEqual([]);
  await form.getByRole('button', { name: st(lang, 'form.submit'), exact: true }).click();

  const shown = page.locator('.staff-password__value');
  await expect(shown).toHaveText(/^[A-Za-z0-9_-]{12}$/);
  const password = (await shown.textContent()) ?? '';
  // Checked once the dialog has faded in: half-way, its texts blend with the mask behind it.
  await page.waitForFunction(() =>
    [...document.querySelectorAll('.adm-center-popup-wrap, .adm-mask')].every(
      (element) => getComputedStyle(element).opacity === '1',
    ),
  );
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'staff-password-once');
  await page.getByRole('button', { name: st(lang, 'password.done') }).click();

  // The new member signs in with it.
  const other = await playwrightRequest.newContext({ baseURL });
  const session = await apiLogin(other, mobile, password);
  const info = () => other.get('/api/user/info', { headers: { authorization: `Bearer ${session.token}` } });
  expect((await info()).status()).toBe(200);

  // Disabled: their session ends at once.
  const card = page.getByTestId('staff-card').filter({ hasText: '新同事' });
  await card.getByRole('button', { name: st(lang, 'actions.open', { name: '新同事' }) }).click();
  await page.getByRole('button', { name: st(lang, 'actions.disable') }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: st(lang, 'confirm.disable') })
    .click();
  await expect(card.getByText(st(lang, 'tags.disabled'))).toBeVisible();
  expect((await info()).status()).toBe(401);
  await other.dispose();
});

test('a manager adds a manager who works at no counter and a recorder who also appraises; the latter acts as a valuer', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const lang: Lang = 'zh-Hans';
  const role = (code: string) => t(lang, `common:role.${code}`);
  await login(page, DEMO.manager);
  await page.goto(STAFF);
  await expect(page.getByTestId('staff-card').first()).toBeVisible();

  /** Adds a member with these roles ticked (the form opens with recorder ticked); answers the password shown once. */
  const add = async (name: string, mobile: string, untick: string[], tick: string[]) => {
    await page.getByRole('button', { name: st(lang, 'add') }).click();
    const form = page.getByRole('dialog');
    await form.getByRole('textbox', { name: st(lang, 'form.name') }).fill(name);
    await form.getByRole('textbox', { name: st(lang, 'form.mobile') }).fill(mobile);
    for (const label of [...untick, ...tick]) await form.getByRole('option', { name: label }).click();
    await form.getByRole('button', { name: st(lang, 'form.submit'), exact: true }).click();
    const shown = page.locator('.staff-password__value');
    await expect(shown).toHaveText(/^[A-Za-z0-9_-]{12}$/);
    const password = (await shown.textContent()) ?? '';
    await page.getByRole('button', { name: st(lang, 'password.done') }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    return password;
  };
  const stamp = String(Date.now()).slice(-7);
  await add('只管店', `1381${stamp}`, [role('recorder')], [st(lang, 'tags.manager')]);
  const bothMobile = `1382${stamp}`;
  const password = await add('两岗位', bothMobile, [], [role('valuers')]);
  // The list shows each one's roles.
  const manages = page.getByTestId('staff-card').filter({ hasText: '只管店' });
  await expect(manages).toContainText(st(lang, 'noCounterRole'));
  await expect(manages.getByText(st(lang, 'tags.manager'))).toBeVisible();
  await expect(page.getByTestId('staff-card').filter({ hasText: '两岗位' })).toContainText(
    `${role('recorder')} · ${role('valuers')}`,
  );

  // The recorder who also appraises signs in as a recorder, and acts as a valuer from the personal center.
  await login(page, bothMobile, password);
  await page.goto('/pages/userCenter/index');
  await expect(page.getByTestId('acting-role')).toHaveText(role('recorder'));
  await ui.row(page, t(lang, 'user:acting.title')).click();
  await page
    .getByRole('dialog', { name: t(lang, 'user:acting.choose') })
    .getByRole('button', { name: role('valuers') })
    .click();
  // The valuer's home: reconsiderations to take, nothing to register.
  await expect(page).toHaveURL(/\/pages\/home\/index/);
  await expect(page.getByRole('button', { name: t(lang, 'dashboard:shortcuts.revisitList') })).toBeVisible();
  await expect(page.getByRole('button', { name: t(lang, 'dashboard:shortcuts.enroll') })).toHaveCount(0);
  await page.goto('/pages/userCenter/index');
  await expect(page.getByTestId('acting-role')).toHaveText(role('valuers'));

  // The row and its sheet in four languages: whole at a phone's width, and axe finds nothing.
  for (const each of LANGS) {
    await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
      key: LANGUAGE_STORAGE_KEY,
      value: persistedLanguage(each),
    });
    await page.reload();
    await expect(page.getByTestId('acting-role')).toHaveText(t(each, 'common:role.valuers'));
    await ui.row(page, t(each, 'user:acting.title')).click();
    const sheet = page.getByRole('dialog', { name: t(each, 'user:acting.choose') });
    await expect(sheet.getByRole('button', { name: t(each, 'common:role.recorder') })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, `acting-role-${each}`);
    await page.keyboard.press('Escape');
    await expect(sheet).toHaveCount(0);
  }
});

test("a manager sets a member's work e-mail from their sign-in sheet, whole at 360 px in two languages", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 360, height: 780 });
  await login(page, DEMO.manager);
  await page.goto(STAFF);
  const card = page.getByTestId('staff-card').filter({ hasText: DEMO.recorder });
  const name = ((await card.getByRole('heading').textContent()) ?? '').trim();
  const email = `Counter.${String(Date.now()).slice(-7)}@Shop.example`;

  /** The member's sign-in sheet, opened from their card once it has loaded. */
  const openSheet = async (lang: Lang) => {
    await card.getByRole('button', { name: st(lang, 'signIn.open', { name }) }).click();
    const sheet = page.getByRole('dialog', { name: st(lang, 'signIn.title', { name }) });
    await expect(sheet.getByText(st(lang, 'signIn.email'), { exact: true })).toBeVisible();
    return sheet;
  };

  let lang: Lang = 'zh-Hans';
  let sheet = await openSheet(lang);
  await expect(sheet.getByTestId('staff-email')).toHaveText(st(lang, 'signIn.noEmail'));
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, `staff-sign-in-${lang}-360`);

  await sheet.getByRole('button', { name: st(lang, 'signIn.editEmailNamed', { name }) }).click();
  const prompt = page.getByRole('dialog', { name: st(lang, 'signIn.emailTitle', { name }) });
  await expect(prompt.getByRole('textbox')).toBeFocused();
  // Checked empty: once typed in, antd-mobile's clear control (a div with an aria-label) is an axe
  // finding of every prompt dialog's, not this one's.
  expect(await seriousViolations(page)).toEqual([]);
  await prompt.getByRole('textbox').fill(email);
  await shot(page, `staff-sign-in-email-${lang}-360`);
  await prompt.getByRole('button', { name: t(lang, 'common:confirm') }).click();
  await expect(prompt).toHaveCount(0);
  // Kept as the server keeps it: lowercased.
  await expect(sheet.getByTestId('staff-email')).toHaveText(email.toLowerCase());
  await page.keyboard.press('Escape');
  await expect(sheet).toHaveCount(0);

  lang = 'ja';
  await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
    key: LANGUAGE_STORAGE_KEY,
    value: persistedLanguage(lang),
  });
  await page.reload();
  sheet = await openSheet(lang);
  await expect(sheet.getByTestId('staff-email')).toHaveText(email.toLowerCase());
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, `staff-sign-in-${lang}-360`);
});

test('the staff page in four languages, and whom it is for', async ({ page }) => {
  test.setTimeout(90_000);
  await login(page, DEMO.manager);
  await page.goto(STAFF);
  for (const lang of LANGS) {
    await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
      key: LANGUAGE_STORAGE_KEY,
      value: persistedLanguage(lang),
    });
    await page.reload();
    await expect(ui.title(page)).toHaveText(t(lang, 'titles.staff'));
    await expect(page.getByTestId('staff-card').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, `staff-${lang}`, { fullPage: true });
  }
});

test('a recorder who does not manage is told the page is for managers, and has no staff row', async ({ page }) => {
  const lang: Lang = 'zh-Hans';
  await login(page, DEMO.recorder);
  await page.goto('/pages/userCenter/index');
  await expect(ui.row(page, t(lang, 'user:center.logout'))).toBeVisible();
  await expect(ui.row(page, t(lang, 'titles.staff'))).toHaveCount(0);
  await page.goto(STAFF);
  await expect(page.getByText(st(lang, 'only.title'))).toBeVisible();
});
