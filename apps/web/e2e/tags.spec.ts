/**
 * Item tags and the scan (issue 14 item 2) at a phone's size: a staff recorder picks two items
 * on the tags page and prints their labels; the PDF's first page, rendered as a picture, carries
 * each item's QR of `/verify/<tag id>`. Scanned from that picture on the scan page, the tag
 * opens its item; a guest who may not see the item lands on its public verification address.
 */
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { encode } from 'uqr';
import { createGuestLink, enterAsGuest, LANGS, storeLanguage, t, ui, uniqueName } from './app.ts';
import { seriousViolations } from './axe.ts';
import { commodityBody, enroll, registrationKit, runTag } from './commodity-api.ts';
import { apiLogin, DEMO, expect, login, shot, storeSession, test } from './fixtures.ts';

const run = promisify(execFile);
const lang = 'zh-Hans';

/** Where the labels sit on the sheet (tag-sheet-pdf.ts), in millimetres. */
const LABEL = { left: 7.25, top: 15.15, width: 63.5, height: 38.1, pitch: 66 };
const DPI = 150;
const px = (mm: number) => Math.round((mm / 25.4) * DPI);

/** The QR code of a PNG, read in node as the app's fallback reads it in the browser. */
async function readQr(png: Buffer): Promise<string | null> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data ?? null;
}

test('a recorder prints two tags, and a scanned tag opens its item', async ({ page, openPhone }) => {
  const recorder = await login(page, DEMO.recorder);
  const kit = await registrationKit(page.request, recorder, [0x3a, 0x7b, 0xc1]);
  const tag = runTag();
  const [first, second] = await enroll(page.request, recorder, [
    commodityBody(kit, `标签手镯${tag}`),
    commodityBody(kit, `标签戒指${tag}`),
  ]);
  if (!first || !second) throw new Error('enrollment failed');

  // From the commodity list's header to the tags page; the two items found by the run's tag.
  await page.goto('/pages-sub/commodityList/index');
  await page.getByRole('link', { name: t(lang, 'commodity:list.printTags') }).click();
  await expect(ui.title(page)).toHaveText(t(lang, 'titles.tags'));
  const print = page.getByRole('button', { name: t(lang, 'tag:tags.print', { count: 0 }) });
  await expect(print).toBeDisabled();
  await page.getByRole('searchbox').fill(tag);
  for (const item of [first, second]) {
    await page.getByRole('checkbox', { name: t(lang, 'commodity:list.select', { no: item.no }) }).check();
  }
  await expect(page.getByText(t(lang, 'tag:tags.selected', { count: 2 }))).toBeVisible();
  await shot(page, 'tags-selected');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: t(lang, 'tag:tags.print', { count: 2 }) }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`tags_${first.no}_2.pdf`);
  const pdf = readFileSync(await download.path());
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // The first page as a printer would draw it; the first label cut out of it.
  const dir = await mkdtemp(path.join(os.tmpdir(), 'tags-'));
  writeFileSync(path.join(dir, 'sheet.pdf'), pdf);
  await run('pdftoppm', [
    '-r',
    String(DPI),
    '-png',
    '-f',
    '1',
    '-l',
    '1',
    path.join(dir, 'sheet.pdf'),
    path.join(dir, 'page'),
  ]);
  const pagePng = readFileSync(path.join(dir, 'page-1.png'));
  const label = await sharp(pagePng)
    .extract({ left: px(LABEL.left), top: px(LABEL.top), width: px(LABEL.width), height: px(LABEL.height) })
    .png()
    .toBuffer();
  const secondLabel = await sharp(pagePng)
    .extract({
      left: px(LABEL.left + LABEL.pitch),
      top: px(LABEL.top),
      width: px(LABEL.width),
      height: px(LABEL.height),
    })
    .png()
    .toBuffer();
  const url = await readQr(label);
  const origin = new URL(page.url()).origin;
  expect(url).toMatch(new RegExp(`^${origin}/verify/[A-Za-z0-9_-]{22}$`));
  const secondUrl = await readQr(secondLabel);
  expect(secondUrl).toMatch(/\/verify\/[A-Za-z0-9_-]{22}$/);
  expect(secondUrl).not.toBe(url);

  // Scanned from the picture on the scan page: the first item opens.
  await page.goto('/pages/home/index');
  await page.getByRole('link', { name: t(lang, 'titles.scan') }).click();
  await expect(ui.title(page)).toHaveText(t(lang, 'titles.scan'));
  await expect(page.getByRole('button', { name: t(lang, 'tag:scan.photo') })).toBeVisible();
  await shot(page, 'scan');
  await page.getByTestId('scan-photo').setInputFiles({ name: 'tag.png', mimeType: 'image/png', buffer: label });
  await expect(page).toHaveURL(new RegExp(`/pages-sub/commodityDetail/index\\?id=${first.id}$`));
  await expect(page.getByText(first.no).first()).toBeVisible();

  // The whole page, with both labels, opens one of the two items.
  await page.goto('/pages-sub/scan/index');
  await page.getByTestId('scan-photo').setInputFiles({ name: 'sheet.png', mimeType: 'image/png', buffer: pagePng });
  await expect(page).toHaveURL(new RegExp(`/pages-sub/commodityDetail/index\\?id=(${first.id}|${second.id})$`));

  // A guest recorder may not see the shop's item: the scan sends them to its public page.
  const staff = await apiLogin(page.request, DEMO.recorder);
  const link = await createGuestLink(page.request, staff, 'recorder');
  const guest = await openPhone();
  await storeSession(guest, await enterAsGuest(page.request, link.uuid, uniqueName('Guest ')));
  await guest.goto('/pages-sub/scan/index');
  await expect(ui.title(guest)).toHaveText(t(lang, 'titles.scan'));
  await guest.getByTestId('scan-photo').setInputFiles({ name: 'tag.png', mimeType: 'image/png', buffer: label });
  await expect(guest).toHaveURL(url as string);
});

