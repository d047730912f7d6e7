/**
 * The installable app, offline (issue 17): the manifest and the service worker meet Chromium's
 * install criteria (`Page.getInstallabilityErrors`, what Lighthouse's installability audit
 * used), and once the worker controls the page the shell opens without network, with the pages
 * opened once online (issue 30 item 8: the worker keeps the shell, and the rest as it is used).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, type Page } from '@playwright/test';
import { apiCall, LANGS, type Lang, serverMessage, t, ui } from './app.ts';
import { seriousViolations } from './axe.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts';
import { commodityBody, enroll, registrationKit } from './commodity-api.ts';
import {
  addPhotos,
  fieldId,
  fillCommodity,
  fillCustomer,
  photosUploaded,
  picture,
  requiredPhotos,
  uniquePhone,
} from './commodity-ui.ts';
import { DEMO, expect, login, shot, test } from './fixtures.ts';
import { LANGUAGE_STORAGE_KEY, persistedLanguage, type SessionTokens } from './session.ts';
import { workerControls } from './worker.ts';

test.use({ serviceWorkers: 'allow' });

const ENROLL = '/pages-sub/commodityEnroll/index';
const OUTBOX = '/pages-sub/outbox/index';
const o = (key: string, vars: Record<string, string | number> = {}) => t('zh-Hans', `offline:${key}`, vars);

/** The queries the app keeps on the phone for offline use (src/lib/query-persist.ts's STORAGE_KEY). */
async function keptQueries(page: Page): Promise<{ queryKey: unknown[]; data: unknown }[]> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('jewel-query-cache') ?? 'null')?.queries ?? []);
}

