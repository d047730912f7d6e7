/**
 * The dealer's ledger (PRODUCT.md "The dealer's ledger"; issue 13 item 4): a staff recorder opens
 * it from the dashboard, picks a period, exports it as CSV and as a printable PDF; valuers are
 * told it is not theirs.
 *
 * Entries are written by the buyback ("confirm recycle" with the seller's identity check), which
 * is being built alongside: until it lands, the journey through an entry is `test.fixme` below.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { t, turnWheel, ui } from './app.ts';
import { DEMO, expect, login, shot, test } from './fixtures.ts';

const lang = 'zh-Hans';

/** Opens a choice chip by its label, turns the wheel to `choice` and confirms. */
async function choose(page: Page, chip: string, choice: string) {
  await page.getByRole('button', { name: new RegExp(`^${chip}:`) }).click();
  await turnWheel(page, choice);
  await page
    .locator('.adm-picker-header-button')
    .filter({ hasText: t(lang, 'common:confirm') })
    .click();
  await expect(page.locator('.adm-picker')).toBeHidden();
}

/** Taps an export button and answers the saved file's name and bytes. */
async function exportFile(page: Page, name: string) {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name }).click()]);
  const file = await download.path();
  return { name: download.suggestedFilename(), bytes: readFileSync(file) };
}

test('a recorder picks a period of the ledger and exports it as CSV and PDF', async ({ page }) => {
  await login(page, DEMO.recorder);
  await page.goto('/pages/home/index');
  await page.getByRole('button', { name: t(lang, 'dashboard:shortcuts.ledger') }).click();
  await expect(ui.title(page)).toHaveText(t(lang, 'titles.ledger'));
  // No buyback yet on a fresh shop: the period is empty, and says what to do.
  await expect(page.getByText(t(lang, 'ledger:empty'))).toBeVisible();
  await shot(page, 'ledger-empty');

  // Any days: the period sheet, as the data base has it.
  await choose(page, t(lang, 'ledger:period.label'), t(lang, 'ledger:period.custom'));
  const sheet = page.getByRole('dialog', { name: t(lang, 'ledger:period.label') });
  const year = new Date().getFullYear() - 2;
  const period = { from: `${year}-03-01`, to: `${year}-03-31` };
  await sheet.getByLabel(t(lang, 'common:dateRange.from')).fill(period.from);
  await sheet.getByLabel(t(lang, 'common:dateRange.to')).fill(period.to);
  await shot(page, 'ledger-period-sheet');
  await sheet.getByRole('button', { name: t(lang, 'common:confirm') }).click();
  await expect(sheet).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`from=${period.from}&to=${period.to}`));
  await expect(page.locator('.ledger-period__days')).toHaveText(t(lang, 'ledger:period.range', period));
  await expect(page.getByText(t(lang, 'ledger:empty'))).toBeVisible();

  // CSV in the app's language: the columns, a byte order mark for Excel, no rows.
  const csv = await exportFile(page, t(lang, 'ledger:export.csvLabel', period));
  expect(csv.name).toBe(`ledger_${period.from}_${period.to}.csv`);
  const text = csv.bytes.toString('utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  expect(text.slice(1).trim()).toBe(
    '编号,交易日期,商品编号,品目,数量,特征,价款,对方住址,姓名,职业,年龄,身份确认方式,更正',
  );
  await expect(ui.toast(page, t(lang, 'ledger:export.done', { name: csv.name }))).toBeVisible();

  // The PDF in Japanese, the reference column set.
  await choose(page, t(lang, 'ledger:export.language'), t(lang, 'common:language.ja'));
  const pdf = await exportFile(page, t(lang, 'ledger:export.pdfLabel', period));
  expect(pdf.name).toBe(`ledger_${period.from}_${period.to}.pdf`);
  expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf.bytes.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansJP-Regular/);
  await shot(page, 'ledger-exported');
});

test('a valuer has no ledger: no shortcut, and the page says whom it is for', async ({ page }) => {
  await login(page, DEMO.valuers[0]);
  await page.goto('/pages/home/index');
  await expect(page.getByRole('button', { name: t(lang, 'dashboard:shortcuts.restock') })).toBeVisible();
  await expect(page.getByRole('button', { name: t(lang, 'dashboard:shortcuts.ledger') })).toHaveCount(0);
  await page.goto('/pages-sub/ledger/index');
  await expect(page.getByText(t(lang, 'ledger:only.title'))).toBeVisible();
  await expect(page.getByRole('button', { name: t(lang, 'ledger:export.csvLabel', { from: '', to: '' }) })).toHaveCount(
    0,
  );
});

// The buyback that writes ledger entries (issue 13 items 2–4, branch buyback) was built in parallel
// and is not on this branch. Main now has it: after the merge, make the entry with main's e2e
// helpers — `registrationKit`, `enroll`, `distribute` (quick workflow), `appraise`, then
// `act(request, recorder, id, 'recycle', { is_recycle: 1, price: 88000, currency: 'JPY',
// ...(await buybackProof(request, recorder)) })` (apps/web/e2e/commodity-api.ts) — and walk this.
test.fixme('a buyback’s entry shows in the ledger, opens with its signature, is corrected and exported', async ({
  page,
}) => {
  await login(page, DEMO.recorder);
  // 1. Buy an identified item back through the API as above (identity check, document photo, signature).
  // 2. /pages-sub/ledger/index: its card (date, commodity no, item, price, seller, "驾驶证 ****0001").
  // 3. Open it: every §16 item, the signature image, "未被更正".
  // 4. "更正此记录": change the address, give a reason, confirm the dialog: the new entry opens
  //    tagged "更正记录"; the old one is tagged "已更正" and links to it.
  // 5. Export CSV (ja): two rows whose 訂正 cells name each other; export PDF: %PDF, NotoSansJP subset.
  await page.goto('/pages-sub/ledger/index');
});
