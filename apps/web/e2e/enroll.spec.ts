/**
 * Registering a customer's items (issue 4): two items with photos, the brand found by a search,
 * the first item folded to a summary card when the second is added (issue 12); the draft surviving a reload
 * in the middle, photo uploads included; a submit while offline that goes out once when the
 * network returns; a lost answer retried with the same key; the max-5 and required-photo
 * messages; the page at two phone sizes in Chinese and Japanese.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { apiCall, type Lang, storeLanguage, t, ui } from './app.ts';
import {
  addPhotos,
  cameraPhoto,
  field,
  fieldId,
  fillCommodity,
  fillCustomer,
  type ImageFile,
  photosUploaded,
  pickFirst,
  picture,
  requiredPhotos,
  searchList,
  uniquePhone,
} from './commodity-ui.ts';
import { DEMO, expect, login, shot, test } from './fixtures.ts';
import type { SessionTokens } from './session.ts';

const lang: Lang = 'zh-Hans';
const e = (key: string, vars: Record<string, string | number> = {}, language: Lang = lang) =>
  t(language, `enroll:${key}`, vars);
const ENROLL = '/pages-sub/commodityEnroll/index';
const LIST = '/pages-sub/commodityList/index';
const HEIC_SAMPLE = new URL('../../server/src/features/upload/fixtures/sample.heic', import.meta.url);

interface Detail {
  id: number;
  no: string;
  product_name: string;
  size_pics: string[];
  product_pics: string[];
  accessory_pics: string[];
  weight_pics: string[];
  weight: number | null;
  priority: number;
  enrollment: { id: number; customer_name: string; customer_phone: string };
}

/** The commodities registered for a customer's phone, with their details, through the API. */
async function enrolledFor(page: Page, session: SessionTokens, phone: string): Promise<Detail[]> {
  const list = await apiCall<{ items: { id: number }[] }>(
    page.request,
    session,
    'GET',
    `/api/commodities?keyword=${encodeURIComponent(phone)}`,
  );
  return Promise.all(
    list.items.map((item) => apiCall<Detail>(page.request, session, 'GET', `/api/commodities/${item.id}`)),
  );
}

/**
 * Finds a brand by typing part of its name in the brand picker's search box (any case) and
 * chooses it; on the way, a search that matches nothing says so. Answers the brand as the picker
 * shows it.
 */
async function searchBrand(page: Page, session: SessionTokens, path: string): Promise<string> {
  const brands = await apiCall<{ name: string; names: { 'zh-Hans'?: string } }[]>(
    page.request,
    session,
    'GET',
    '/api/brands',
  );
  const names = brands.map((brand) => brand.name);
  // As a Chinese reader sees each (ADR 0033): the maker's name, the Chinese name beside it.
  const label = (name: string) => {
    const chinese = brands.find((brand) => brand.name === name)?.names['zh-Hans'];
    return chinese && chinese !== name ? `${name}（${chinese}）` : name;
  };
  const folded = (text: string) => text.normalize('NFKC').toLocaleLowerCase();
  // A part of a name that some brands hold and others do not, typed in the other case.
  const [query, matches] =
    names
      .flatMap((name) => [...name].map((_, start) => name.slice(start, start + 2)))
      .filter((part) => part.trim().length === 2)
      .map((part) => [part, names.filter((name) => folded(name).includes(folded(part)))] as const)
      .find(([, found]) => found.length > 1 && found.length < names.length) ?? [];
  expect(query, `a part shared by some of ${names.join(', ')}`).toBeDefined();
  const typed = [...(query ?? '')]
    .map((char) => (char === char.toUpperCase() ? char.toLowerCase() : char.toUpperCase()))
    .join('');
  await page.locator(fieldId(path)).click();
  const list = searchList(page, e('fields.brand'));
  const options = list.locator('.search-picker__option');
  await expect(options).toHaveText(names.map(label));
  await list.getByRole('searchbox').fill(typed);
  await expect(options).toHaveText((matches ?? []).map(label));
  await shot(page, 'enroll-brand-search-zh-Hans-390x844');
  await list.getByRole('searchbox').fill('没有这个品牌');
  await expect(options).toHaveCount(0);
  await expect(list.getByRole('status')).toHaveText(t(lang, 'form.noMatch', { query: '没有这个品牌' }));
  await list.getByRole('searchbox').fill(typed);
  const chosen = matches?.at(-1) ?? '';
  await list.getByRole('button', { name: label(chosen), exact: true }).click();
  await expect(list).toHaveCount(0);
  await expect(page.locator(fieldId(path))).toHaveText(label(chosen));
  return label(chosen);
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    // Each test starts from an empty draft (the marker keeps a reload from clearing it).
    if (sessionStorage.getItem('e2e-enroll-started')) return;
    sessionStorage.setItem('e2e-enroll-started', '1');
    localStorage.removeItem('jewel-commodity');
    localStorage.removeItem('jewel-photo-uploads');
  });
});

