/**
 * The data in the user's language (issue 12): a Japanese user reads the catalog's products in
 * Japanese, with their pictures, on the restock list, in the inquiry's product picker and on the
 * assumed-naming page, and the dashboard's banners in Japanese.
 */
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Locator } from '@playwright/test';
import { apiCall, storeLanguage, t, ui } from './app.ts';
import { apiLogin, DEMO, expect, shot, storeSession, test } from './fixtures.ts';
import { upload } from './photos.ts';
import type { SessionTokens } from './session.ts';

const lang = 'ja';
// The demo catalog's Cartier Love bracelet (apps/server/seed/catalog/products.csv), in Japanese.
const LOVE_BRACELET = 'ラブ ブレスレット K18イエローゴールド';
const LOVE_BRACELET_ROSE = 'ラブ ブレスレット K18ピンクゴールド';

/** Whether an image has loaded (an SVG of the app, not a broken picture). */
async function expectLoaded(image: Locator) {
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBeGreaterThan(0);
}

/** One Cartier Love commodity with an assumed name, registered through the API by the recorder. */
async function enrollLove(request: APIRequestContext, recorder: SessionTokens) {
  const photo = await upload(request, recorder, [0x3b, 0x82, 0xff]);
  const brands = await apiCall<{ id: number; name: string }[]>(request, recorder, 'GET', '/api/brands');
  const cartier = brands.find((brand) => brand.name === 'Cartier');
  if (!cartier) throw new Error('the demo catalog has Cartier');
  const types = await apiCall<{ id: number; name: string }[]>(
    request,
    recorder,
    'GET',
    `/api/brand/${cartier.id}/types`,
  );
  const categories = await apiCall<{ id: number }[]>(request, recorder, 'GET', '/api/categories');
  const name = `ラブ？ ${randomUUID().slice(0, 4)}`;
  const result = await apiCall<{ commodities: { id: number }[] }>(request, recorder, 'POST', '/api/enrollments', {
    idempotency_key: randomUUID(),
    customer_name: '山田 花子',
    customer_phone: `139${String(Date.now()).slice(-8)}`,
    customer_address: '東京都中央区銀座 1-1',
    commodities: [
      {
        brand_id: cartier.id,
        type_id: types.find((type) => type.name === 'Love')?.id,
        category_id: categories[0]?.id,
        product_name: name,
        length: 17,
        width: 6,
        size_unit: 'mm',
        weight: 30.1,
        size_pics: [photo],
        product_pics: [photo],
        accessory_pics: [photo],
        product_status: 1,
        accessories: ['box'],
        priority: 1,
      },
    ],
  });
  const id = result.commodities[0]?.id;
  if (id === undefined) throw new Error('enrollment failed');
  return { id, name };
}

