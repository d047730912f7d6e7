/**
 * Appraiser calibration (issue 14 item 3) at a phone's size: a first appraisal and its
 * reconsideration made through the API give figures; the recorder opens the page from the
 * personal center, sees the shop's figures and the valuer, and exports the CSV, whose numbers
 * are the page's. A guest is told the page is for shop staff. Screenshots in the four languages
 * go to E2E_SHOTS.
 *
 * Other journeys on the same server appraise items today too: figures are compared between the
 * page and the file, never with fixed counts.
 */
import { readFileSync } from 'node:fs';
import type { Locator } from '@playwright/test';
import { apiCall, createGuestLink, enterAsGuest, LANGS, type Lang, storeLanguage, t, ui } from './app.ts';
import {
  act,
  appraise,
  commodityBody,
  enrollAndDistribute,
  registrationKit,
  runTag,
  verdict,
} from './commodity-api.ts';
import { apiLogin, DEMO, expect, login, shot, storeSession, test } from './fixtures.ts';

const lang = 'zh-Hans';

/** The file's rows, cells split (the calibration CSV quotes nothing the demo data holds). */
function csvRows(bytes: Buffer): string[][] {
  return bytes
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => line.split(','));
}

async function tile(scope: Locator, figure: string) {
  return (await scope.locator(`[data-figure="${figure}"] .calibration-tile__value`).innerText()).trim();
}

test('the shop and a valuer show figures, and the CSV has the same numbers', async ({ page, request }) => {
  const recorder = await apiLogin(request, DEMO.recorder);
  const first = await apiLogin(request, DEMO.valuers[0]);
  const second = await apiLogin(request, DEMO.valuers[1]);
  const third = await apiLogin(request, DEMO.valuers[2]);
  const firstInfo = await apiCall<{ id: number; name: string }>(request, first, 'GET', '/api/user/info');
  const kit = await registrationKit(request, recorder, [120, 90, 200]);
  // One item agreed on, one disagreed on (another authenticity) and assessed: figures on every side.
  for (const [index, second_is_real] of [1, 2].entries()) {
    const item = await enrollAndDistribute(
      request,
      recorder,
      commodityBody(kit, `Calibration ${runTag()} ${index}`),
      firstInfo.id,
    );
    await appraise(request, first, item.id);
    await appraise(
      request,
      second,
      item.id,
      verdict(second_is_real === 2 ? { is_real: 2, not_genuine_reason: 'stitching' } : {}),
      'reconsideration',
    );
    // The disagreement goes to a comprehensive assessment, which sides with the first appraisal.
    if (second_is_real === 2) await act(request, third, item.id, 'comprehensive', verdict());
  }

  await login(page, DEMO.recorder);
  await page.goto('/pages/userCenter/index');
  await ui.row(page, t(lang, 'user:center.calibration')).click();
  await expect(ui.title(page)).toHaveText(t(lang, 'titles.calibration'));
  const shop = page
    .locator('section.card')
    .filter({ hasText: t(lang, 'calibration:shop.title') })
    .first();
  await expect(shop.locator('[data-figure="items"]')).toBeVisible();
  const valuer = page.locator(`[data-valuer="${firstInfo.id}"]`);
  await expect(valuer.getByRole('heading', { name: firstInfo.name })).toBeVisible();
  const shopItems = await tile(shop, 'items');
  const valuerAgreement = await tile(valuer, 'agreement');
  expect(Number(shopItems)).toBeGreaterThanOrEqual(2);
  expect(valuerAgreement).toMatch(/%$/);
  // The charts are drawn, inside the phone's width, and told in words to screen readers.
  const plot = page.locator('.calibration-chart__plot svg').first();
  await expect(plot).toBeVisible();
  expect((await plot.boundingBox())?.width ?? 999).toBeLessThanOrEqual(360);
  await expect(page.locator('.calibration-chart table.sr-only').first()).toContainText(firstInfo.name);
  await shot(page, `${lang}-calibration`, { fullPage: true });

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: t(lang, 'calibration:export.csv') }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^calibration_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
  const rows = csvRows(readFileSync(await download.path()));
  // The CSV speaks the app's language: the shop's row first, "all" of its categories and brands.
  const all = '全部';
  const shopRow = rows[1];
  expect(shopRow?.[0]).toBe('全店');
  expect(shopRow?.[3]).toBe(all);
  expect(shopRow?.[5]).toBe(shopItems);
  const valuerRow = rows.find((row) => row[1] === String(firstInfo.id) && row[3] === all);
  expect(`${valuerRow?.[8]}%`).toBe(valuerAgreement);

  // A period longer than the server allows is said in words.
  await page.goto('/pages-sub/calibration/index?from=2020-01-01&to=2026-01-01');
  await expect(page.getByRole('heading', { name: /366/ })).toBeVisible();
  await expect(page.getByText(t(lang, 'calibration:periodHint'))).toBeVisible();
});

test('a guest is told the figures are for shop staff', async ({ page, request }) => {
  const recorder = await apiLogin(request, DEMO.recorder);
  const link = await createGuestLink(request, recorder, 'valuers');
  const guest = await enterAsGuest(request, link.uuid, `G${runTag()}`);
  await storeSession(page, guest);
  await page.goto('/pages-sub/calibration/index');
  await expect(page.getByRole('heading', { name: t(lang, 'calibration:only.title') })).toBeVisible();
  await page.goto('/pages/userCenter/index');
  await expect(ui.row(page, t(lang, 'user:center.calibration'))).toHaveCount(0);
});

for (const each of LANGS) {
  test(`the page at 360 px in ${each}`, async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await storeLanguage(page, each as Lang);
    await login(page, DEMO.valuers[0]);
    await page.goto('/pages-sub/calibration/index');
    await expect(ui.title(page)).toHaveText(t(each as Lang, 'titles.calibration'));
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    // Every breakdown and the definitions open: the tables scroll inside their own region.
    for (const summary of await page.locator('summary').all()) await summary.click();
    // Nothing wider than the phone.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, `${each}-calibration-360`, { fullPage: true });
  });
}
