/** Restock (PRODUCT.md "Restock"): the products the shop wants, filtered, and changing one's status. */

import { pickChip, t, ui } from './app.ts';
import { DEMO, expect, login, shot, test } from './fixtures.ts';

const lang = 'zh-Hans';

test('the restock list filters by brand and a product becomes urgently wanted', async ({ page }) => {
  await login(page, DEMO.valuers[2]);
  await page.goto('/pages-sub/restock/index');
  await expect(ui.title(page)).toHaveText(t(lang, 'titles.restock'));
  const cards = page.getByTestId('restock-card');
  await expect(cards.first()).toBeVisible();
  const before = await cards.count();

  // Filter by the first card's brand: every card left is of that brand.
  const brand = ((await cards.first().locator('.restock-card__meta').textContent()) ?? '').split(' · ')[0] ?? '';
  await pickChip(page, lang, t(lang, 'restock:filter.brand'), brand);
  await expect(page.getByRole('button', { name: `${t(lang, 'restock:filter.brand')}: ${brand}` })).toBeVisible();
  for (const meta of await cards.locator('.restock-card__meta').allTextContents()) expect(meta).toContain(brand);

  // A wanted product becomes urgently wanted and moves up; the status shows on its card.
  await pickChip(page, lang, t(lang, 'restock:filter.brand'), t(lang, 'common:all'));
  await expect(cards).toHaveCount(before);
  const wanted = cards.filter({ hasText: '需要补货' }).last();
  const name = (await wanted.locator('.restock-card__name').textContent()) ?? '';
  await wanted.getByRole('button', { name: t(lang, 'restock:change') }).click();
  await page.getByRole('dialog').getByRole('button', { name: '急需补货', exact: true }).click();
  await expect(ui.toast(page, t(lang, 'restock:changed'))).toBeVisible();
  const moved = cards.filter({ hasText: name });
  await expect(moved.getByText('急需补货', { exact: true })).toBeVisible();
  await shot(page, 'restock');
});
