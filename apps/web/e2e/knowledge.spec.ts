import type { Page } from '@playwright/test';
import { type Lang, storeLanguage, t, ui } from './app.ts';
import { DEMO, expect, login, shot, test } from './fixtures.ts';

const lang = 'zh-Hans';

const cards = (page: Page) => page.getByTestId('knowledge-card');
/** Two of the seeded articles (apps/server/seed/knowledge), by their titles in the languages shot. */
const SEED_TITLES = {
  gold: { 'zh-Hans': '如何读懂黄金与铂金的成色印记', ja: '金・プラチナの品位刻印の読み方' },
  photo: { 'zh-Hans': '如何为鉴定拍摄物品', ja: '査定用の写真の撮り方' },
} as const;
const searchBox = (page: Page, l: Lang = lang) => page.getByPlaceholder(t(l, 'knowledge:search.placeholder'));

test('pick a category, read an article, search, and search again from the recent searches', async ({ page }) => {
  await login(page, DEMO.recorder);
  await page.goto('/');
  await ui.tab(page, lang, 'tabbar_know').click();
  await expect(ui.title(page)).toHaveText(t(lang, 'titles.know'));
  await expect(cards(page).first()).toBeVisible();
  expect(await cards(page).count()).toBeGreaterThanOrEqual(8);

  // A category: only its articles remain, and the choice is in the address.
  await page.getByRole('tab', { name: '名牌包', exact: true }).click();
  await expect(page).toHaveURL(/\/pages\/know\/index\?category=\d+$/);
  await expect(cards(page)).toHaveCount(2);
  for (const text of await cards(page).allTextContents()) expect(text).toContain('名牌包');

  // An article: its title, the rendered body, then back to the same category.
  await cards(page).filter({ hasText: '路易威登' }).click();
  await expect(ui.title(page)).toHaveText(t(lang, 'titles.knowDetail'));
  await expect(page.getByRole('heading', { level: 2, name: '路易威登：日期码、缝线与印花的真伪要点' })).toBeVisible();
  await expect(page.locator('.knowledge-body h2').first()).toHaveText('日期码（Date Code）');
  await expect(page.locator('.knowledge-body strong').first()).toBeVisible();
  await ui.back(page).click();
  await expect(page).toHaveURL(/\?category=\d+$/);
  await expect(cards(page)).toHaveCount(2);

  // The search: nothing remembered yet; a keyword found in titles and bodies.
  await page.getByRole('link', { name: t(lang, 'knowledge:search.open') }).click();
  await expect(ui.title(page)).toHaveText(t(lang, 'titles.knowSearch'));
  await expect(page.getByText(t(lang, 'knowledge:search.noRecent'))).toBeVisible();
  await searchBox(page).fill('成色');
  await searchBox(page).press('Enter');
  await expect(page).toHaveURL(`/pages/know/search?keyword=${encodeURIComponent('成色')}`);
  await expect(cards(page).filter({ hasText: '如何读懂黄金与铂金的成色印记' })).toBeVisible();
  await expect(cards(page).filter({ hasText: '成色等级 N、S、SA、A、AB、B、BC、C 怎么判' })).toBeVisible();
  const found = await cards(page).count();
  await expect(page.getByText(t(lang, 'knowledge:search.count', { count: found }))).toBeVisible();

  // Open a result, come back: the results are still there.
  await cards(page).filter({ hasText: '如何读懂黄金与铂金的成色印记' }).click();
  await expect(page.locator('.knowledge-body table')).toBeVisible();
  await ui.back(page).click();
  await expect(page).toHaveURL(`/pages/know/search?keyword=${encodeURIComponent('成色')}`);
  await expect(cards(page)).toHaveCount(found);

  // A second search that finds nothing says so.
  await searchBox(page).fill('zzzz');
  await page.getByRole('button', { name: t(lang, 'knowledge:search.submit'), exact: true }).click();
  await expect(page.getByText(t(lang, 'knowledge:search.empty', { keyword: 'zzzz' }))).toBeVisible();

  // Clearing the box shows the recent searches, newest first; tapping one searches again.
  await searchBox(page).fill('');
  const recent = page.getByRole('region', { name: t(lang, 'knowledge:search.recent') });
  await expect(recent.getByRole('listitem')).toHaveText(['zzzz', '成色']);
  await shot(page, `search-recent-${lang}-390x844`);
  await recent.getByRole('button', { name: '成色', exact: true }).click();
  await expect(page).toHaveURL(`/pages/know/search?keyword=${encodeURIComponent('成色')}`);
  await expect(cards(page)).toHaveCount(found);
  await expect(searchBox(page)).toHaveValue('成色');
  await shot(page, `search-results-${lang}-390x844`);

  // Remembered on the device: still there after a reload, and clearable.
  await searchBox(page).fill('');
  await page.reload();
  await expect(recent.getByRole('listitem')).toHaveText(['成色', 'zzzz']);
  await recent.getByRole('button', { name: t(lang, 'knowledge:search.clearRecent') }).click();
  await expect(page.getByText(t(lang, 'knowledge:search.noRecent'))).toBeVisible();
});

for (const shotLang of ['zh-Hans', 'ja'] as const) {
  test(`the list and articles fit the phone (${shotLang})`, async ({ page }) => {
    await login(page, DEMO.valuers[0]);
    await storeLanguage(page, shotLang);
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 360, height: 740 },
    ]) {
      await page.setViewportSize(viewport);
      const size = `${viewport.width}x${viewport.height}`;
      await page.goto('/pages/know/index');
      await expect(ui.title(page)).toHaveText(t(shotLang, 'titles.know'));
      await expect(cards(page).first()).toBeVisible();
      // The tab remembers its scroll position: the shot shows the top.
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.evaluate(() => document.fonts.ready);
      await shot(page, `list-${shotLang}-${size}`);

      // Nothing wider than the screen: the tabs scroll inside themselves, tables inside the body.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);

      for (const slug of ['gold', 'photo'] as const) {
        await page.goto('/pages/know/index');
        // By its title, not its place: an article another journey publishes comes first.
        const card = cards(page).filter({ hasText: SEED_TITLES[slug][shotLang] });
        await card.scrollIntoViewIfNeeded();
        await card.click();
        await expect(page.locator('.knowledge-body')).toBeVisible();
        await expect(page.locator('.knowledge-article__cover')).toBeVisible();
        if (slug === 'photo') {
          const image = page.locator('.knowledge-body img');
          await expect(image).toBeVisible();
          const box = await image.boundingBox();
          expect(box?.width ?? 0).toBeLessThanOrEqual(viewport.width);
          expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
        }
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
          0,
        );
        await shot(page, `detail-${slug}-${shotLang}-${size}`, { fullPage: true });
      }
    }
  });
}
