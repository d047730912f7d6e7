/**
 * The installable app, offline (issue 17): the manifest and the service worker meet Chromium's
 * install criteria (`Page.getInstallabilityErrors`, what Lighthouse's installability audit
 * used), and once the worker controls the page the shell opens without network.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, chromium, type Page } from '@playwright/test';
import { apiCall, LANGS, serverMessage, t } from './app.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts';
import { commodityBody, enroll, registrationKit } from './commodity-api.ts';
import { fieldId, fillCommodity, fillCustomer, photosUploaded, requiredPhotos, uniquePhone } from './commodity-ui.ts';
import { DEMO, expect, login, shot, test } from './fixtures.ts';
import { LANGUAGE_STORAGE_KEY, persistedLanguage, type SessionTokens } from './session.ts';

const ENROLL = '/pages-sub/commodityEnroll/index';
const OUTBOX = '/pages-sub/outbox/index';
const o = (key: string, vars: Record<string, string | number> = {}) => t('zh-Hans', `offline:${key}`, vars);

/** Waits until the service worker (registered after the first paint, when idle) controls the page. */
async function workerControls(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
      );
    }
  });
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

  // The commodity list once online: kept on the phone (written a second after it changes).
  const kit = await registrationKit(page.request, session, [200, 120, 40]);
  const name = `在线手镯 ${uniquePhone().slice(-4)}`;
  await enroll(page.request, session, [commodityBody(kit, name)]);
  await page.goto('/pages-sub/commodityList/index');
  await expect(page.getByText(name)).toBeVisible();
  await page.waitForTimeout(1500);

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
  // A page never loaded: it says there is nothing kept rather than spin.
  await page.goto('/pages-sub/restock/index');
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

/** A registration filled in with its photos uploaded, then submitted without network: it waits. */
async function registerOffline(page: Page, context: BrowserContext, phone: string) {
  await page.goto('/');
  await workerControls(page);
  await page.goto(ENROLL);
  await fillCustomer(page, '离线客户', phone);
  await fillCommodity(page, 0, `离线手镯 ${phone.slice(-4)}`);
  await requiredPhotos(page, 0, 7);
  await photosUploaded(page, 4);
  await context.setOffline(true);
  // The banner says so within 2 s of losing the network.
  await expect(page.getByRole('status').filter({ hasText: o('banner') })).toBeVisible({ timeout: 2000 });
  await page.getByRole('button', { name: t('zh-Hans', 'enroll:actions.submit') }).click();
  await expect(page.locator(fieldId('customer_name'))).toBeDisabled();
}

test('a registration made offline waits in the outbox, survives a reload and goes out once', async ({
  page,
  context,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  consoleErrors.allow.push(/ERR_INTERNET_DISCONNECTED/);
  const session = await login(page, DEMO.recorder);
  const phone = uniquePhone();
  const sent: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/enrollments') sent.push(request.method());
  });
  await registerOffline(page, context, phone);

  // The banner leads to the outbox, which lists it without its customer.
  await page.getByRole('link', { name: o('outboxLink', { count: 1 }) }).click();
  const row = page.getByTestId('outbox-row');
  await expect(row).toHaveAttribute('data-state', 'waiting');
  await expect(row).toContainText(`离线手镯 ${phone.slice(-4)}`);
  await expect(row).not.toContainText('离线客户');
  await expect(row).toContainText(o('outbox.photos', { done: 4, total: 4 }));
  await shot(page, 'outbox-waiting-zh-Hans-390x844');

  // A reload without network: the shell from the worker, the outbox from the device.
  await page.reload();
  await expect(page.getByTestId('outbox-row')).toHaveAttribute('data-state', 'waiting');
  await expect(page.getByRole('status').filter({ hasText: o('banner') })).toBeVisible();
  expect(sent).toEqual([]);

  await context.setOffline(false);
  await expect(page.getByTestId('outbox-row')).toHaveAttribute('data-state', 'sent');
  await expect(page.getByText(o('outbox.empty'))).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('status').filter({ hasText: o('banner') })).toHaveCount(0);
  expect(sent).toEqual(['POST']);
  expect(await enrolledFor(page, session, phone)).toHaveLength(1);
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
  await registerOffline(page, context, phone);

  // Meanwhile the same idempotency key went out with another body (another tab, a restored
  // backup): the server refuses the queued one rather than register it twice.
  const key = await page.evaluate(
    () => JSON.parse(localStorage.getItem('jewel-commodity') ?? '{}').state.idempotencyKey,
  );
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

  await page.goto(OUTBOX);
  await expect(page.getByTestId('outbox-row')).toHaveAttribute('data-state', 'waiting');
  await context.setOffline(false);
  const row = page.getByTestId('outbox-row');
  await expect(row).toHaveAttribute('data-state', 'refused', { timeout: 20_000 });
  await expect(row.getByTestId('outbox-reason')).toHaveText(serverMessage('zh-Hans', 'enrollmentKeyReused'));
  await shot(page, 'outbox-refused-zh-Hans-390x844');
  await row.getByRole('link', { name: o('outbox.fix') }).click();
  await expect(page).toHaveURL(new RegExp(ENROLL));
  await expect(page.locator(fieldId('customer_phone'))).toHaveValue(phone);
});

test('the banner and the outbox in four languages at 360 px', async ({ page, context, consoleErrors }) => {
  test.setTimeout(120_000);
  consoleErrors.allow.push(/ERR_INTERNET_DISCONNECTED/);
  await page.setViewportSize({ width: 360, height: 740 });
  await login(page, DEMO.recorder);
  const phone = uniquePhone();
  await registerOffline(page, context, phone);
  for (const lang of LANGS) {
    await page.evaluate(({ key, value }) => localStorage.setItem(key, value), {
      key: LANGUAGE_STORAGE_KEY,
      value: persistedLanguage(lang),
    });
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
  await expect(page.getByText(t('ja', 'offline:outbox.empty'))).toBeVisible({ timeout: 15_000 });
});

test('the home-screen shortcut opens the register page at the first photo', async ({ page }) => {
  await login(page, DEMO.recorder);
  await page.goto(`${ENROLL}?camera=1`);
  // Chromium opens no file chooser without a tap: the first photo field's add button has the focus.
  const first = page.locator('.photo-field').first();
  await expect(first.getByRole('button').first()).toBeFocused();
  await expect(first).toBeInViewport();
});
