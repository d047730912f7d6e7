/**
 * The app shell in each language (SPEC.md §9): chosen in the personal center, it changes the tab
 * labels, the page titles, the app's own toasts and the server's messages, and survives a reload.
 */
import type { Page } from '@playwright/test';
import { LANGS, type Lang, serverMessage, storeLanguage, submitLogin, t, tapSignIn, tickAgreement, ui } from './app.ts';
import { DEMO, expect, login, test } from './fixtures.ts';

const tabKeys = ['tabbar_home', 'tabbar_know', 'tabbar_information', 'tabbar_user'] as const;

/** The personal center as it reads in `lang`. */
async function expectPersonalCenterIn(page: Page, lang: Lang) {
  await expect(ui.title(page)).toHaveText(t(lang, 'titles.userCenter'));
  await expect(page).toHaveTitle(`${t(lang, 'titles.userCenter')} · ${t(lang, 'appName')}`);
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  // The recorder sees the knowledge tab (knowledge_show), so all four, in order.
  await expect(ui.tabBar(page, lang).locator('.adm-tab-bar-item-title')).toHaveText(tabKeys.map((key) => t(lang, key)));
  await expect(ui.row(page, t(lang, 'user:center.language'))).toContainText(t(lang, `language.${lang}`));
}

for (const lang of LANGS) {
  test(`the app in ${lang}: tabs, titles, toasts and server messages, kept after a reload`, async ({ page }) => {
    // Start from another language, so that the choice is a real change.
    const from: Lang = lang === 'zh-Hans' ? 'en' : 'zh-Hans';
    if (from !== 'zh-Hans') await storeLanguage(page, from);
    await login(page, DEMO.recorder);
    await page.goto('/pages/userCenter/index');
    await expect(ui.title(page)).toHaveText(t(from, 'titles.userCenter'));

    await ui.row(page, t(from, 'user:center.language')).click();
    await expect(page.getByText(t(from, 'chooseLanguage'))).toBeVisible();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: t(lang, `language.${lang}`) })
      .click();

    await expectPersonalCenterIn(page, lang);
    await page.reload();
    await expectPersonalCenterIn(page, lang);

    // Signing out asks first, in the chosen language.
    await ui.row(page, t(lang, 'user:center.logout')).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(t(lang, 'logoutConfirm'))).toBeVisible();
    await dialog.getByRole('button', { name: t(lang, 'user:center.logout') }).click();
    await expect(page).toHaveURL('/pages/login/index');
    await expect(ui.title(page)).toHaveText(t(lang, 'titles.login'));

    // The app's own message…
    await submitLogin(page, lang, { mobile: DEMO.recorder, password: 'not-the-password', agree: false });
    await expect(
      page.locator('.login-form').getByText(t(lang, 'auth:login.agreementRequired'), { exact: true }),
    ).toBeVisible();
    // …the server's message, asked for in this language…
    await tickAgreement(page, lang);
    await tapSignIn(page, lang);
    await expect(ui.toast(page, serverMessage(lang, 'loginFailed'))).toBeVisible();
    await expect(page).toHaveURL('/pages/login/index');
    // …and the app's success toast.
    await submitLogin(page, lang, { mobile: DEMO.recorder, password: DEMO.password, agree: false });
    await expect(ui.toast(page, t(lang, 'success.login'))).toBeVisible();
  });
}