test('Chromium finds the app installable', async ({ baseURL }) => {
  // Chromium never offers to install from an incognito profile, which every test context is:
  // this one check runs in a profile on disk.
  const profile = mkdtempSync(path.join(tmpdir(), 'jewel-install-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    baseURL,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    await workerControls(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('the manifest and the worker, and the shell opens without network', async ({ page, context, consoleErrors }) => {
  // Offline, the pages' calls fail: the app says so (the banner), Chromium logs each.
  consoleErrors.allow.push(/ERR_INTERNET_DISCONNECTED/);
  const session = await login(page, DEMO.recorder);
  await page.goto('/');
  await workerControls(page);

  // The manifest follows the app's language (zh-Hans here), with its icons and the camera shortcut.
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest-zh-Hans.webmanifest');
  const response = await page.request.get(href ?? '');
  expect(response.headers()['content-type']).toContain('application/manifest+json');
  const manifest = await response.json();
  expect(manifest).toMatchObject({ name: '珠宝鉴定', display: 'standalone', start_url: '/' });
  expect(manifest.icons.map((icon: { sizes: string }) => icon.sizes)).toEqual(['192x192', '512x512', '512x512']);
  expect(manifest.shortcuts[0]).toMatchObject({ name: '商品登记', url: '/pages-sub/commodityEnroll/index?camera=1' });
  for (const lang of ['en', 'ja', 'zh-Hant']) {
    const other = await (await page.request.get(`/manifest-${lang}.webmanifest`)).json();
    expect(other.lang).toBe(lang);
  }
  const worker = await page.request.get('/sw.js');
  expect(worker.headers()['cache-control']).toBe('no-cache');

  // The commodity list once online: kept on the phone (written a second after it changes). Wait
  // until the kept copy holds the dashboard's counts and the list with this item, not a time.
  const kit = await registrationKit(page.request, session, [200, 120, 40]);
  const name = `在线手镯 ${uniquePhone().slice(-4)}`;
  await enroll(page.request, session, [commodityBody(kit, name)]);
  // The watch list once, whose answers the phone never keeps.
  await page.goto('/pages-sub/watchList/index');
  await expect(ui.title(page)).toHaveText(t('zh-Hans', 'titles.watchList'));
  await page.goto('/pages-sub/commodityList/index');
  await expect(page.getByText(name)).toBeVisible();
  await expect
    .poll(async () => {
      const kept = await keptQueries(page);
      return {
        counts: kept.some((query) => query.queryKey[0] === 'statistics'),
        list: kept.some((query) => query.queryKey[0] === 'commodities' && JSON.stringify(query.data).includes(name)),
      };
    })
    .toEqual({ counts: true, list: true });

  await context.setOffline(true);
  const banner = page.getByRole('status').filter({ hasText: o('banner') });
  await expect(banner).toBeVisible({ timeout: 2000 });
  await page.goto('/');
  await expect(page.getByRole('navigation')).toBeVisible();
  await expect(banner).toBeVisible();
  // The dashboard's counts and the list are what was last loaded, marked with their age.
  await expect(page.getByTestId('data-age')).toBeVisible();
  await page.goto('/pages-sub/commodityList/index');
  await expect(page.getByText(name)).toBeVisible();
  await expect(page.getByTestId('data-age')).toHaveText(new RegExp(o('updated', { age: '.+' })));
  await shot(page, 'offline-list-zh-Hans-390x844');
  // A page whose answers were never kept: it says there is nothing kept rather than spin.
  await page.goto('/pages-sub/watchList/index');
  await expect(page.getByText(t('zh-Hans', 'offlineNothing'))).toBeVisible();
  await context.setOffline(false);
  await expect(banner).toHaveCount(0);
});

/** The items registered for a customer's phone, through the API. */
async function enrolledFor(page: Page, session: SessionTokens, phone: string): Promise<{ id: number }[]> {
  const list = await apiCall<{ items: { id: number }[] }>(
    page.request,
    session,
    'GET',
    `/api/commodities?keyword=${encodeURIComponent(phone)}`,
  );
  return list.items;
}

/** The recorder's inquiries with this product name, through the API. */
async function inquiriesNamed(page: Page, session: SessionTokens, name: string): Promise<{ id: number }[]> {
  const list = await apiCall<{ items: { id: number; product_name: string }[] }>(
    page.request,
    session,
    'GET',
    '/api/inquiries?page_size=50',
  );
  return list.items.filter((item) => item.product_name === name);
}

/**
 * A registration filled in and submitted without network: it goes to the outbox and the form
 * starts anew. With `uploaded`, its photos went up before the network went away.
 */
async function registerOffline(page: Page, context: BrowserContext, phone: string, { uploaded = true } = {}) {
  await page.goto(ENROLL);
  await fillCustomer(page, '离线客户', phone);
  await fillCommodity(page, 0, `离线手镯 ${phone.slice(-4)}`);
  await requiredPhotos(page, 0, Number(phone.slice(-2)));
  if (uploaded) await photosUploaded(page, 4);
  await context.setOffline(true);
  // The banner says so within 2 s of losing the network.
  await expect(page.getByRole('status').filter({ hasText: o('banner') })).toBeVisible({ timeout: 2000 });
  await page.getByRole('button', { name: t('zh-Hans', 'enroll:actions.submit') }).click();
  await expect(page).toHaveURL(new RegExp(OUTBOX));
}

/**
 * The register page's wheel code, which it loads once idle, is there before the network goes:
 * its failed load would be the journey's error, not what the journey tests (CI saw it once).
 */
async function wheelLoaded(page: Page) {
  await page.waitForFunction(() => {
    const loaded = performance.getEntriesByType('resource').map((entry) => entry.name);
    return ['.js', '.css'].every((kind) =>
      loaded.some((name) => /\/assets\/wheel-picker-/.test(name) && name.endsWith(kind)),
    );
  });
}

/** The app once online, with the worker in control: pages open offline from then on. */
async function firstVisit(page: Page) {
  await page.goto('/');
  await workerControls(page);
}

test('registrations and an inquiry made offline wait in the outbox, survive a reload and go out once each', async ({
  page,
  context,
  consoleErrors,
}) => {
  test.setTimeout(150_000);
  consoleErrors.allow.push(/ERR_INTERNET_DISCONNECTED/);
  const session = await login(page, DEMO.recorder);
  const [first, second] = [uniquePhone(), uniquePhone()];
  const inquiry = `离线询价 ${first.slice(-4)}`;
  const sent: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname === '/api/enrollments' || pathname === '/api/inquiries') sent.push(`${request.method()} ${pathname}`);
  });
  await firstVisit(page);
  // The inquiry form once online, so its sources are on the phone.
  await page.goto('/pages-sub/productInquiry/register');
  await expect(page.locator('.adm-selector-item').filter({ hasText: '微信' })).toBeVisible();

  // One registration whose photos went up, one whose photos were taken offline, and an inquiry.
  await registerOffline(page, context, first);
  await registerOffline(page, context, second, { uploaded: false });
  await page.goto('/pages-sub/productInquiry/register');
  await page.getByRole('textbox', { name: t('zh-Hans', 'inquiry:fields.customer_name'), exact: true }).fill('林女士');
  await page.getByRole('textbox', { name: t('zh-Hans', 'inquiry:fields.contact'), exact: true }).fill('wechat: lin');
  await page.locator('.adm-selector-item').filter({ hasText: '微信' }).click();
  await page.getByRole('textbox', { name: t('zh-Hans', 'inquiry:fields.product_name'), exact: true }).fill(inquiry);
  await page.getByRole('button', { name: t('zh-Hans', 'inquiry:form.submit') }).click();
  await expect(page).toHaveURL(new RegExp(OUTBOX));

  // The outbox lists all three in order, without their customers.
  const rows = page.getByTestId('outbox-row');
  await expect(rows).toHaveCount(3);
  for (const row of await rows.all()) await expect(row).toHaveAttribute('data-state', 'waiting');
  await expect(rows.nth(0)).toContainText(`离线手镯 ${first.slice(-4)}`);
  await expect(rows.nth(0)).toContainText(o('outbox.photos', { done: 4, total: 4 }));
  await expect(rows.nth(1)).toContainText(o('outbox.photos', { done: 0, total: 4 }));
  await expect(rows.nth(2)).toContainText(o('outbox.kind.inquiryCreate'));
  await expect(page.locator('.outbox')).not.toContainText('离线客户');
  await expect(page.locator('.outbox')).not.toContainText('林女士');
  await shot(page, 'outbox-waiting-zh-Hans-390x844');

  // A reload without network: the shell from the worker, the outbox from the device.
  await page.reload();
  await expect(page.getByTestId('outbox-row')).toHaveCount(3);
  await expect(page.getByRole('status').filter({ hasText: o('banner') })).toBeVisible();
  await expect(page.getByRole('link', { name: o('outboxLink', { count: 3 }) })).toBeVisible();
  expect(sent).toEqual([]);

  // The network returns: each is sent once, its photos first, and leaves the list.
  await context.setOffline(false);
  await expect(page.getByText(o('outbox.empty'))).toBeVisible({ timeout: 45_000 });
  await expect(page.getByRole('status').filter({ hasText: o('banner') })).toHaveCount(0);
  expect(sent.toSorted()).toEqual(['POST /api/enrollments', 'POST /api/enrollments', 'POST /api/inquiries']);
  expect(await enrolledFor(page, session, first)).toHaveLength(1);
  const [late] = await enrolledFor(page, session, second);
  const detail = await apiCall<{ product_pics: string[] }>(
    page.request,
    session,
    'GET',
    `/api/commodities/${late?.id}`,
  );
  expect(detail.product_pics).toHaveLength(2);
  expect(await inquiriesNamed(page, session, inquiry)).toHaveLength(1);
});

