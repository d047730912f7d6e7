/**
 * Issue 28 item 4: a manager names the shop and its licence on the shop details page; the
 * change is listed with who made it, and the verification page of the shop's certificates
 * names the shop and its licence at once. On a server of its own (the demo's data), so that no
 * other journey meets the renamed shop.
 */
import { paths } from '@jewel/contract/values/web-paths';
import { request as playwrightRequest } from '@playwright/test';
import { apiCall, LANGS, type Lang, storeLanguage, t, ui } from './app.ts';
import { seriousViolations } from './axe.ts';
import { certificateUrl } from './certificate-qr.ts';
import { appraise, enrollAndDistribute, goldBracelet, registrationKit, verdict } from './commodity-api.ts';
import { apiLogin, DEMO, expect, shot, storeSession, test } from './fixtures.ts';
import { ownServerFor } from './own-server.ts';
import { png } from './photos.ts';

const sh = (lang: Lang, key: string) => t(lang, `shop:${key}`);

test.describe("a shop's details", () => {
  const shopURL = ownServerFor(62);

  test('a manager names the shop and its licence; its certificates say so at once', async ({ page }) => {
    test.setTimeout(120_000);
    const lang: Lang = 'zh-Hans';
    const base = shopURL();
    const request = await playwrightRequest.newContext({ baseURL: base });
    const manager = await apiLogin(request, DEMO.manager);
    await storeSession(page, manager);

    await page.goto(`${base}/pages/userCenter/index`);
    await ui.row(page, t(lang, 'titles.shop')).click();
    await expect(ui.title(page)).toHaveText(t(lang, 'titles.shop'));
    const field = (key: string) => page.getByRole('textbox', { name: t(lang, `setup:fields.${key}`) });
    await expect(field('shop_name')).toBeVisible();
    await field('shop_name').fill('金陵珠宝回收');
    await field('shop_address').fill('南京市秦淮区中山南路 1 号');
    await field('shop_phone').fill('025-0000-0000');
    await field('shop_licence_no').fill('91320100MA1XXXXXXX');
    await page.getByRole('button', { name: sh(lang, 'save'), exact: true }).click();
    await expect(ui.toast(page, sh(lang, 'saved'))).toBeVisible();
    // Listed, with who changed it.
    await expect(page.getByText('金陵珠宝回收').first()).toBeVisible();
    await expect(page.getByText('周店长').first()).toBeVisible();
    // Its public address: the QR codes open it from now on.
    await page
      .getByRole('textbox', { name: t(lang, 'setup:fields.shop_public_url') })
      .fill('https://jinling.example.cn');
    await page.getByRole('button', { name: sh(lang, 'publicUrl.save'), exact: true }).click();
    await expect(ui.toast(page, sh(lang, 'publicUrl.saved'))).toBeVisible();
    // The page checked once the toast is gone: half-faded, its text blends with the page (CI saw it once).
    await expect(ui.toast(page, sh(lang, 'publicUrl.saved'))).toBeHidden();
    // Its logo and seal (issue 29 item 2): each chosen, shown, listed; the logo removed again.
    const images = page.getByRole('region', { name: sh(lang, 'images.title') });
    for (const [field, rgb] of [
      ['logo', [9, 88, 217]],
      ['seal', [200, 16, 46]],
    ] as const) {
      const what = sh(lang, `images.${field}`);
      await images.getByTestId(`shop-image-${field}`).setInputFiles({
        name: `${field}.png`,
        mimeType: 'image/png',
        buffer: png([...rgb]),
      });
      await expect(ui.toast(page, t(lang, 'shop:images.saved', { what }))).toBeVisible();
      const preview = images.getByRole('img', { name: t(lang, 'shop:images.alt', { what }) });
      await expect
        .poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
      await expect(images.getByRole('button', { name: `${sh(lang, 'images.replace')}: ${what}` })).toBeVisible();
    }
    const changes = page.getByRole('region', { name: sh(lang, 'changes.title') });
    await expect(changes.getByText(sh(lang, 'images.seal'), { exact: true })).toBeVisible();
    await expect(changes.getByText(sh(lang, 'changes.image')).first()).toBeVisible();
    await images.getByRole('button', { name: `${sh(lang, 'images.remove')}: ${sh(lang, 'images.logo')}` }).click();
    await expect(images.locator('[data-field="logo"]')).toContainText(sh(lang, 'images.none'));
    const removed = ui.toast(page, t(lang, 'shop:images.removed', { what: sh(lang, 'images.logo') }));
    await expect(removed).toBeVisible();
    await expect(removed).toBeHidden();
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'shop-details-zh-Hans', { fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });

    // A certificate of the shop: its public page names the shop and its licence.
    const recorder = await apiLogin(request, DEMO.recorder);
    const valuer = await apiLogin(request, DEMO.valuers[0]);
    const kit = await registrationKit(request, recorder, [0x5b, 0x8c, 0xd0]);
    const item = await enrollAndDistribute(request, recorder, goldBracelet(kit, 'Shop details'), valuer.user.id, {
      workflowId: kit.quickId,
    });
    await appraise(request, valuer, item.id, verdict());
    const printed = new URL(await certificateUrl(request, recorder, item.id));
    expect(printed.origin).toBe('https://jinling.example.cn');
    await page.goto(`${base}${printed.pathname}?lang=zh-Hans`);
    await expect(page.locator('.shop')).toHaveText('金陵珠宝回收');
    await expect(page.locator('.issuer').first()).toHaveText('许可证号 91320100MA1XXXXXXX');
    await request.dispose();
  });

  test("a manager sets the shop's rules; every form reads them at once; the card in four languages", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const base = shopURL();
    const request = await playwrightRequest.newContext({ baseURL: base });
    const manager = await apiLogin(request, DEMO.manager);
    await storeSession(page, manager);
    let lang: Lang = 'zh-Hans';
    await page.goto(`${base}${paths.shop}`);
    const always = page.getByRole('switch', { name: sh(lang, 'rules.always') });
    await expect(always).toHaveAttribute('aria-checked', 'true');
    await always.click();
    await page.getByRole('textbox', { name: t(lang, 'shop:rules.from', { currency: 'CNY' }) }).fill('5000');
    const months = page.getByRole('textbox', { name: sh(lang, 'rules.retention') });
    await months.fill('60');
    await page.getByRole('switch', { name: sh(lang, 'rules.ackAlone') }).click();
    await page.getByRole('button', { name: sh(lang, 'rules.save'), exact: true }).click();
    await expect(ui.toast(page, sh(lang, 'rules.saved'))).toBeVisible();
    const changes = page.getByRole('region', { name: sh(lang, 'changes.title') });
    await expect(changes.getByText(sh(lang, 'rules.fields.retention_months'), { exact: true })).toBeVisible();

    // What the counter's forms read (the buyback's identity check): the shop's rules, at once.
    const recorder = await apiLogin(request, DEMO.recorder);
    expect(await apiCall(request, recorder, 'GET', '/api/settings')).toMatchObject({
      identity_check: { always: false, thresholds: { CNY: 5000 } },
      retention_months: 60,
      watch_ack_single_person: true,
    });

    for (lang of LANGS) {
      await storeLanguage(page, lang);
      await page.goto(`${base}${paths.shop}`);
      const card = page.getByRole('region', { name: sh(lang, 'rules.title') });
      await expect(card.getByRole('textbox', { name: sh(lang, 'rules.retention') })).toHaveValue('60');
      await card.scrollIntoViewIfNeeded();
      expect(await seriousViolations(page)).toEqual([]);
      await shot(page, `shop-rules-${lang}`, { fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    expect(await seriousViolations(page)).toEqual([]);
    await request.dispose();
  });

  test('a manager adds a dashboard banner with its picture; every dashboard shows it in its language; hidden, none', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const lang: Lang = 'zh-Hans';
    const base = shopURL();
    const request = await playwrightRequest.newContext({ baseURL: base });
    await storeSession(page, await apiLogin(request, DEMO.manager));
    await page.goto(`${base}${paths.shop}`);
    const card = page.getByRole('region', { name: sh(lang, 'banners.title') });
    await card.getByRole('button', { name: sh(lang, 'banners.add') }).click();
    const form = page.getByRole('dialog', { name: sh(lang, 'banners.addTitle') });
    // Saved empty: the picture and every title are asked for.
    await form.getByRole('button', { name: sh(lang, 'save'), exact: true }).click();
    await expect(form.locator('[data-field="image"] .field-error')).toHaveText(sh(lang, 'banners.imageNeeded'));
    await form
      .getByTestId('banner-image')
      .setInputFiles({ name: 'winter.png', mimeType: 'image/png', buffer: png([20, 60, 120]) });
    await expect
      .poll(() => form.locator('.banner-form__image img').evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);
    const titles = {
      'zh-Hans': '冬季腕表回收',
      'zh-Hant': '冬季腕錶回收',
      en: 'Winter watch buyback',
      ja: '冬の時計買取',
    };
    for (const language of LANGS)
      await form
        .getByRole('textbox', { name: t(lang, 'shop:banners.titleIn', { language: t(lang, `language.${language}`) }) })
        .fill(titles[language]);
    await form
      .getByRole('textbox', { name: t(lang, 'shop:banners.textIn', { language: t(lang, 'language.ja') }) })
      .fill('ロレックス・オメガ 1月31日まで');
    await form.getByRole('textbox', { name: sh(lang, 'banners.link') }).fill('/pages-sub/restock/index');
    // Each problem went with its fix.
    await expect(form.locator('.field-error')).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'shop-banner-form');
    await form.getByRole('button', { name: sh(lang, 'save'), exact: true }).click();
    await expect(form).toBeHidden();
    await expect(card.getByRole('button', { name: new RegExp(titles[lang]) })).toBeVisible();

    // A Japanese recorder's dashboard shows it, last, in Japanese.
    await storeSession(page, await apiLogin(request, DEMO.recorder));
    await storeLanguage(page, 'ja');
    await page.goto(`${base}/pages/home/index`);
    const carousel = page.getByRole('region', { name: t('ja', 'dashboard:banners.label') });
    await expect(carousel).toContainText('冬の時計買取');
    await expect(carousel).toContainText('ロレックス・オメガ 1月31日まで');

    // Hidden by the manager: no dashboard shows it.
    await storeSession(page, await apiLogin(request, DEMO.manager));
    await storeLanguage(page, lang);
    await page.goto(`${base}${paths.shop}`);
    await card.getByRole('button', { name: new RegExp(titles[lang]) }).click();
    const editing = page.getByRole('dialog', { name: sh(lang, 'banners.editTitle') });
    await editing.getByRole('switch', { name: sh(lang, 'banners.active') }).click();
    await editing.getByRole('button', { name: sh(lang, 'save'), exact: true }).click();
    await expect(editing).toBeHidden();
    await expect(card.getByRole('button', { name: new RegExp(titles[lang]) })).toContainText(
      sh(lang, 'banners.hidden'),
    );
    const recorder = await apiLogin(request, DEMO.recorder);
    const shown = await apiCall<{ title: string }[]>(request, recorder, 'GET', '/api/user/banners');
    expect(shown.map((banner) => banner.title)).not.toContain(titles.en);
    await request.dispose();
  });
});
