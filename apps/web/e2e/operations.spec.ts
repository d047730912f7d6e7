/**
 * Issue 28 item 8: the demo's manager sees the server's state and backs up from the browser. From
 * the personal center to the page; axe at a phone's width and a laptop's; "back up now" writes a
 * backup, checked, at the top of the list. The page in four languages, and a recorder told whom
 * it is for.
 */
import { paths } from '@jewel/contract/values/web-paths';
import { LANGS, type Lang, storeLanguage, t, ui } from './app.ts';
import { seriousViolations } from './axe.ts';
import { DEMO, expect, login, shot, test } from './fixtures.ts';

const ot = (lang: Lang, key: string, vars: Record<string, string | number> = {}) => t(lang, `operations:${key}`, vars);

test('a manager reads the server’s state and backs up now: the backup is checked and listed first', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const lang: Lang = 'zh-Hans';
  await login(page, DEMO.manager);
  await page.goto('/pages/userCenter/index');
  await ui.row(page, t(lang, 'titles.operations')).click();
  await expect(ui.title(page)).toHaveText(t(lang, 'titles.operations'));
  const server = page.getByRole('region', { name: ot(lang, 'server.title') });
  // The journeys' servers run on the embedded database and this machine's disk, both up.
  await expect(
    server.getByRole('definition').filter({ hasText: ot(lang, 'server.databaseKinds.pglite') }),
  ).toContainText(ot(lang, 'server.up'));
  await expect(server.getByRole('definition').filter({ hasText: ot(lang, 'server.storageKinds.local') })).toContainText(
    ot(lang, 'server.up'),
  );
  const rows = page.getByTestId('backup-row');
  const before = await rows.count();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: ot(lang, 'backups.now') }).click();
  await expect(ui.toast(page, ot(lang, 'backups.done'))).toBeVisible({ timeout: 30_000 });
  await expect(rows).toHaveCount(Math.min(before + 1, 7));
  await expect(rows.first()).toContainText(ot(lang, 'backups.checks.ok'));
  await expect(rows.first().locator('.operations-backup__size')).toHaveText(/张照片$/);
  await expect(ui.toast(page, ot(lang, 'backups.done'))).toBeHidden();
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'operations', { fullPage: true });

  await page.setViewportSize({ width: 1280, height: 800 });
  expect(await seriousViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  await shot(page, 'operations-1280');
});

test('the operations page in four languages, and whom it is for', async ({ page }) => {
  test.setTimeout(60_000);
  await login(page, DEMO.manager);
  for (const lang of LANGS) {
    await storeLanguage(page, lang);
    await page.goto(paths.operations);
    await expect(ui.title(page)).toHaveText(t(lang, 'titles.operations'));
    await expect(page.getByRole('button', { name: ot(lang, 'backups.now') })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, `operations-${lang}`, { fullPage: true });
  }
  const lang: Lang = 'en';
  await storeLanguage(page, lang);
  await login(page, DEMO.recorder);
  await page.goto(paths.operations);
  await expect(page.getByText(ot(lang, 'only.title'))).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
