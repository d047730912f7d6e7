/**
 * An unknown path has a way home; on a wide screen the app keeps to 750 px, centred (SPEC.md §9).
 * That every route of SPEC.md §2 opens with its title, in every language, is checked by the walk
 * of accessibility.spec.ts.
 */
import { t, ui } from './app.ts';
import { DEMO, expect, login, test } from './fixtures.ts';

const lang = 'zh-Hans';

test('an unknown path shows the not-found page, with a way home', async ({ page }) => {
  await login(page, DEMO.recorder);
  await page.goto('/pages-sub/no-such-page/index?id=1');

  await expect(ui.title(page)).toHaveText(t(lang, 'titles.notFound'));
  await expect(page.getByRole('heading', { level: 2, name: t(lang, 'notFound.title') })).toBeVisible();
  await expect(page.getByText(t(lang, 'notFound.description'))).toBeVisible();
  await page.getByRole('button', { name: t(lang, 'notFound.home') }).click();

  await expect(page).toHaveURL('/pages/home/index');
  await expect(ui.title(page)).toHaveText(t(lang, 'titles.home'));
  await expect(ui.tabBar(page, lang)).toBeVisible();
});

test.describe('on a wide screen', () => {
  test.use({ viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 });

  test('the app is 750 px wide and centred', async ({ page }) => {
    await login(page, DEMO.recorder);
    await page.goto('/');
    await expect(ui.tabBar(page, lang)).toBeVisible();

    // Centred in the window's width less any scrollbar.
    const width = await page.evaluate(() => document.documentElement.clientWidth);
    for (const part of [page.locator('.app-frame'), page.getByRole('banner'), ui.tabBar(page, lang)]) {
      const box = await part.boundingBox();
      expect(box?.width).toBe(750);
      expect(box?.x).toBeCloseTo((width - 750) / 2, 0);
    }
  });
});
