/**
 * The installable app, offline (issue 17): the manifest and the service worker meet Chromium's
 * install criteria (`Page.getInstallabilityErrors`, what Lighthouse's installability audit
 * used), and once the worker controls the page the shell opens without network.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium.ts';
import { DEMO, expect, login, test } from './fixtures.ts';

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
  await login(page, DEMO.recorder);
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

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('navigation')).toBeVisible();
  await page.goto('/pages-sub/commodityList/index');
  await expect(page.locator('#root')).not.toBeEmpty();
  await context.setOffline(false);
});