test('a queued registration the server refuses shows the reason and a way to fix it', async ({
  page,
  context,
  request,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  consoleErrors.allow.push(/ERR_INTERNET_DISCONNECTED/, /status of 409/);
  const session = await login(page, DEMO.recorder);
  const phone = uniquePhone();
  await firstVisit(page);
  await registerOffline(page, context, phone);

  // Meanwhile the same idempotency key went out with another body (another tab, a restored
  // backup): the server refuses the queued one rather than register it twice.
  const key = await page.evaluate(() => JSON.parse(localStorage.getItem('jewel-outbox') ?? '{}').state.entries[0].key);
  const kit = await registrationKit(request, session, [90, 90, 200]);
  await apiCall(request, session, 'POST', '/api/enrollments', {
    idempotency_key: key,
    customer_name: '另一位客户',
    customer_phone: uniquePhone(),
    commodities: [
      {
        brand_id: kit.brandId,
        category_id: kit.categoryId,
        product_name: 'other',
        size_pics: [kit.photo],
        product_pics: [kit.photo],
        accessory_pics: [kit.photo],
        product_status: 2,
      },
    ],
  });

  await expect(page.getByTestId('outbox-row')).toHaveAttribute('data-state', 'waiting');
  await context.setOffline(false);
  const row = page.getByTestId('outbox-row');
  await expect(row).toHaveAttribute('data-state', 'refused', { timeout: 20_000 });
  await expect(row.getByTestId('outbox-reason')).toHaveText(serverMessage('zh-Hans', 'enrollmentKeyReused'));
  await shot(page, 'outbox-refused-zh-Hans-390x844');

  // Fixing it brings the registration back to the form, under a new key: it registers.
  await row.getByRole('link', { name: o('outbox.fix') }).click();
  await expect(page).toHaveURL(new RegExp(ENROLL));
  await expect(page.locator(fieldId('customer_phone'))).toHaveValue(phone);
  await page.getByRole('button', { name: t('zh-Hans', 'enroll:actions.submit') }).click();
  await expect(page).toHaveURL(/\/pages-sub\/commodityDetail\/index\?id=\d+/);
  expect(await enrolledFor(page, session, phone)).toHaveLength(1);
  await page.goto(OUTBOX);
  await expect(page.getByText(o('outbox.empty'))).toBeVisible();
});

test('a refused entry can be discarded, with its photos', async ({ page, context, consoleErrors }) => {
  test.setTimeout(120_000);
  consoleErrors.allow.push(/ERR_INTERNET_DISCONNECTED/, /status of 400/);
  await login(page, DEMO.recorder);
  await firstVisit(page);
  await registerOffline(page, context, uniquePhone());
  // A brand the server does not know (removed from the catalog meanwhile): refused.
  await page.evaluate(() => {
    const kept = JSON.parse(localStorage.getItem('jewel-outbox') ?? '{}');
    kept.state.entries[0].body.commodities[0].brand_id = 999_999;
    localStorage.setItem('jewel-outbox', JSON.stringify(kept));
  });
  await page.reload();
  await context.setOffline(false);
  const row = page.getByTestId('outbox-row');
  await expect(row).toHaveAttribute('data-state', 'refused', { timeout: 20_000 });
  await row.getByRole('button', { name: o('outbox.discard') }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: o('outbox.discard') })
    .click();
  await expect(page.getByText(o('outbox.empty'))).toBeVisible();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('jewel-outbox') ?? '{}').state.entries)).toEqual([]);
});

