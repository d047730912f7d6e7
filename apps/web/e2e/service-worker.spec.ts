/**
 * The service worker after issue 30 item 8 (src/sw.ts): it keeps the shell at install and the
 * rest of the build as pages use it; a new version waits for the user's word; and a page whose
 * chunk is gone after a deploy reloads once. The photo guide's outlines are kept at install, so
 * the register page draws them offline (issue 29 item 10).
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { outlinePath, PHOTO_OUTLINES } from '@jewel/contract/values/photo-guide';
import { distDir } from '../build-if-stale.mjs';
import { FIRST_LOAD_PAGES, filesFromManifest, type PageName, readManifest } from '../first-load.mjs';
import { precacheList } from '../service-worker-plugin.ts';
import { apiCall, storeLanguage, t, ui } from './app.ts';
import { field, fieldId, searchList } from './commodity-ui.ts';
import { DEMO, expect, login, shot, test } from './fixtures.ts';
import { cachedPaths, workerControls } from './worker.ts';

test.use({ serviceWorkers: 'allow' });

const ENROLL = '/pages-sub/commodityEnroll/index';
const o = (key: string) => t('zh-Hans', `offline:${key}`);

/** The URL path of a module's chunk in the build the journeys' server serves. */
function chunkOf(module: string): string {
  const chunk = readManifest(distDir)[module];
  if (!chunk) throw new Error(`${module} is not in the build's manifest`);
  return `/${chunk.file}`;
}

test('the worker keeps the shell at install, and a page opened once online opens offline', async ({
  page,
  context,
  consoleErrors,
}) => {
  // Offline, the pages' calls fail; the page never opened fails to load its chunk.
  consoleErrors.allow.push(/ERR_INTERNET_DISCONNECTED/, /\/assets\/.*net::ERR_FAILED|net::ERR_FAILED \(\/assets\//);
  await login(page, DEMO.recorder);
  await page.goto('/');
  await workerControls(page);

  // The shell: index.html and what the size check counts as the sign-in and home pages' first
  // load, with the few files the app needs when the network goes; not the whole build.
  const shell = precacheList(distDir);
  expect(shell).toContain('/index.html');
  for (const name of Object.keys(FIRST_LOAD_PAGES) as PageName[]) {
    for (const file of filesFromManifest(distDir, name)) expect(shell).toContain(file.path);
  }
  const built = readdirSync(path.join(distDir, 'assets')).filter((name) => !/\.(br|gz)$/.test(name));
  expect(shell.filter((file) => file.startsWith('/assets/')).length).toBeLessThan(built.length / 3);
  // The photo guide's outline drawings (issue 29 item 10), every one: unhashed, kept at install.
  expect(shell).toEqual(expect.arrayContaining(PHOTO_OUTLINES.map(outlinePath)));
  const kept = await cachedPaths(page);
  const shellCaches = Object.keys(kept).filter((name) => name.startsWith('jewel-shell-'));
  expect(shellCaches).toHaveLength(1);
  expect(kept[shellCaches[0] ?? '']).toEqual(shell);

  // The knowledge tab's code is not kept until the tab is opened; then it is.
  const know = chunkOf('src/app/routes/know.tsx');
  expect(Object.values(kept).flat()).not.toContain(know);
  await ui.tab(page, 'zh-Hans', 'tabbar_know').click();
  await expect(ui.title(page)).toHaveText(t('zh-Hans', 'titles.know'));
  await expect.poll(async () => (await cachedPaths(page))['jewel-assets'] ?? []).toContain(know);

  // Without network, from the worker's copy.
  await context.setOffline(true);
  const fromWorker: string[] = [];
  page.on('response', (response) => {
    if (response.fromServiceWorker()) fromWorker.push(new URL(response.url()).pathname);
  });
  await page.goto('/pages/know/index');
  await expect(ui.title(page)).toHaveText(t('zh-Hans', 'titles.know'));
  expect(fromWorker).toContain(know);
  // A page never opened is not on the phone: the error view says so, with its reload button.
  await page.goto('/pages-sub/restock/index');
  await expect(page.getByText(t('zh-Hans', 'pageLoadFailed'))).toBeVisible();
  await expect(page.getByRole('button', { name: t('zh-Hans', 'reload') })).toBeVisible();
  await context.setOffline(false);
});

test('the photo guide’s outlines are kept at install: offline, a category never shown before draws its shots', async ({
  page,
  context,
  consoleErrors,
}) => {
  consoleErrors.allow.push(/ERR_INTERNET_DISCONNECTED/);
  const session = await login(page, DEMO.recorder);
  const categories = await apiCall<{ id: number; name: string; shots: { code: string; outline: string }[] }[]>(
    page.request,
    session,
    'GET',
    '/api/categories',
  );
  const ring = categories.find((category) => category.shots.some((item) => item.outline === 'ring-top'));
  const bag = categories.find((category) => category.shots.some((item) => item.outline === 'bag-front'));
  if (!ring || !bag) throw new Error('the seed has no ring or bag shot list');
  await page.goto(ENROLL);
  await workerControls(page);
  // Every outline is in the shell's cache after install, before any page drew one.
  const kept = await cachedPaths(page);
  const shellCache = Object.keys(kept).find((name) => name.startsWith('jewel-shell-')) ?? '';
  expect(kept[shellCache]).toEqual(expect.arrayContaining(PHOTO_OUTLINES.map(outlinePath)));

  // Online, the ring: its tiles drawn (the category list and the picker are on the page now).
  const choose = async (name: string) => {
    await page.locator(fieldId('commodities.0.category_id')).click();
    await searchList(page).getByRole('button', { name, exact: true }).click();
    await expect(page.locator(fieldId('commodities.0.category_id'))).toHaveText(name);
  };
  const tiles = field(page, 'commodities.0.product_pics').locator('.shot-guide__cell');
  await choose(ring.name);
  await expect(tiles).toHaveCount(ring.shots.length);

  // Offline, the bag, whose outlines the page never asked for: each comes from the worker's copy.
  await context.setOffline(true);
  const outlines = new Set(bag.shots.map((item) => outlinePath(item.outline)));
  const loaded = new Set<string>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (outlines.has(url.pathname) && response.ok() && response.fromServiceWorker()) loaded.add(url.pathname);
  });
  await choose(bag.name);
  await expect(tiles).toHaveCount(bag.shots.length);
  await expect(tiles.first().locator('.shot-guide__outline')).toBeVisible();
  await expect.poll(() => [...loaded].sort()).toEqual([...outlines].sort());
  await context.setOffline(false);
});

