/**
 * Every page at 360 × 640 in the four languages (issue 12, "One design system"): no page is wider
 * than the phone, and screenshots of each go to E2E_SHOTS for a person to look at. The recorder
 * registers one item with every kind of photo and hands it to valuer 1, who has started it, so
 * that the detail, appraisal and comprehensive pages show real content.
 */
import { type PathName, paths, withQuery } from '@jewel/contract/values/web-paths';
import type { Page } from '@playwright/test';
import { createGuestLink, LANGS, storeLanguage, t, ui } from './app.ts';
import { enrollAndDistribute, goldBracelet, registrationKit } from './commodity-api.ts';
import { footer } from './commodity-ui.ts';
import { apiLogin, DEMO, expect, SHOTS_DIR, shot, storeSession, test } from './fixtures.ts';
import { upload } from './photos.ts';

const PHONE = { width: 360, height: 640 };

test.use({ viewport: PHONE, deviceScaleFactor: 1 });

async function fitsThePhone(page: Page, name: string) {
  await expect(ui.title(page)).not.toBeEmpty({ timeout: 20_000 });
  await expect(page.locator('.adm-skeleton')).toHaveCount(0, { timeout: 10_000 });
  if (SHOTS_DIR) await page.waitForFunction(() => [...document.images].every((image) => image.complete));
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${name} is no wider than the phone`).toBeLessThanOrEqual(PHONE.width);
  await shot(page, name, { fullPage: true });
}

/** The valuer's confirmations on the appraisal page: start (once), then return for modification. */
async function appraisalDialogs(page: Page, lang: (typeof LANGS)[number]) {
  const dialog = page.getByRole('dialog');
  const start = footer(page).getByRole('button', { name: t(lang, 'appraisal:identify.start') });
  if (await start.isVisible()) {
    await start.click();
    await expect(dialog).toBeVisible();
    await shot(page, `${lang}-valuer-dialog-start`);
    await dialog.getByRole('button', { name: t(lang, 'appraisal:identify.start') }).click();
    await expect(page.getByTestId('appraisal-elapsed')).toBeVisible();
  }
  await footer(page)
    .getByRole('button', { name: t(lang, 'appraisal:identify.submit') })
    .click();
  await shot(page, `${lang}-valuer-identify-checks`);
  await expect(footer(page)).toBeVisible();
  await fitsThePhone(page, `${lang}-valuer-commodityIdentify-started`);
}

/** The photo viewer over the detail page: opaque, its counter clear of the page's title. */
async function photoViewer(page: Page, lang: (typeof LANGS)[number]) {
  await page.locator('.photo-grid__tile').first().click();
  const viewer = page.locator('.photo-viewer-mask').filter({ visible: true });
  await expect(viewer.locator('.adm-image-viewer-indicator')).toHaveText('1 / 2');
  await page.waitForFunction(() => [...document.images].every((image) => image.complete));
  await shot(page, `${lang}-recorder-photoViewer`);
  await viewer.getByRole('button', { name: t(lang, 'photos:close') }).click();
  await expect(viewer).toHaveCount(0);
}

for (const lang of LANGS)
  test(`every page fits a 360 px phone in ${lang}`, async ({ page, request }) => {
    test.setTimeout(300_000);
    const recorder = await apiLogin(request, DEMO.recorder);
    const valuer = await apiLogin(request, DEMO.valuers[0]);
    const link = await createGuestLink(page.request, recorder, 'valuers');
    const kit = await registrationKit(request, recorder, [0xd4, 0xa0, 0x17]);
    const photo = () => upload(request, recorder, [0xd4, 0xa0, 0x17]);
    const commodity = goldBracelet(kit, 'Cartier Love Bracelet 18K Yellow Gold', {
      product_pics: [await photo(), await photo()],
      accessory_pics: [await photo()],
      weight_pics: [await photo()],
      engraving_pics: [await photo()],
      remark: 'Customer needs cash today',
    });
    const customer = {
      customer_name: 'Alexandra Konstantinopoulou-Whitfield',
      customer_address: '東京都中央区銀座 1-1',
    };
    const { id } = await enrollAndDistribute(request, recorder, commodity, valuer.user.id, { customer });

    const query: Partial<Record<PathName, Record<string, string | number>>> = {
      temporary: { role: 'valuers', id: link.uuid },
      commodityDetail: { id },
      commodityIdentify: { id },
      flowIdentify: { id },
    };
    // The expire page ends any session it finds; the login page needs none.
    const skipped: PathName[] = ['temporaryExpire', 'login'];
    const names = (Object.keys(paths) as PathName[]).filter((name) => !skipped.includes(name));
    // The valuer's own pages; the others look as they do for the recorder.
    const valuerNames: PathName[] = ['home', 'commodityList', 'commodityDetail', 'commodityIdentify', 'flowIdentify'];
    await test.step(`${lang}: signed out`, async () => {
      await page.context().clearCookies();
      await page.goto('/');
      await page.evaluate(() => localStorage.clear());
      await storeLanguage(page, lang);
      await page.goto(paths.login);
      await fitsThePhone(page, `${lang}-login`);
    });
    for (const [who, session, pages] of [
      ['recorder', recorder, names],
      ['valuer', valuer, valuerNames],
    ] as const) {
      await storeSession(page, session);
      await storeLanguage(page, lang);
      for (const name of pages) {
        await test.step(`${lang}: ${who} ${name}`, async () => {
          await page.goto(withQuery(paths[name], query[name] ?? {}));
          await fitsThePhone(page, `${lang}-${who}-${name}`);
          if (who === 'valuer' && name === 'commodityIdentify') await appraisalDialogs(page, lang);
          if (who === 'recorder' && name === 'commodityDetail') await photoViewer(page, lang);
        });
      }
    }
  });
