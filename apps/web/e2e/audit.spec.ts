/**
 * Issue 28 item 7: the demo's manager reads the audit trail. From the personal center to the page;
 * axe at a phone's width and a laptop's; an item's steps found by its number, linked to the item;
 * staff changes by kind, with the member named; the same trail as a CSV file in Japanese. The
 * page in four languages, and a recorder told whom it is for.
 */

import { paths, withQuery } from '@jewel/contract/values/web-paths';
import type { Page } from '@playwright/test';
import { AUDIT_MESSAGES } from '../../server/src/i18n/messages.ts';
import { apiCall, LANGS, type Lang, pickChip, storeLanguage, t, ui, uniqueName } from './app.ts';
import { seriousViolations } from './axe.ts';
import { enroll, goldBracelet, registrationKit } from './commodity-api.ts';
import { apiLogin, DEMO, expect, login, shot, test } from './fixtures.ts';

const at = (lang: Lang, key: string, vars: Record<string, string | number> = {}) => t(lang, `audit:${key}`, vars);

test('a manager finds an item’s steps by its number and the staff changes by kind, and exports them', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const lang: Lang = 'zh-Hans';
  const recorder = await apiLogin(request, DEMO.recorder);
  const manager = await apiLogin(request, DEMO.manager);
  const kit = await registrationKit(request, recorder, [180, 140, 60]);
  const [item] = await enroll(request, recorder, [goldBracelet(kit, uniqueName('审计手镯'))]);
  if (!item) throw new Error('enrollment failed');
  // A member of the journey's own, added and disabled: the demo's staff stay as they are.
  const member = uniqueName('审计员');
  const invited = await apiCall<{ member: { id: number } }>(request, manager, 'POST', '/api/staff', {
    name: member,
    mobile: `139${String(Date.now()).slice(-8)}`,
    roles: ['recorder'],
  });
  await apiCall(request, manager, 'PATCH', `/api/staff/${invited.member.id}`, { is_enabled: false });

  await login(page, DEMO.manager);
  await page.goto('/pages/userCenter/index');
  await ui.row(page, t(lang, 'titles.audit')).click();
  await expect(ui.title(page)).toHaveText(t(lang, 'titles.audit'));
  const cards = page.getByTestId('audit-card');
  await expect(cards.first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });
  expect(await seriousViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  await shot(page, 'audit-1280');
  await page.setViewportSize({ width: 390, height: 844 });

  // An item's number: its registration, with the status it was left in, and a way to the item.
  const search = page.getByRole('searchbox', { name: at(lang, 'filters.item') });
  await search.fill(item.no);
  await search.press('Enter');
  await expect(cards).toHaveCount(1);
  await expect(cards.first().locator('.audit-card__what')).toHaveText(AUDIT_MESSAGES[lang].events.enroll);
  await expect(cards.first().locator('.audit-card__change')).toHaveText('待分配');
  await expect(cards.first().getByRole('link', { name: at(lang, 'item', { no: item.no }) })).toHaveAttribute(
    'href',
    withQuery(paths.commodityDetail, { id: item.id }),
  );
  await expect(page).toHaveURL(new RegExp(`item=${item.no}`));
  await page.getByRole('button', { name: at(lang, 'filters.clear') }).click();
  await expect(search).toHaveValue('');

  // Staff changes: the newest first, the member named.
  await pickChip(page, lang, at(lang, 'filters.kind'), at(lang, 'kinds.staff'));
  await expect(page).toHaveURL(/kind=staff/);
  const disabled = cards.filter({ hasText: member }).first();
  await expect(disabled.locator('.audit-card__what')).toHaveText(AUDIT_MESSAGES[lang].staff.is_enabled);
  await expect(disabled.locator('.audit-card__change')).toHaveText('是 → 否');
  await expect(disabled.locator('.audit-card__meta')).toContainText('周店长');
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'audit-staff', { fullPage: true });

  // The same filter as a CSV file, in Japanese: the kind's records, the member's among them.
  await pickChip(page, lang, at(lang, 'export.language'), t(lang, 'common:language.ja'));
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: at(lang, 'export.csvLabel', await periodOf(page)) }).click(),
  ]);
  expect(file.suggestedFilename()).toMatch(/^audit_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
  const lines = (await (await file.createReadStream()).toArray()).join('').split('\r\n');
  expect(lines[3]).toBe('日時,種別,担当者,内容,変更,詳細,品物番号');
  expect(
    lines
      .slice(4)
      .filter(Boolean)
      .every((line) => line.includes(',スタッフ,')),
  ).toBe(true);
  expect(lines.some((line) => line.includes(`スタッフ：${member}`) && line.includes('はい → いいえ'))).toBe(true);
  await expect(ui.toast(page, at(lang, 'export.done', { name: file.suggestedFilename() }))).toBeVisible();
});

/** The period the page shows, from its address. */
async function periodOf(page: Page) {
  const url = new URL(page.url());
  return { from: url.searchParams.get('from') ?? '', to: url.searchParams.get('to') ?? '' };
}

test('the audit page in four languages, and whom it is for', async ({ page }) => {
  test.setTimeout(60_000);
  await login(page, DEMO.manager);
  for (const lang of LANGS) {
    await storeLanguage(page, lang);
    await page.goto(paths.audit);
    await expect(ui.title(page)).toHaveText(t(lang, 'titles.audit'));
    await expect(page.getByTestId('audit-card').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, `audit-${lang}`);
  }
  const lang: Lang = 'en';
  await storeLanguage(page, lang);
  await login(page, DEMO.recorder);
  await page.goto(paths.audit);
  await expect(page.getByText(at(lang, 'only.title'))).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
