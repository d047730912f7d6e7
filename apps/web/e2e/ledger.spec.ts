/**
 * The dealer's ledger (PRODUCT.md "The dealer's ledger"; issue 13 item 4) at a phone's size: a
 * staff recorder opens it from the dashboard, picks a period, exports it as CSV and as a
 * printable PDF; valuers are told it is not theirs. And the way of one entry: an item bought back
 * through the API (identity check, document photo, signature) shows as a card, opens with every
 * §16 item and the seller's signature, is corrected (a new entry naming the old one, which stays),
 * and both rows are exported, naming each other.
 *
 * Other journeys on the same server buy items back today too: this one finds its entries by
 * the commodity's number, and only a period long past is expected empty.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { apiCall, fillDate, pickChip, t, ui } from './app.ts';
import {
  act,
  appraise,
  buybackProof,
  commodityBody,
  distribute,
  enroll,
  registrationKit,
  runTag,
  verdict,
} from './commodity-api.ts';
import { apiLogin, DEMO, expect, login, shot, test } from './fixtures.ts';

const lang = 'zh-Hans';

// The phone is in Paris, the shop in Shanghai (the server's SHOP_TIMEZONE): the screen writes the
// shop's time and counts the shop's days, as the export does (issue 29 items 1 and 5).
test.use({ timezoneId: 'Europe/Paris' });

/** Text as a reader sees it: word joiners are invisible, a no-break space is a space. */
const asRead = (text: string) => text.replace(/\u2060/g, '').replace(/\u00a0/g, ' ');

/** On how many lines `words` (as read) of the element's text are drawn (their rectangles' distinct tops). */
async function linesOf(element: import('@playwright/test').Locator, words: string): Promise<number> {
  return element.evaluate((root, wanted) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      const at: number[] = [];
      let read = '';
      for (let i = 0; i < text.length; i += 1) {
        if (text[i] === '\u2060') continue;
        at.push(i);
        read += text[i] === '\u00a0' ? ' ' : text[i];
      }
      const start = read.indexOf(wanted);
      if (start < 0 || wanted === '') continue;
      const range = document.createRange();
      range.setStart(node, at[start] ?? 0);
      range.setEnd(node, (at[start + wanted.length - 1] ?? 0) + 1);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    }
    throw new Error(`"${wanted}" is not in the element`);
  }, words);
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
  await expect(page.locator('.period-bar__days')).toBeVisible();

  // Any days: the period sheet, as the data base has it.
  await pickChip(page, lang, t(lang, 'ledger:period.label'), t(lang, 'ledger:period.custom'));
  const sheet = page.getByRole('dialog', { name: t(lang, 'ledger:period.label') });
  const year = new Date().getFullYear() - 2;
  const period = { from: `${year}-03-01`, to: `${year}-03-31` };
  await fillDate(sheet.getByRole('group', { name: t(lang, 'common:dateRange.from') }), period.from);
  await fillDate(sheet.getByRole('group', { name: t(lang, 'common:dateRange.to') }), period.to);
  await shot(page, 'ledger-period-sheet');
  await sheet.getByRole('button', { name: t(lang, 'common:confirm') }).click();
  await expect(sheet).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`from=${period.from}&to=${period.to}`));
  // The days as a Chinese reader writes them (issue 29 item 5).
  await expect
    .poll(async () => asRead((await page.locator('.period-bar__days').textContent()) ?? ''))
    .toBe(t(lang, 'ledger:period.range', { from: `${year}年3月1日`, to: `${year}年3月31日` }));
  // On a narrow phone the line may break between the days, never inside one (issue 29).
  await page.setViewportSize({ width: 360, height: 740 });
  for (const day of [`${year}年3月1日`, `${year}年3月31日`])
    expect(await linesOf(page.locator('.period-bar__days'), day), day).toBe(1);
  await shot(page, 'ledger-period-360');
  await page.setViewportSize({ width: 390, height: 844 });
  // Nothing bought back then: the period is empty, and says what to do.
  await expect(page.getByText(t(lang, 'ledger:empty'))).toBeVisible();
  await shot(page, 'ledger-empty');

  // CSV in the app's language: whose ledger (the demo has no name of its own: the app's, no
  // licence; and it says it is the demo's data) and which period, then the columns; a byte order
  // mark for Excel, no rows.
  const csv = await exportFile(page, t(lang, 'ledger:export.csvLabel', period));
  expect(csv.name).toBe(`ledger_${period.from}_${period.to}.csv`);
  const text = csv.bytes.toString('utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  expect(text.slice(1).trim().split('\r\n')).toEqual([
    '珠宝鉴定,,,演示数据：这不是真实店铺的记录。',
    `期间：${period.from} 至 ${period.to}（Asia/Shanghai）`,
    '',
    '编号,交易日期,商品编号,品目,数量,特征,价款,币种,付款方式,对方住址,姓名,职业,年龄,身份确认方式,更正',
  ]);
  await expect(ui.toast(page, t(lang, 'ledger:export.done', { name: csv.name }))).toBeVisible();

  // The PDF in Japanese, the reference column set.
  await pickChip(page, lang, t(lang, 'ledger:export.language'), t(lang, 'common:language.ja'));
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

