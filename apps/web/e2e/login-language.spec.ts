/**
 * The data in the user's language (issue 12): a first visit opens the sign-in page in the
 * browser's language, the page's own switch changes it, and a Japanese session's forms start in
 * the shop's currency (SHOP_CURRENCY), not in yen or yuan because of the language. The currency
 * half runs against a second server of its own whose shop is set to US dollars.
 */
import { type Page, request as playwrightRequest } from '@playwright/test';
import { apiCall, type Lang, t, ui } from './app.ts';
import { PHONE } from './chromium.ts';
import { commodityBody, enrollAndDistribute, registrationKit, runTag } from './commodity-api.ts';
import { footer, identifyPath } from './commodity-ui.ts';
import { apiLogin, DEMO, expect, shot, storeSession, test } from './fixtures.ts';
import { ownServerFor } from './own-server.ts';

/** The sign-in page as it reads in `lang`. */
async function expectSignInPageIn(page: Page, lang: Lang) {
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  await expect(ui.title(page)).toHaveText(t(lang, 'titles.login'));
  await expect(page.locator('.login-form')).toContainText(t(lang, 'auth:login.mobile'));
  await expect(page.getByRole('button', { name: t(lang, 'auth:login.submit'), exact: true })).toBeVisible();
}

const switchName = (lang: Lang) => t(lang, 'languageSwitch', { language: t(lang, `language.${lang}`) });

for (const [locale, lang] of [
  ['ja-JP', 'ja'],
  ['zh-TW', 'zh-Hant'],
  ['en-GB', 'en'],
] as const) {
  test.describe(`a first visit from a ${locale} browser`, () => {
    test.use({ locale });

    test(`shows the sign-in page in ${lang}, and its switch changes the language for good`, async ({ page }) => {
      await page.goto('/pages/login/index');
      await expectSignInPageIn(page, lang);
      await shot(page, `login-first-visit-${lang}`);

      const to: Lang = lang === 'en' ? 'zh-Hans' : 'en';
      await page.getByRole('button', { name: switchName(lang) }).click();
      await expect(page.getByText(t(lang, 'chooseLanguage'))).toBeVisible();
      await shot(page, `login-language-sheet-${lang}`);
      await page
        .getByRole('dialog')
        .getByRole('button', { name: t(to, `language.${to}`) })
        .click();
      await expectSignInPageIn(page, to);
      await expect(page.getByRole('button', { name: switchName(to) })).toBeVisible();

      // The choice is kept: the browser's language no longer decides.
      await page.reload();
      await expectSignInPageIn(page, to);
    });
  });
}

// ---- the shop's currency, on a server of its own ----

test.describe('a shop that works in US dollars', () => {
  // The same start as the journeys' server (a fresh embedded database with the demo data), its shop in dollars.
  const shopURL = ownServerFor(50, { SHOP_CURRENCY: 'USD' });

  test("a Japanese valuer's appraisal starts in the shop's currency and can change it", async ({ browser }) => {
    test.setTimeout(120_000);
    const request = await playwrightRequest.newContext({ baseURL: shopURL() });
    const recorder = await apiLogin(request, DEMO.recorder);
    const valuer = await apiLogin(request, DEMO.valuers[1]);
    const settings = await apiCall<{ default_currency: string }>(request, valuer, 'GET', '/api/settings');
    expect(settings.default_currency).toBe('USD');
    const valuerInfo = await apiCall<{ id: number }>(request, valuer, 'GET', '/api/user/info');
    // An item registered and handed to the valuer through the API, as the recorder does on the register page.
    const kit = await registrationKit(request, recorder, [0x3b, 0x82, 0xff]);
    const tag = runTag();
    const item = await enrollAndDistribute(
      request,
      recorder,
      commodityBody(kit, `リング ${tag}`, { size_unit: 'mm' }),
      valuerInfo.id,
      { customer: { customer_name: `山田 ${tag}` }, lang: 'ja' },
    );

    // A Japanese phone: the app speaks Japanese from the first visit, nothing chosen.
    const context = await browser.newContext({
      baseURL: shopURL(),
      locale: 'ja-JP',
      ...PHONE,
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await storeSession(page, valuer);
    await page.goto(identifyPath(item.id));
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    await footer(page)
      .getByRole('button', { name: t('ja', 'appraisal:identify.start') })
      .click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: t('ja', 'appraisal:identify.start') })
      .click();
    await expect(footer(page).getByRole('button', { name: t('ja', 'appraisal:identify.submit') })).toBeVisible();

    const currency = page.locator('#appraisal-identify-form-currency');
    await expect(currency).toContainText('USD');
    await expect(currency).not.toContainText('JPY');
    // Still the valuer's to change, form by form.
    await currency.click();
    const wheel = page.locator('.adm-picker-popup .adm-popup-body').filter({ visible: true });
    await wheel.locator('.adm-picker-view-column-item').filter({ hasText: 'JPY' }).first().tap();
    await expect(wheel.locator('.adm-picker-view-column-item-active').filter({ hasText: 'JPY' })).toHaveCount(1);
    await wheel.locator('.adm-picker-header-button').last().click();
    await expect(currency).toContainText('JPY');

    expect(errors).toEqual([]);
    await context.close();
    await request.dispose();
  });
});