test('an entry still waiting can be discarded too, and nothing is sent when the network returns', async ({
  page,
  context,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  consoleErrors.allow.push(/ERR_INTERNET_DISCONNECTED/);
  const session = await login(page, DEMO.recorder);
  await firstVisit(page);
  const phone = uniquePhone();
  await registerOffline(page, context, phone);
  const row = page.getByTestId('outbox-row');
  await expect(row).toHaveAttribute('data-state', 'waiting');
  await row.getByRole('button', { name: o('outbox.discard') }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: o('outbox.discard') })
    .click();
  await expect(page.getByText(o('outbox.empty'))).toBeVisible();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('jewel-outbox') ?? '{}').state.entries)).toEqual([]);
  await context.setOffline(false);
  // Online again: the customer was never registered.
  const customers = await apiCall<{ items: unknown[] }>(
    page.request,
    session,
    'GET',
    `/api/customers?keyword=${phone}`,
  );
  expect(customers.items).toEqual([]);
});

test('an entry still waiting opens in its form, and saved again it is registered once, as changed', async ({
  page,
  context,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  consoleErrors.allow.push(/ERR_INTERNET_DISCONNECTED/);
  const session = await login(page, DEMO.recorder);
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/enrollments')
      posts.push(request.url());
  });
  await firstVisit(page);
  const phone = uniquePhone();
  const changed = `改过的手镯 ${phone.slice(-4)}`;
  await registerOffline(page, context, phone);
  const queued = async () =>
    page.evaluate(() => JSON.parse(localStorage.getItem('jewel-outbox') ?? '{}').state.entries as { key: string }[]);
  const [{ key } = { key: '' }] = await queued();
  const row = page.getByTestId('outbox-row');
  await expect(row).toHaveAttribute('data-state', 'waiting');
  expect(await seriousViolations(page)).toEqual([]);

  // Opened, the form shows what was queued, photos too; left without saving, it still waits.
  const open = async () => {
    await row.getByRole('link', { name: o('outbox.open') }).click();
    await expect(page).toHaveURL(new RegExp(`${ENROLL}\\?outbox=${key}`));
    await expect(page.locator(fieldId('customer_phone'))).toHaveValue(phone);
    await expect(page.locator(fieldId('commodities.0.product_name'))).toHaveValue(`离线手镯 ${phone.slice(-4)}`);
    await expect(page.locator('.photo-grid__cell[data-state]')).toHaveCount(4);
  };
  await open();
  await page.goBack();
  await expect(row).toHaveAttribute('data-state', 'waiting');
  await expect(row).toContainText(`离线手镯 ${phone.slice(-4)}`);

  // Changed and saved again: it takes its own place, under its own key.
  await open();
  await page.locator(fieldId('commodities.0.product_name')).fill(changed);
  await page.getByRole('button', { name: t('zh-Hans', 'enroll:actions.submit') }).click();
  await expect(page).toHaveURL(new RegExp(OUTBOX));
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(changed);
  expect((await queued()).map((entry) => entry.key)).toEqual([key]);
  expect(posts).toEqual([]);

  // Online again: registered once, as changed, and the outbox is empty.
  await context.setOffline(false);
  await expect(page.getByText(o('outbox.empty'))).toBeVisible({ timeout: 45_000 });
  expect(posts).toHaveLength(1);
  const [item] = await enrolledFor(page, session, phone);
  expect(await enrolledFor(page, session, phone)).toHaveLength(1);
  const detail = await apiCall<{ product_name: string }>(page.request, session, 'GET', `/api/commodities/${item?.id}`);
  expect(detail.product_name).toBe(changed);
});