/** The rows of a CSV file (RFC 4180: quoted cells may hold commas, quotes and line breaks). */
function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

test('a buyback’s entry shows in the ledger, opens with its signature, is corrected and exported', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // An item brought to "identified" through the API, and bought back with the seller's identity
  // check, a document photo and a signature.
  const recorder = await login(page, DEMO.recorder);
  const valuer = await apiLogin(request, DEMO.valuers[0]);
  const kit = await registrationKit(request, recorder, [0x8e, 0x5a, 0x2c]);
  const tag = runTag();
  const product = `戒指 ${tag}`;
  const seller = `田中${tag}`;
  const [item] = await enroll(request, recorder, [commodityBody(kit, product)], {
    customer: { customer_name: seller },
  });
  if (!item) throw new Error('enrollment failed');
  await distribute(request, recorder, [item.id], valuer.user.id, kit.quickId);
  await appraise(request, valuer, item.id, verdict());
  const proof = await buybackProof(request, recorder);
  await act(request, recorder, item.id, 'recycle', {
    is_recycle: 1,
    price: 88000,
    currency: 'JPY',
    ...proof,
    identity: { ...proof.identity, name: seller },
  });
  // The entry's shop day (the shop's time zone, which the phone's calendar need not share).
  const { items } = await apiCall<{ items: { id: number; no: number; commodity_no: string; day: string }[] }>(
    request,
    recorder,
    'GET',
    '/api/ledger/entries',
  );
  const original = items.find((entry) => entry.commodity_no === item.no);
  if (!original) throw new Error('no ledger entry for the buyback');
  const period = { from: original.day, to: original.day };

  // The ledger of that day: the entry's card.
  await page.goto(`/pages-sub/ledger/index?from=${period.from}&to=${period.to}`);
  await expect(ui.title(page)).toHaveText(t(lang, 'titles.ledger'));
  const card = page.getByTestId('ledger-card').filter({ hasText: item.no });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText(t(lang, 'ledger:card.no', { id: original.no }));
  await expect(card).toContainText(product);
  await expect(card).toContainText('88,000');
  await expect(card).toContainText(seller);
  await expect(card).toContainText(`${t(lang, 'ledger:method.drivers_licence')} ****0001`);
  await expect(card.locator('[data-tag]')).toHaveCount(0);
  await shot(page, 'ledger-entries');

  // Opened: every §16 item, the signature as a picture that loads, no corrections yet.
  await card.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`[?&]id=${original.id}$`));
  const facts = page.locator('.ledger-facts');
  for (const key of [
    'transactedAt',
    'commodityNo',
    'item',
    'quantity',
    'features',
    'price',
    'sellerAddress',
    'sellerName',
    'sellerOccupation',
    'sellerAge',
    'identityMethod',
  ]) {
    await expect(facts.locator('dt').filter({ hasText: t(lang, `ledger:fields.${key}`) })).toHaveCount(1);
  }
  const fact = (key: string) =>
    facts
      .locator('.ledger-facts__line')
      .filter({ has: page.locator('dt', { hasText: t(lang, `ledger:fields.${key}`) }) });
  await expect(fact('commodityNo').locator('dd')).toHaveText(item.no);
  await expect(fact('sellerName').locator('dd')).toHaveText(seller);
  await expect(fact('sellerAddress').locator('dd')).toHaveText(proof.identity.address);
  await expect(fact('sellerOccupation').locator('dd')).toHaveText(proof.identity.occupation);
  const shownAt = asRead((await fact('transactedAt').locator('dd').textContent()) ?? '');
  // On a narrow phone the moment is never parted, not even between its day and its time (issue 29).
  await page.setViewportSize({ width: 360, height: 740 });
  expect(await linesOf(fact('transactedAt').locator('dd'), shownAt)).toBe(1);
  await shot(page, 'ledger-entry-360');
  const signature = page.getByRole('img', { name: t(lang, 'ledger:detail.signatureAlt', { name: seller }) });
  await expect(signature).toBeVisible();
  await expect
    .poll(() => signature.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBeGreaterThan(0);
  await expect(page.getByText(t(lang, 'ledger:detail.noCorrections'))).toBeVisible();
  await shot(page, 'ledger-entry');

  // Corrected: a new address and why, confirmed in the dialog; the new entry opens as a correction.
  const address = `上海市静安区南京西路 ${tag} 号`;
  const reason = '住址抄写有误';
  await page.getByRole('button', { name: t(lang, 'ledger:detail.correct') }).click();
  const form = page.getByRole('form', { name: t(lang, 'ledger:correct.title', { id: original.no }) });
  await expect(form).toBeVisible();
  await form.locator('#field-correct-seller_address').fill(address);
  await form.locator('#field-correct-reason').fill(reason);
  await shot(page, 'ledger-correct-form');
  await form.getByRole('button', { name: t(lang, 'ledger:correct.review') }).click();
  const confirm = page
    .locator('.adm-dialog')
    .filter({ hasText: t(lang, 'ledger:correct.confirmTitle', { id: original.no }) });
  await expect(confirm).toContainText(`${t(lang, 'ledger:correct.fields.seller_address')}: ${address}`);
  await expect(confirm).toContainText(t(lang, 'ledger:correct.confirmReason', { reason }));
  await shot(page, 'ledger-correct-confirm');
  await confirm.getByRole('button', { name: t(lang, 'ledger:correct.confirm') }).click();
  await expect(confirm).toBeHidden();
  await expect(page).not.toHaveURL(new RegExp(`[?&]id=${original.id}$`));
  const correctionId = Number(new URL(page.url()).searchParams.get('id'));
  expect(correctionId).toBeGreaterThan(original.id);
  // Entries are shown and printed by their number in the branch's ledger (issue 32): the next one.
  const correctionNo = original.no + 1;
  await expect(ui.toast(page, t(lang, 'ledger:correct.done', { id: correctionNo }))).toBeVisible();
  const head = page.locator('.ledger-entry__head');
  await expect(head).toContainText(t(lang, 'ledger:card.no', { id: correctionNo }));
  await expect(head.locator('[data-tag="correction"]')).toHaveText(t(lang, 'ledger:tag.correction'));
  await expect(fact('sellerAddress').locator('dd')).toHaveText(address);
  // In the page, not in the confirmation dialog, which may linger in the DOM while it closes.
  await expect(page.getByRole('main').getByText(t(lang, 'ledger:detail.reason', { reason }))).toBeVisible();
  await expect(page.getByRole('button', { name: t(lang, 'ledger:detail.correct') })).toBeVisible();
  await shot(page, 'ledger-correction');

  // The corrected entry, from the chain: tagged "corrected", pointing to the latest, no more "correct".
  await page
    .locator('.ledger-chain a')
    .filter({ hasText: t(lang, 'ledger:card.no', { id: original.no }) })
    .click();
  await expect(head).toContainText(t(lang, 'ledger:card.no', { id: original.no }));
  await expect(head.locator('[data-tag="corrected"]')).toHaveText(t(lang, 'ledger:tag.corrected'));
  await expect(
    head.getByRole('link', { name: t(lang, 'ledger:detail.openLatest', { id: correctionNo }) }),
  ).toBeVisible();
  await expect(fact('sellerAddress').locator('dd')).toHaveText(proof.identity.address);
  await expect(page.getByRole('button', { name: t(lang, 'ledger:detail.correct') })).toHaveCount(0);
  await shot(page, 'ledger-corrected');

  // The item one tap away, and from its page the newest entry (the correction), back (issue 29 item 11).
  await fact('commodityNo').getByRole('link', { name: item.no }).click();
  await expect(ui.title(page)).toHaveText(t(lang, 'titles.commodityDetail'));
  await page.getByRole('link', { name: t(lang, 'commodity:recycle.ledgerEntryLink', { id: correctionNo }) }).click();
  await expect(head).toContainText(t(lang, 'ledger:card.no', { id: correctionNo }));

  // Both in the list of the day, the correction above what it corrects.
  await page.goto(`/pages-sub/ledger/index?from=${period.from}&to=${period.to}`);
  const cards = page.getByTestId('ledger-card').filter({ hasText: item.no });
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0)).toHaveAttribute('data-id', String(correctionId));
  await expect(cards.nth(1).locator('[data-tag="corrected"]')).toBeVisible();

  // The CSV in Japanese: the reference columns, and the two rows naming each other.
  await pickChip(page, lang, t(lang, 'ledger:export.language'), t(lang, 'common:language.ja'));
  const csv = await exportFile(page, t(lang, 'ledger:export.csvLabel', period));
  expect(csv.name).toBe(`ledger_${period.from}_${period.to}.csv`);
  const text = csv.bytes.toString('utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  const [shopLine, periodLine, blank, header, ...rows] = csvRows(text.slice(1));
  // Whose ledger and which period, in the shop's days, first; then a blank line (issues 28, 29).
  expect(shopLine).toEqual(['ジュエリー鑑定', '', '', 'デモデータです。実在の店舗の記録ではありません。']);
  expect(periodLine).toEqual([`期間：${period.from} ～ ${period.to}（Asia/Shanghai）`]);
  expect(blank).toEqual(['']);
  expect(header).toEqual([
    '番号',
    '取引年月日',
    '管理番号',
    '品目',
    '数量',
    '特徴',
    // The amount and its currency apart, for a spreadsheet to sum (issue 29 item 1).
    '代価',
    '通貨',
    // How the seller was paid (issue 27: every buyback records it).
    '支払方法',
    '相手方の住所',
    '氏名',
    '職業',
    '年齢',
    '確認の方法',
    '訂正',
  ]);
  // In the book's order, oldest first: the entry, then its correction.
  const ours = rows.filter((row) => row[2] === item.no);
  expect(ours.map((row) => row[0])).toEqual([String(original.no), String(correctionNo)]);
  const [older, newer] = ours;
  expect(newer?.slice(6, 8)).toEqual(['88000', 'JPY']);
  expect(newer?.[8]).toBe('現金');
  expect(newer?.[9]).toBe(address);
  expect(newer?.[10]).toBe(seller);
  expect(newer?.[13]).toBe('運転免許証 ****0001');
  expect(newer?.[14]).toBe(`番号${original.no}を訂正：${reason}`);
  expect(older?.[9]).toBe(proof.identity.address);
  // The same moment on the screen and in the export: the shop's clock, not the phone's.
  const [day, time] = (older?.[1] ?? '').split(' ');
  const [year, month, date] = (day ?? '').split('-').map(Number);
  expect(shownAt).toBe(`${year}年${month}月${date}日 ${time}`);
  expect(older?.[14]).toBe(`番号${correctionNo}で訂正済み`);
  // Below the table, after a blank line, each currency's total (other journeys' entries may be
  // in the period too): one line per currency, ours among them.
  const totals = rows.filter((row) => row[0] === '合計（訂正後）');
  expect(totals.map((row) => row[2])).toContain('JPY');
  expect(new Set(totals.map((row) => row[2])).size).toBe(totals.length);

  // The PDF, in Japanese too.
  const pdf = await exportFile(page, t(lang, 'ledger:export.pdfLabel', period));
  expect(pdf.name).toBe(`ledger_${period.from}_${period.to}.pdf`);
  expect(pdf.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf.bytes.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansJP-Regular/);
  await shot(page, 'ledger-entries-exported');
});