test('registering two items with photos', async ({ page }) => {
  test.setTimeout(120_000);
  const session = await login(page, DEMO.recorder);
  const phone = uniquePhone();
  const uploadSizes: number[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/upload/image')) uploadSizes.push(request.postDataBuffer()?.length ?? 0);
  });
  await page.goto(ENROLL);
  await expect(page.getByRole('banner').getByRole('heading', { level: 1 })).toHaveText(
    t(lang, 'titles.commodityEnroll'),
  );

  await fillCustomer(page, '李女士', phone);
  await fillCommodity(page, 0, '18K 金钻石戒指');
  const brand = await searchBrand(page, session, 'commodities.0.brand_id');
  await pickFirst(page, 'commodities.0.material_id');
  await page.locator(fieldId('commodities.0.length')).fill('18');
  await field(page, 'commodities.0.size_unit').getByText('cm', { exact: true }).click();
  await field(page, 'commodities.0.accessories').locator('.adm-selector-item').first().click();
  await page
    .getByRole('switch', { name: e('fields.priority') })
    .first()
    .click();
  await requiredPhotos(page, 0, 1);
  // A camera photo, shrunk on the phone before it goes up.
  await addPhotos(page, 'commodities.0.weight_pics', [await cameraPhoto()]);

  await page.getByRole('button', { name: e('actions.addCommodity') }).click();
  // The finished first item folds to a summary card; the new one comes into view, its first field focused.
  await expect(page.locator(fieldId('commodities.1.brand_id'))).toBeFocused();
  await expect(page.getByRole('heading', { name: e('sections.commodity', { index: 2 }) })).toBeInViewport();
  const summary = page.getByRole('region', { name: e('sections.commodity', { index: 1 }) });
  await expect(page.locator(fieldId('commodities.0.brand_id'))).toHaveCount(0);
  const [category] = await apiCall<{ name: string }[]>(page.request, session, 'GET', '/api/categories');
  await expect(summary.locator('dd')).toHaveText(['18K 金钻石戒指', brand, category?.name ?? '']);
  const thumb = summary.getByRole('img', { name: e('fields.product_pics') });
  await expect(thumb).toBeVisible();
  expect(await thumb.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  await summary.scrollIntoViewIfNeeded();
  await shot(page, 'enroll-summary-zh-Hans-390x844');

  // A tap on a field's label opens its picker.
  await field(page, 'commodities.1.category_id').locator('label').click();
  await expect(searchList(page, e('fields.category')).getByRole('searchbox')).toBeVisible();
  await searchList(page).locator('.search-picker__option').first().click();
  await expect(searchList(page)).toHaveCount(0);
  await expect(page.locator(fieldId('commodities.1.category_id'))).toHaveText(category?.name ?? '');
  await field(page, 'commodities.1.product_status').locator('label').click();
  await expect(page.locator('.adm-picker').filter({ visible: true })).toBeVisible();
  await page.locator('.adm-picker').filter({ visible: true }).locator('.adm-picker-header-button').first().click();
  await expect(page.locator('.adm-picker').filter({ visible: true })).toHaveCount(0);

  await fillCommodity(page, 1, '铂金项链');
  await requiredPhotos(page, 1, 2);

  // Edit opens the first item again, as it was.
  await summary.getByRole('button', { name: e('actions.editCommodity') }).click();
  await expect(page.locator(fieldId('commodities.0.brand_id'))).toBeFocused();
  await expect(page.locator(fieldId('commodities.0.brand_id'))).toHaveText(brand);
  await expect(page.locator(fieldId('commodities.0.product_name'))).toHaveValue('18K 金钻石戒指');
  await photosUploaded(page, 9);

  // Every photo opens in the viewer; its buttons step between them; Escape gives the focus back.
  const productPhotos = field(page, 'commodities.0.product_pics');
  const second = productPhotos.getByRole('button', {
    name: t(lang, 'photos:open', { field: t(lang, 'photos:photo', { field: e('fields.product_pics'), index: 2 }) }),
  });
  await second.click();
  const viewer = page.getByRole('dialog', { name: e('fields.product_pics') });
  const shown = viewer.getByRole('img', {
    name: t(lang, 'photos:photo', { field: e('fields.product_pics'), index: 2 }),
  });
  await expect(shown).toBeVisible();
  await expect(viewer.locator('.adm-image-viewer-indicator')).toHaveText('2 / 2');
  await expect(viewer.getByRole('button', { name: t(lang, 'photos:next') })).toBeDisabled();
  await viewer.getByRole('button', { name: t(lang, 'photos:previous') }).click();
  await expect(viewer.locator('.adm-image-viewer-indicator')).toHaveText('1 / 2');
  await viewer.getByRole('button', { name: t(lang, 'photos:close') }).click();
  await expect(viewer).toBeHidden();
  await second.focus();
  await page.keyboard.press('Enter');
  await expect(viewer.getByRole('button', { name: t(lang, 'photos:close') })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(second).toBeFocused();

  await page.getByRole('button', { name: e('actions.submit') }).click();
  await expect(page.locator('.adm-toast-main').getByText(e('status.enrolled'), { exact: true })).toBeVisible();
  // The list, offering the two items' tags (issue 29 item 4).
  await expect(page).toHaveURL(new RegExp(`${LIST}\\?registered=\\d+%2C\\d+$`));

  const details = await enrolledFor(page, session, phone);
  expect(details).toHaveLength(2);
  const notice = page.locator('.commodity-registered');
  await expect(notice).toContainText(t(lang, 'commodity:list.registered', { count: 2 }));
  await shot(page, 'list-registered');
  await notice.getByRole('link', { name: t(lang, 'commodity:list.printRegistered', { count: 2 }) }).click();
  await expect(ui.title(page)).toHaveText(t(lang, 'titles.tags'));
  await expect(page.getByText(t(lang, 'tag:tags.selected', { count: 2 }))).toBeVisible();
  for (const detail of details)
    await expect(
      page.getByRole('checkbox', { name: t(lang, 'commodity:list.select', { no: detail.no }) }),
    ).toBeChecked();
  const ring = details.find((detail) => detail.product_name === '18K 金钻石戒指');
  const necklace = details.find((detail) => detail.product_name === '铂金项链');
  expect(ring).toMatchObject({
    weight: 5.2,
    priority: 2,
    enrollment: { customer_name: '李女士', customer_phone: phone },
  });
  expect(ring?.size_pics).toHaveLength(1);
  expect(ring?.product_pics).toHaveLength(2);
  expect(ring?.accessory_pics).toHaveLength(1);
  expect(ring?.weight_pics).toHaveLength(1);
  expect(necklace?.product_pics).toHaveLength(2);
  expect(necklace?.enrollment.id).toBe(ring?.enrollment.id);

  // Every upload at most 1 MB (and a little for the multipart envelope); the camera photo at most 2048 px.
  expect(uploadSizes).toHaveLength(9);
  for (const size of uploadSizes) expect(size).toBeLessThanOrEqual(1024 * 1024 + 1024);
  const stored = await page.request.get(ring?.weight_pics[0] ?? '');
  const meta = await sharp(await stored.body()).metadata();
  expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeLessThanOrEqual(2048);

  // The draft is gone: the form is empty again.
  await page.goto(ENROLL);
  await expect(page.locator(fieldId('customer_phone'))).toHaveValue('');
});

test('a reload in the middle of registering loses nothing, and uploads resume', async ({ page, consoleErrors }) => {
  test.setTimeout(90_000);
  // Uploads held back at the reload are cancelled by it.
  consoleErrors.allow.push(/requestfailed: POST \/api\/upload\/image/);
  const session = await login(page, DEMO.recorder);
  const phone = uniquePhone();
  await page.goto(ENROLL);
  await fillCustomer(page, '张先生', phone);
  await fillCommodity(page, 0, '翡翠手镯');
  // A bag: its photo guide takes only the engraving photos; material and inlay keep their own fields.
  await page.locator(fieldId('commodities.0.category_id')).click();
  const categories = searchList(page, e('fields.category'));
  await categories.locator('.search-picker__option').filter({ hasText: '包袋' }).click();
  await expect(categories).toHaveCount(0);
  await page.locator(fieldId('commodities.0.engraving')).fill('福');
  await requiredPhotos(page, 0, 3);
  // A HEIC photo (an iPhone's) that Chromium cannot decode goes up as it is; the server converts it.
  await addPhotos(page, 'commodities.0.material_pics', [
    { name: 'IMG_0002.HEIC', mimeType: 'image/heic', buffer: readFileSync(HEIC_SAMPLE) },
  ]);
  await photosUploaded(page, 5);

  // More photos while uploads hang: at the reload they exist only on the device.
  await page.route('**/api/upload/image', () => {});
  await addPhotos(page, 'commodities.0.inlay_pics', [
    await picture('inlay-1.jpg', [10, 120, 120]),
    await picture('inlay-2.jpg', [120, 10, 120]),
  ]);
  await expect(page.locator('.photo-grid__cell[data-state]')).toHaveCount(7);
  // A photo's upload starts once its file is kept in IndexedDB: both are on the device.
  await expect(page.locator('.photo-grid__cell[data-state="uploading"]')).toHaveCount(2);
  await page.unroute('**/api/upload/image');
  await page.reload();

  await expect(page.locator(fieldId('customer_name'))).toHaveValue('张先生');
  await expect(page.locator(fieldId('customer_phone'))).toHaveValue(phone);
  await expect(page.locator(fieldId('commodities.0.product_name'))).toHaveValue('翡翠手镯');
  await expect(page.locator(fieldId('commodities.0.engraving'))).toHaveValue('福');
  await expect(page.locator(fieldId('commodities.0.brand_id'))).not.toHaveClass(/form-picker--empty/);
  await photosUploaded(page, 7);
  await expect(field(page, 'commodities.0.inlay_pics').locator('img')).toHaveCount(2);

  await page.getByRole('button', { name: e('actions.submit') }).click();
  await expect(page.locator('.adm-toast-main').getByText(e('status.enrolled'), { exact: true })).toBeVisible();

  const details = await enrolledFor(page, session, phone);
  expect(details).toHaveLength(1);
  const [jade] = details;
  expect(jade?.size_pics).toHaveLength(1);
  expect(jade?.product_pics).toHaveLength(2);
  expect(jade?.accessory_pics).toHaveLength(1);
  const full = await apiCall<{ inlay_pics: string[]; material_pics: string[]; engraving: string }>(
    page.request,
    session,
    'GET',
    `/api/commodities/${jade?.id}`,
  );
  expect(full.inlay_pics).toHaveLength(2);
  expect(full.material_pics).toEqual([expect.stringMatching(/\.jpg$/)]);
  expect(full.engraving).toBe('福');
});

const sentFromOutbox = (title: string) => t(lang, 'offline:outbox.sentToast', { title });

// It reloads the register page without network: through the service worker, as on a phone.
test.describe('offline', () => {
  test.use({ serviceWorkers: 'allow' });

  test('a submit while offline goes out once when the network returns', async ({ page, context, consoleErrors }) => {
    test.setTimeout(90_000);
    consoleErrors.allow.push(/ERR_INTERNET_DISCONNECTED/);
    const session = await login(page, DEMO.recorder);
    const phone = uniquePhone();
    await page.goto(ENROLL);
    await fillCustomer(page, '王先生', phone);
    await fillCommodity(page, 0, '金条 50g');
    await requiredPhotos(page, 0, 4);
    await photosUploaded(page, 4);

    // Every attempt to send the enrollment, whether the network lets it out or not.
    const sent: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/enrollments') sent.push(request.method());
    });
    await context.setOffline(true);
    await page.getByRole('button', { name: e('actions.submit') }).click();
    // It waits in the outbox; the app has not even tried to send it.
    await expect(page.locator('.adm-toast-main').getByText(e('status.queued'))).toBeVisible();
    await expect(page).toHaveURL(/\/pages-sub\/outbox\/index/);
    await expect(page.getByTestId('outbox-row')).toHaveAttribute('data-state', 'waiting');
    expect(sent).toEqual([]);
    expect(await enrolledFor(page, session, phone)).toHaveLength(0);
    // The form is free for the next customer.
    await page.goto(ENROLL);
    await expect(page.locator(fieldId('customer_name'))).toHaveValue('');

    await context.setOffline(false);
    await expect(page.locator('.adm-toast-main').getByText(sentFromOutbox('金条 50g'))).toBeVisible({
      timeout: 20_000,
    });
    expect(sent).toEqual(['POST']);
    const details = await enrolledFor(page, session, phone);
    expect(details).toHaveLength(1);
    expect(details[0]?.product_pics).toHaveLength(2);
    expect(details[0]?.size_pics).toHaveLength(1);
    expect(details[0]?.accessory_pics).toHaveLength(1);
  });
});