test('what the first visit loaded before the worker took over is kept too: a Japanese phone offline', async ({
  page,
  context,
  consoleErrors,
}) => {
  consoleErrors.allow.push(/ERR_INTERNET_DISCONNECTED/);
  await login(page, DEMO.recorder);
  await storeLanguage(page, 'ja');
  await page.goto('/');
  await expect(ui.title(page)).toHaveText(t('ja', 'titles.home'));
  await workerControls(page);
  // The Japanese texts are no part of the shell; the page loaded them before the worker was there.
  const japanese = chunkOf('src/locales/ja/common.json');
  expect(precacheList(distDir)).not.toContain(japanese);
  await expect.poll(async () => (await cachedPaths(page))['jewel-assets'] ?? []).toContain(japanese);

  await context.setOffline(true);
  await page.reload();
  await expect(ui.title(page)).toHaveText(t('ja', 'titles.home'));
  await context.setOffline(false);
});

test('a new version waits for the user: the prompt, Later keeps the form, Reload brings it in', async ({ page }) => {
  await login(page, DEMO.recorder);
  await page.goto(ENROLL);
  await workerControls(page);
  const name = page.locator(fieldId('customer_name'));
  await name.fill('王先生');

  // A deploy, as the browser sees it: the worker's script is another from now on (the same
  // build's, under another URL: a new version all the same), on this page and the next.
  const NEXT = '/sw.js?deploy=next';
  await page.addInitScript((next) => {
    const register = ServiceWorkerContainer.prototype.register;
    ServiceWorkerContainer.prototype.register = function (url, options) {
      return register.call(this, url === '/sw.js' ? next : url, options);
    };
  }, NEXT);
  // The browser finds it (as it looks when the app is shown again).
  await page.evaluate((next) => navigator.serviceWorker.register(next), NEXT);

  const prompt = page.getByRole('status').filter({ hasText: o('update.ready') });
  await expect(prompt).toBeVisible();
  await shot(page, 'update-notice-zh-Hans-390x844');
  // It waits: the form is as it was, and Later leaves it so.
  expect(await page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.waiting))).toBe(
    true,
  );
  await expect(name).toHaveValue('王先生');
  await prompt.getByRole('button', { name: o('update.later') }).click();
  await expect(prompt).toHaveCount(0);
  await expect(name).toHaveValue('王先生');

  // The next page load asks again; Reload brings the new version in.
  await page.goto('/');
  await expect(prompt).toBeVisible();
  const reloaded = page.waitForEvent('load');
  await prompt.getByRole('button', { name: t('zh-Hans', 'reload') }).click();
  await reloaded;
  await workerControls(page);
  const worker = await page.evaluate(async () => ({
    controller: navigator.serviceWorker.controller?.scriptURL,
    waiting: Boolean((await navigator.serviceWorker.getRegistration())?.waiting),
  }));
  expect(worker).toEqual({ controller: expect.stringMatching(/\/sw\.js\?deploy=next$/), waiting: false });
  await expect(prompt).toHaveCount(0);
});

test.describe('without a worker', () => {
  test.use({ serviceWorkers: 'block' });

  test('a chunk gone after a deploy reloads the page once; failing again, the error view stays', async ({
    page,
    consoleErrors,
  }) => {
    consoleErrors.allow.push(/status of 404 .*\/assets\//);
    await login(page, DEMO.recorder);
    const know = chunkOf('src/app/routes/know.tsx');
    const information = chunkOf('src/app/routes/information.tsx');
    // Each load of the page (the first, and any reload).
    let loads = 0;
    page.on('request', (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loads += 1;
    });
    // The knowledge tab's chunk is gone for the page first loaded (a deploy meanwhile) and there
    // for the reloaded one (the new build's); the data base tab's is gone for good.
    await page.route(`**${know}`, (route) => (loads < 2 ? route.fulfill({ status: 404, body: '' }) : route.fallback()));
    await page.route(`**${information}`, (route) => route.fulfill({ status: 404, body: '' }));
    // app-updates.ts runs once the browser is idle: it points the manifest at the language's.
    const started = () =>
      expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest-zh-Hans.webmanifest');

    await page.goto('/');
    await started();
    await ui.tab(page, 'zh-Hans', 'tabbar_know').click();
    await expect(ui.title(page)).toHaveText(t('zh-Hans', 'titles.know'));
    expect(loads).toBe(2);

    // Within a minute of that reload, a chunk that fails is not a deploy's doing: no reload. The
    // page decides when the chunk fails, and notes a reload in sessionStorage before it reloads.
    await started();
    const noted = () => page.evaluate(() => ({ ...sessionStorage }));
    const before = await noted();
    await ui.tab(page, 'zh-Hans', 'tabbar_information').click();
    await expect(page.getByText(t('zh-Hans', 'pageLoadFailed'))).toBeVisible();
    expect(await noted()).toEqual(before);
    expect(loads).toBe(2);
  });
});