test('the banner and the outbox in four languages at 360 px', async ({ page, context, consoleErrors }) => {
  test.setTimeout(120_000);
  consoleErrors.allow.push(/ERR_INTERNET_DISCONNECTED/);
  await page.setViewportSize({ width: 360, height: 740 });
  await login(page, DEMO.recorder);
  await firstVisit(page);
  const speak = (lang: Lang) =>
    page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
      key: LANGUAGE_STORAGE_KEY,
      value: persistedLanguage(lang),
    });
  // Each language once online, as a phone set to it would have been: its texts are on the phone.
  for (const lang of LANGS) {
    await speak(lang);
    await page.goto('/');
    await expect(ui.title(page)).toHaveText(t(lang, 'titles.home'));
  }
  await speak('zh-Hans');
  await registerOffline(page, context, uniquePhone());
  for (const lang of LANGS) {
    await speak(lang);
    await page.goto('/');
    const banner = page.getByRole('status').filter({ hasText: t(lang, 'offline:banner') });
    await expect(banner).toBeVisible();
    await expect(page.getByRole('link', { name: t(lang, 'offline:outboxLink', { count: 1 }) }).first()).toBeVisible();
    await shot(page, `offline-home-${lang}-360x740`);
    await page.goto(OUTBOX);
    await expect(page.getByTestId('outbox-row')).toContainText(t(lang, 'offline:outbox.state.waiting'));
    await shot(page, `outbox-${lang}-360x740`);
  }
  await context.setOffline(false);
  // A send tried while the network comes back may fail and wait RETRY_MS (15 s) before the next:
  // the same wait as the journey above, a state and not a time.
  await expect(page.getByText(t('ja', 'offline:outbox.empty'))).toBeVisible({ timeout: 45_000 });
});