test('an answer lost on the way back is retried with the same key: one enrollment', async ({ page, consoleErrors }) => {
  test.setTimeout(90_000);
  consoleErrors.allow.push(/requestfailed: POST \/api\/enrollments/, /Failed to load resource/);
  const session = await login(page, DEMO.recorder);
  const phone = uniquePhone();
  await page.goto(ENROLL);
  await fillCustomer(page, '赵女士', phone);
  await fillCommodity(page, 0, '珍珠耳环');
  await requiredPhotos(page, 0, 5);
  await photosUploaded(page, 4);

  // The first submit reaches the server, but its answer never comes back.
  const keys: string[] = [];
  await page.route('**/api/enrollments', async (route) => {
    keys.push(route.request().postDataJSON().idempotency_key);
    if (keys.length === 1) {
      await route.fetch();
      await route.abort('connectionreset');
    } else await route.continue();
  });
  await page.getByRole('button', { name: e('actions.submit') }).click();
  await expect(page.locator('.adm-toast-main').getByText(e('status.queued'))).toBeVisible();
  expect(await enrolledFor(page, session, phone)).toHaveLength(1);

  // Sent again from the outbox; the server answers the first enrollment.
  await expect(page.locator('.adm-toast-main').getByText(sentFromOutbox('珍珠耳环'))).toBeVisible({
    timeout: 30_000,
  });
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
  expect(await enrolledFor(page, session, phone)).toHaveLength(1);
});