test('a Japanese user reads catalog names and banners in Japanese', async ({ page }) => {
  test.setTimeout(90_000);
  const recorder = await apiLogin(page.request, DEMO.recorder);
  const commodity = await enrollLove(page.request, recorder);
  await storeLanguage(page, lang);
  await storeSession(page, recorder);

  // The dashboard's banners: title and text in Japanese.
  await page.goto('/pages/home/index');
  const banners = page.locator('.dashboard-banners');
  await expect(banners.locator('.dashboard-banners__title').first()).toContainText('金の品位鑑定に新基準を導入');
  await expect(banners).toContainText('蛍光X線分析で、3分で結果がわかります');
  await expect(banners).toContainText('日本店グランドオープン');
  await expect(banners).toContainText('東京・銀座店へぜひお越しください');
  await shot(page, 'localized-home-ja');

  // The restock list: the Japanese name, with the product's picture.
  await page.goto('/pages-sub/restock/index');
  await expect(ui.title(page)).toHaveText(t(lang, 'titles.restock'));
  const card = page.getByTestId('restock-card').filter({ hasText: LOVE_BRACELET });
  await expect(card.locator('.restock-card__name')).toHaveText(LOVE_BRACELET);
  await expectLoaded(card.locator('img.restock-card__image'));
  await expect(card.locator('img.restock-card__image')).toHaveAttribute('src', '/products/bracelet.svg');
  await shot(page, 'localized-restock-ja');

  // The inquiry's catalog product picker: the brand's products by their Japanese names.
  await page.goto('/pages-sub/productInquiry/register');
  // Both pickers are searchable lists (components/form/search-picker.tsx).
  await page.getByRole('button', { name: new RegExp(`^${t(lang, 'inquiry:fields.brand')}: `) }).click();
  const brandList = page.locator('.search-picker__dialog');
  await brandList.locator('.search-picker__option').filter({ hasText: 'Cartier' }).first().click();
  await expect(brandList).toHaveCount(0);
  await page.getByRole('button', { name: new RegExp(`^${t(lang, 'inquiry:fields.product')}: `) }).click();
  const productList = page.locator('.search-picker__dialog');
  const options = productList.locator('.search-picker__option');
  await expect(options.filter({ hasText: LOVE_BRACELET })).toHaveCount(1);
  await expect(options.filter({ hasText: LOVE_BRACELET_ROSE })).toHaveCount(1);
  await expect(productList).not.toContainText('Love bracelet');
  await shot(page, 'localized-picker-ja');
  await productList.locator('.search-picker__cancel').click();
  await expect(productList).toHaveCount(0);

  // The assumed-naming page: the catalog of the commodity's brand and line, in Japanese, with pictures.
  await page.goto(`/pages-sub/assumeNaming/index?id=${commodity.id}`);
  await expect(ui.title(page)).toHaveText(t(lang, 'titles.assumeNaming'));
  const main = page.getByRole('main');
  await expect(main).toContainText(commodity.name);
  const choice = main.locator('.commodity-choice').filter({ hasText: LOVE_BRACELET });
  await expect(choice.locator('.commodity-product__name')).toHaveText(LOVE_BRACELET);
  await expectLoaded(choice.locator('img.commodity-thumb'));
  await shot(page, 'localized-naming-ja');
  await choice.click();
  await page
    .locator('.page__footer')
    .getByRole('button', { name: t(lang, 'commodity:naming.submit', { name: LOVE_BRACELET }) })
    .click();
  await page
    .locator('.adm-dialog')
    .getByRole('button', { name: t(lang, 'commodity:actions.confirmName') })
    .click();
  await expect(ui.toast(page, t(lang, 'success.operate'))).toBeVisible();

  // Linked, the commodity names its catalog product in Japanese too.
  await page.goto(`/pages-sub/assumeNaming/index?id=${commodity.id}`);
  await expect(main).toContainText(`${t(lang, 'commodity:naming.catalogProduct')}${LOVE_BRACELET}`);
});

test('a price inquiry names its catalog product in the reader’s language', async ({ page }) => {
  const recorder = await apiLogin(page.request, DEMO.recorder);
  const [love] = (
    await apiCall<{ items: { id: number; brand_id: number }[] }>(
      page.request,
      recorder,
      'GET',
      '/api/products?keyword=B6035517',
    )
  ).items;
  if (!love) throw new Error('the demo catalog has B6035517');
  // The recorder writes what the customer said; the card adds the linked catalog product.
  const asked = `客人说的卡地亚手镯 ${randomUUID().slice(0, 4)}`;
  const inquiry = await apiCall<{ id: number }>(page.request, recorder, 'POST', '/api/inquiries', {
    customer_name: '李女士',
    contact: 'wechat: li_2026',
    brand_id: love.brand_id,
    product_id: love.id,
    product_name: asked,
    source: 'wechat',
  });
  await storeSession(page, await apiLogin(page.request, DEMO.valuers[0]));
  await page.setViewportSize({ width: 360, height: 640 });
  for (const [reader, name] of [
    ['ja', LOVE_BRACELET],
    ['en', 'Love bracelet, 18K yellow gold'],
  ] as const) {
    await storeLanguage(page, reader);
    await page.goto(`/pages-sub/productInquiry/registerList?id=${inquiry.id}`);
    const card = page.getByTestId('inquiry-card').filter({ hasText: asked });
    await expect(card).toContainText(t(reader, 'inquiry:catalog', { name }));
    await shot(page, `localized-inquiry-${reader}`);
  }
});