test('an item’s tag from its page, for a 40 × 30 mm label printer, remembered for the next print', async ({ page }) => {
  const recorder = await login(page, DEMO.recorder);
  const kit = await registrationKit(page.request, recorder, [0x5c, 0x2e, 0x91]);
  const [item] = await enroll(page.request, recorder, [commodityBody(kit, `标签胸针${runTag()}`)]);
  if (!item) throw new Error('enrollment failed');

  // "Print tag" on the item's page opens the tags page with the item chosen (issue 29 item 4).
  await page.goto(`/pages-sub/commodityDetail/index?id=${item.id}`);
  const printTag = page.getByRole('link', { name: t(lang, 'commodity:detail.printTag') });
  await expect(printTag).toBeVisible();
  await shot(page, 'detail-print-tag');
  await printTag.click();
  await expect(ui.title(page)).toHaveText(t(lang, 'titles.tags'));
  await expect(page.getByText(t(lang, 'tag:tags.selected', { count: 1 }))).toBeVisible();
  // The A4 sheet first, from label 1, with where to start on a sheet partly used.
  const layouts = page.getByRole('region', { name: t(lang, 'tag:layout.title') });
  await expect(layouts.getByRole('spinbutton', { name: t(lang, 'tag:layout.startAt') })).toHaveValue('1');
  expect((await seriousViolations(page, '.tag-layout')).map((v) => v.id)).toEqual([]);
  await layouts.getByRole('option', { name: t(lang, 'tag:layout.die-40x30') }).click();
  await expect(layouts.getByRole('spinbutton')).toHaveCount(0);
  await expect(layouts).toContainText(t(lang, 'tag:layout.printerHint'));

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: t(lang, 'tag:tags.print', { count: 1 }) }).click(),
  ]);
  const pdf = readFileSync(await download.path());
  // One page of the label's own size, 40 × 30 mm in points, whose QR is the item's address.
  const boxes = [...pdf.toString('latin1').matchAll(/\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/g)];
  expect(boxes.map((box) => [Number(box[1]), Number(box[2])].map((pt) => Math.round((pt * 25.4) / 72)))).toEqual([
    [40, 30],
  ]);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'tag-40x30-'));
  writeFileSync(path.join(dir, 'tag.pdf'), pdf);
  await run('pdftoppm', ['-r', '300', '-png', '-singlefile', path.join(dir, 'tag.pdf'), path.join(dir, 'tag')]);
  expect(await readQr(readFileSync(path.join(dir, 'tag.png')))).toMatch(/\/verify\/[A-Za-z0-9_-]{22}$/);

  // The phone keeps the printer chosen; the card in the four languages at 360 px.
  await page.setViewportSize({ width: 360, height: 740 });
  for (const language of LANGS) {
    await storeLanguage(page, language);
    await page.reload();
    const card = page.getByRole('region', { name: t(language, 'tag:layout.title') });
    await expect(card.getByRole('option', { name: t(language, 'tag:layout.die-40x30') })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await shot(page, `tags-layout-${language}-360x740`);
  }
});

test('the scan says what a code is when it is not a tag of this shop', async ({ page }) => {
  await login(page, DEMO.valuers[0]);
  await page.goto('/pages-sub/scan/index');
  const status = page.getByRole('status');
  // A printed code as a camera would see it: black modules on white, 6 pixels each, a 4-module margin.
  const qrOf = (text: string) => {
    const { data, size } = encode(text, { border: 4 });
    const scale = 6;
    const side = size * scale;
    const pixels = Buffer.alloc(side * side, 255);
    for (let y = 0; y < side; y++)
      for (let x = 0; x < side; x++) if (data[Math.floor(y / scale)]?.[Math.floor(x / scale)]) pixels[y * side + x] = 0;
    return sharp(pixels, { raw: { width: side, height: side, channels: 1 } })
      .png()
      .toBuffer();
  };

  // Plain text: not a tag.
  await page
    .getByTestId('scan-photo')
    .setInputFiles({ name: 'a.png', mimeType: 'image/png', buffer: await qrOf('hello') });
  await expect(status).toHaveText(t(lang, 'tag:scan.notTag'));
  await expect(page.getByText('hello', { exact: true })).toBeVisible();

  // Another site's verification address: shown, never followed.
  const foreign = `https://elsewhere.example/verify/${'A'.repeat(22)}`;
  await page
    .getByTestId('scan-photo')
    .setInputFiles({ name: 'b.png', mimeType: 'image/png', buffer: await qrOf(foreign) });
  await expect(status).toHaveText(t(lang, 'tag:scan.notOurs'));
  await expect(page.getByText(foreign)).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/pages-sub/scan/index');
  await shot(page, 'scan-not-ours');

  // A picture with no code at all.
  const blank = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#ffffff' } })
    .png()
    .toBuffer();
  await page.getByTestId('scan-photo').setInputFiles({ name: 'c.png', mimeType: 'image/png', buffer: blank });
  await expect(status).toHaveText(t(lang, 'tag:scan.noCode'));
});