test('required photos and the most items per enrollment', async ({ page }) => {
  await login(page, DEMO.recorder);
  await page.goto(ENROLL);
  await page.getByRole('button', { name: e('actions.submit') }).click();
  await expect(field(page, 'commodities.0.size_pics').getByRole('alert')).toHaveText(e('errors.sizePhotoRequired'));
  await expect(field(page, 'commodities.0.product_pics').getByRole('alert')).toHaveText(
    e('errors.productPhotoRequired'),
  );
  await expect(field(page, 'commodities.0.accessory_pics').getByRole('alert')).toHaveText(
    e('errors.accessoryPhotoRequired'),
  );
  await expect(field(page, 'customer_name').getByRole('alert')).toHaveText(
    e('errors.required', { field: e('fields.customer_name') }),
  );
  // A photo answers its message.
  await addPhotos(page, 'commodities.0.size_pics', [await picture('size.jpg', [1, 2, 3])]);
  await expect(field(page, 'commodities.0.size_pics').getByRole('alert')).toHaveCount(0);

  const add = page.getByRole('button', { name: e('actions.addCommodity') });
  for (let count = 2; count <= 5; count += 1) {
    await add.click();
    await expect(page.getByRole('heading', { name: e('sections.commodity', { index: count }) })).toBeVisible();
  }
  await add.click();
  await expect(page.locator('.enroll-add').getByRole('alert')).toHaveText(e('errors.max5', { max: 5 }));
  await expect(page.getByRole('heading', { name: e('sections.commodity', { index: 6 }) })).toHaveCount(0);
});