test('offline at 360 × 640, the banner takes its room from the page, never from the action bar', async ({
  page,
  context,
  consoleErrors,
}) => {
  consoleErrors.allow.push(/ERR_INTERNET_DISCONNECTED/);
  const screen = { width: 360, height: 640 };
  await page.setViewportSize(screen);
  await login(page, DEMO.recorder);
  await firstVisit(page);
  await page.goto(ENROLL);
  const footer = page.locator('.page__footer');
  await expect(footer).toBeVisible();
  await wheelLoaded(page);
  await context.setOffline(true);
  await expect(page.getByRole('status').filter({ hasText: o('banner') })).toBeVisible();
  // The whole action bar on the screen, below the banner.
  const bottom = async () => {
    const box = await footer.boundingBox();
    return box && Math.round(box.y + box.height);
  };
  expect(await bottom()).toBeLessThanOrEqual(screen.height);
  await shot(page, 'offline-register-360x640');
  await context.setOffline(false);
  await expect(page.getByRole('status').filter({ hasText: o('banner') })).toBeHidden();
  expect(await bottom()).toBe(screen.height);
});

test('a photo taken offline waits for the network, never "failed", and goes up when it returns', async ({
  page,
  context,
  consoleErrors,
}) => {
  consoleErrors.allow.push(/ERR_INTERNET_DISCONNECTED/);
  await login(page, DEMO.recorder);
  await page.goto(ENROLL);
  await expect(page.locator('.photo-field').first()).toBeVisible();
  await wheelLoaded(page);
  await context.setOffline(true);
  await addPhotos(page, 'commodities.0.size_pics', [await picture('offline-size.jpg', [120, 60, 200])]);
  const tile = page.locator(fieldId('commodities.0.size_pics')).locator('.photo-grid__cell[data-state]');
  await expect(tile).toHaveAttribute('data-state', 'waiting');
  // Issue 29 item 13: waiting, as the tile tells a screen reader; no retry mark.
  await expect(tile.getByRole('progressbar', { name: t('zh-Hans', 'photos:waiting') })).toBeVisible();
  await expect(tile.getByRole('button', { name: t('zh-Hans', 'photos:retry') })).toHaveCount(0);
  // The submit bar says the photo goes with the registration, not "uploading, wait".
  await expect(page.locator('.enroll-submit__notice')).toHaveText(t('zh-Hans', 'enroll:errors.photosOffline'));
  await context.setOffline(false);
  await photosUploaded(page, 1);
});

test('the home-screen shortcut opens the register page at the first photo', async ({ page }) => {
  await login(page, DEMO.recorder);
  await page.goto(`${ENROLL}?camera=1`);
  // Chromium opens no file chooser without a tap: the first photo field's add button has the focus.
  const first = page.locator('.photo-field').first();
  await expect(first.getByRole('button').first()).toBeFocused();
  await expect(first).toBeInViewport();
});