for (const language of ['zh-Hans', 'ja'] as const) {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 360, height: 740 },
  ]) {
    test(`the register page in ${language} at ${viewport.width}×${viewport.height}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await storeLanguage(page, language);
      await login(page, DEMO.recorder);
      await page.goto(ENROLL);
      const submit = page.getByRole('button', { name: e('actions.submit', {}, language) });
      await expect(submit).toBeInViewport();
      await expect(page.locator(fieldId('commodities.0.brand_id'))).not.toHaveText('…');
      await page.getByRole('button', { name: e('actions.submit', {}, language) }).click();
      await page.locator(fieldId('customer_name')).fill(language === 'ja' ? '山田 花子' : '李女士');
      await addPhotos(page, 'commodities.0.product_pics', [
        await picture('a.jpg', [200, 120, 40]),
        await picture('b.png', [40, 120, 200], 'png'),
      ]);
      await photosUploaded(page, 2);
      await expect(page.locator('.adm-toast-main')).toHaveCount(0);
      await page.evaluate(() => window.scrollTo(0, 0));
      const name = `enroll-${language}-${viewport.width}x${viewport.height}`;
      await shot(page, `${name}-top`);
      await field(page, 'commodities.0.product_pics').scrollIntoViewIfNeeded();
      await shot(page, `${name}-photos`);
      await page.getByRole('button', { name: e('actions.addCommodity', {}, language) }).scrollIntoViewIfNeeded();
      await shot(page, `${name}-end`);
      await expect(submit).toBeInViewport();
      // Nothing wider than the screen.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
}

/** Uploads a picture through the API and answers its stored path. */
async function uploadThroughApi(page: Page, session: SessionTokens, file: ImageFile): Promise<string> {
  const response = await page.request.post('/api/upload/image', {
    headers: { Authorization: `Bearer ${session.token}`, platform: 'h5' },
    multipart: { file },
  });
  const body = (await response.json()) as { code: number; data: { url: string } };
  expect(body.code).toBe(0);
  return body.data.url;
}

test('updating a registered item, and a stale version refused', async ({ page }) => {
  test.setTimeout(90_000);
  const session = await login(page, DEMO.recorder);
  const phone = uniquePhone();
  const [brand] = await apiCall<{ id: number }[]>(page.request, session, 'GET', '/api/brands');
  const [category] = await apiCall<{ id: number }[]>(page.request, session, 'GET', '/api/categories');
  const photo = (colour: [number, number, number]) =>
    picture('p.jpg', colour).then((file) => uploadThroughApi(page, session, file));
  const enrolled = await apiCall<{ commodities: { id: number }[] }>(page.request, session, 'POST', '/api/enrollments', {
    customer_name: '周先生',
    customer_phone: phone,
    customer_address: '',
    idempotency_key: crypto.randomUUID(),
    commodities: [
      {
        brand_id: brand?.id,
        category_id: category?.id,
        product_name: '旧名字',
        product_status: 1,
        size_pics: [await photo([1, 1, 1])],
        product_pics: [await photo([2, 2, 2])],
        accessory_pics: [await photo([3, 3, 3])],
      },
    ],
  });
  const id = enrolled.commodities[0]?.id ?? 0;

  await page.goto(`/pages-sub/commodityUpdate/index?id=${id}`);
  await expect(page.locator(fieldId('product_name'))).toHaveValue('旧名字');
  await expect(page.locator(fieldId('customer_phone'))).toHaveValue(phone);
  await expect(field(page, 'product_pics').locator('.photo-grid__cell[data-state="done"]')).toHaveCount(1);
  await page.locator(fieldId('product_name')).fill('新名字');
  await addPhotos(page, 'weight_pics', [await picture('w.png', [9, 9, 9], 'png')]);
  await photosUploaded(page, 4);
  await page.getByRole('button', { name: e('actions.save') }).click();
  await expect(page.locator('.adm-toast-main').getByText(e('status.updated'), { exact: true })).toBeVisible();
  const saved = await apiCall<Detail & { version: number }>(page.request, session, 'GET', `/api/commodities/${id}`);
  expect(saved.product_name).toBe('新名字');
  expect(saved.weight_pics).toHaveLength(1);

  // Someone else saves first: this form's version is stale, and the server says so.
  await page.goto(`/pages-sub/commodityUpdate/index?id=${id}`);
  await expect(page.locator(fieldId('product_name'))).toHaveValue('新名字');
  const { enrollment: _enrollment, ...rest } = saved as Detail & { version: number; [key: string]: unknown };
  await apiCall(page.request, session, 'POST', `/api/commodities/${id}/update`, {
    brand_id: brand?.id,
    category_id: category?.id,
    product_name: '别人改的',
    product_status: 1,
    size_pics: rest.size_pics,
    product_pics: rest.product_pics,
    accessory_pics: rest.accessory_pics,
    customer_name: '周先生',
    customer_phone: phone,
    version: saved.version,
  });
  await page.locator(fieldId('remark')).fill('再改一次');
  await page.getByRole('button', { name: e('actions.save') }).click();
  await expect(page.locator('.adm-toast-main')).toBeVisible();
  await expect(page.locator('.adm-toast-main')).not.toHaveText(e('status.updated'));
  const after = await apiCall<Detail & { remark: string }>(page.request, session, 'GET', `/api/commodities/${id}`);
  expect(after.product_name).toBe('别人改的');
  expect(after.remark).toBe('');
});
