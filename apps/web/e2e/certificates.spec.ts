/**
 * Certificates and the public verification page (issue 14 item 1) at a phone's size: a recorder
 * opens an identified item, downloads its certificate in Japanese through the app, and the QR
 * printed on page 1 (rendered with poppler's pdftoppm, read with jsQR) opens the item's
 * verification page in a browser without JavaScript: the verdict, no customer. After the item
 * is re-assessed the same page says the certificate is superseded.
 */
import { readFileSync } from 'node:fs';
import { paths, withQuery } from '@jewel/contract/values/web-paths';
import { apiCall, LANGS, pickChip, storeLanguage, t } from './app.ts';
import { seriousViolations } from './axe.ts';
import { certificateUrl, qrOf } from './certificate-qr.ts';
import { act, appraise, commodityBody, distribute, enroll, registrationKit, runTag, verdict } from './commodity-api.ts';
import { apiLogin, DEMO, expect, login, shot, test } from './fixtures.ts';
import { upload } from './photos.ts';

const lang = 'zh-Hans';

test('an identified item’s certificate downloads, its QR opens the verification page, superseded after re-assessment', async ({
  page,
  request,
  browser,
}) => {
  const recorder = await apiLogin(request, DEMO.recorder);
  const valuer = await apiLogin(request, DEMO.valuers[0]);
  const kit = await registrationKit(request, recorder, [0xb8, 0x86, 0x0b]);
  const tag = runTag();
  const customer = { customer_name: `Certina Privé ${tag}`, customer_phone: `1398${String(Date.now()).slice(-7)}` };
  const [item] = await enroll(request, recorder, [commodityBody(kit, `证书手镯 ${tag}`)], { customer });
  if (!item) throw new Error('enrollment failed');
  await distribute(request, recorder, [item.id], valuer.user.id, kit.quickId);
  await appraise(request, valuer, item.id, verdict());

  await login(page, DEMO.recorder);
  await page.goto(withQuery(paths.commodityDetail, { id: item.id }));
  const card = page.locator('.certificate-card');
  await expect(card.getByRole('heading', { name: t(lang, 'certificate:title') })).toBeVisible();
  // In Japanese, chosen on the card.
  await pickChip(page, lang, t(lang, 'certificate:language'), t(lang, 'common:language.ja'));
  await shot(page, 'certificate-card');
  const label = t(lang, 'certificate:downloadLabel', { no: item.no, language: t(lang, 'common:language.ja') });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: label }).click(),
  ]);
  const pdf = readFileSync(await download.path());
  expect(download.suggestedFilename()).toBe(`certificate-${item.no}-ja.pdf`);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansJP-Regular/);

  const url = await qrOf(pdf);
  expect(url).toMatch(/\/verify\/[A-Za-z0-9_-]{22}$/);

  // The card in every language, as a phone shows it (with E2E_SHOTS).
  if (process.env.E2E_SHOTS) {
    for (const each of LANGS) {
      await storeLanguage(page, each);
      await page.goto(withQuery(paths.commodityDetail, { id: item.id }));
      await expect(page.getByRole('heading', { name: t(each, 'certificate:title') })).toBeVisible();
      await page.locator('.certificate-card').scrollIntoViewIfNeeded();
      await shot(page, `certificate-card-${each}`);
    }
  }

  // Anyone holding the link, without JavaScript.
  const visitor = await browser.newContext({
    javaScriptEnabled: false,
    locale: 'en-US',
    viewport: { width: 360, height: 740 },
  });
  try {
    const verify = await visitor.newPage();
    await verify.goto(url);
    await expect(verify.locator('html')).toHaveAttribute('lang', 'en');
    await expect(verify.getByRole('heading', { name: 'Appraisal verification' })).toBeVisible();
    await expect(verify.getByText('Genuine', { exact: true })).toBeVisible();
    await expect(verify.getByText(item.no)).toBeVisible();
    const html = await verify.content();
    expect(html).not.toContain(customer.customer_name);
    expect(html).not.toContain(customer.customer_phone);
    // Its photo is served from the page's own address.
    const photo = verify.getByRole('img', { name: 'Photo 1 of the item' });
    await expect(photo).toBeVisible();
    expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await verify.getByRole('link', { name: '日本語' }).click();
    await expect(verify.getByText('本物', { exact: true })).toBeVisible();
    for (const each of ['zh-Hans', 'zh-Hant', 'en', 'ja']) {
      await verify.goto(`${url}?lang=${each}`);
      await shot(verify, `verify-${each}`, { fullPage: true });
    }

    // The recorder re-assesses the item: the certificate no longer stands. (A browser that has
    // the page may keep showing it for its 5 minutes of cache: a visitor arriving now.)
    await act(request, recorder, item.id, 'reassess', { revisit_type: 1, reason: 'customer asked again' });
    await verify.close();
    const later = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });
    const again = await later.newPage();
    await again.goto(`${url}?lang=en`);
    await expect(again.getByRole('heading', { name: 'This certificate has been superseded' })).toBeVisible();
    await expect(again.getByText('Genuine', { exact: true })).toHaveCount(0);
    await expect(again.getByRole('img')).toHaveCount(0);
    await shot(again, 'verify-superseded-en');
    await later.close();
  } finally {
    await visitor.close();
  }
});

test('a verified item whose serial matches a stolen-goods notice says "under review" until the shop acknowledges it', async ({
  request,
  browser,
}) => {
  const recorder = await apiLogin(request, DEMO.recorder);
  const valuer = await apiLogin(request, DEMO.valuers[0]);
  const kit = await registrationKit(request, recorder, [0x6b, 0x8e, 0x23]);
  const tag = runTag();
  const serial = `UR${tag}`.replace(/[^A-Za-z0-9]/g, '');
  const [item] = await enroll(request, recorder, [commodityBody(kit, `Under review ${tag}`, { serial_no: serial })]);
  if (!item) throw new Error('enrollment failed');
  await distribute(request, recorder, [item.id], valuer.user.id, kit.quickId);
  await appraise(request, valuer, item.id, verdict());
  const url = await certificateUrl(request, recorder, item.id);

  /** The verification page as someone holding the printed QR sees it now: a fresh browser, no JavaScript. */
  const visit = async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await page.goto(`${url}?lang=en`);
    return { page, done: () => context.close() };
  };

  const before = await visit();
  await expect(before.page.getByText('Genuine', { exact: true })).toBeVisible();
  await before.done();

  // The police's notice names the item's serial number: it matches at once.
  const reference = `KP-UNDER-REVIEW-${tag}`;
  const created = await apiCall<{ matched: number }>(request, recorder, 'POST', '/api/watch/notices', {
    source: 'police',
    reference,
    brand: '',
    model: '',
    serial_no: serial,
    engraving: '',
    description: '',
  });
  expect(created.matched).toBe(1);

  const during = await visit();
  await expect(during.page.getByRole('heading', { name: 'Under review' })).toBeVisible();
  await expect(during.page.getByText(item.no)).toBeVisible();
  await expect(during.page.getByText('Genuine', { exact: true })).toHaveCount(0);
  await expect(during.page.getByRole('img')).toHaveCount(0);
  // Nothing of the alert: its holder is not tipped off.
  expect(await during.page.content()).not.toContain(reference);
  for (const each of LANGS) {
    await during.page.goto(`${url}?lang=${each}`);
    await shot(during.page, `verify-under-review-${each}`, { fullPage: true });
  }
  await during.done();

  // A recorder acknowledges it (not the stolen item), a colleague confirms: the result is back.
  const open = await apiCall<{ items: { id: number }[] }>(
    request,
    recorder,
    'GET',
    `/api/watch/matches?status=open&commodity_id=${item.id}`,
  );
  const [match] = open.items;
  if (!match) throw new Error('no open match');
  await apiCall(request, recorder, 'POST', `/api/watch/matches/${match.id}/acknowledge`, {
    reason: 'Another serial: checked against the police photo',
    witness_mobile: DEMO.valuers[0],
    witness_password: DEMO.password,
  });
  const after = await visit();
  await expect(after.page.getByText('Genuine', { exact: true })).toBeVisible();
  await expect(after.page.getByRole('heading', { name: 'Under review' })).toHaveCount(0);
  await after.done();
});

test('a valuer chooses the photos the certificate prints; the recorder sees them, without the choice', async ({
  page,
  request,
}) => {
  const recorder = await apiLogin(request, DEMO.recorder);
  const valuer = await apiLogin(request, DEMO.valuers[0]);
  const kit = await registrationKit(request, recorder, [0x4a, 0x90, 0x2f]);
  const more = await Promise.all([
    upload(request, recorder, [0x10, 0x40, 0xa0]),
    upload(request, recorder, [0xc0, 0x30, 0x50]),
  ]);
  const photos = [kit.photo, ...more];
  const [item] = await enroll(request, recorder, [
    commodityBody(kit, `选图手镯 ${runTag()}`, { product_pics: photos }),
  ]);
  if (!item) throw new Error('enrollment failed');
  await distribute(request, recorder, [item.id], valuer.user.id, kit.quickId);
  await appraise(request, valuer, item.id, verdict());

  // The valuer sees the default (the three photos), and chooses the last one, then the first.
  await login(page, DEMO.valuers[0]);
  await page.goto(withQuery(paths.commodityDetail, { id: item.id }));
  const card = page.locator('.certificate-card');
  const shown = card.getByRole('list', { name: t(lang, 'certificate:photos.shown') });
  await expect(shown.getByRole('img')).toHaveCount(3);
  await card.getByRole('button', { name: t(lang, 'certificate:photos.choose') }).click();
  const sheet = page.getByRole('dialog', { name: t(lang, 'certificate:photos.chooseTitle') });
  const tile = (index: number) =>
    sheet.getByRole('button', { name: new RegExp(`^${t(lang, 'certificate:photos.photo', { index })}`) });
  for (const index of [1, 2, 3]) await tile(index).click();
  await expect(sheet.getByText(t(lang, 'certificate:photos.chosen', { count: 0, max: 4 }))).toBeVisible();
  await tile(3).click();
  await tile(1).click();
  await expect(tile(3)).toHaveAttribute('aria-pressed', 'true');
  await expect(tile(2)).toHaveAttribute('aria-pressed', 'false');
  expect((await seriousViolations(page, '.adm-popup')).map((v) => v.id)).toEqual([]);
  await shot(page, 'certificate-photos-sheet');
  await sheet.getByRole('button', { name: t(lang, 'certificate:photos.save') }).click();
  await expect(sheet).toBeHidden();
  await expect(card).toContainText(t(lang, 'certificate:photos.titleChosen'));
  await expect(shown.getByRole('img')).toHaveCount(2);
  const detail = await apiCall<{ certificate_pics: string[] | null }>(
    request,
    valuer,
    'GET',
    `/api/commodities/${item.id}`,
  );
  expect(detail.certificate_pics).toEqual([photos[2], photos[0]]);

  // The recorder sees which photos print, and cannot change them.
  await login(page, DEMO.recorder);
  await page.goto(withQuery(paths.commodityDetail, { id: item.id }));
  await expect(shown.getByRole('img')).toHaveCount(2);
  await expect(card.getByRole('button', { name: t(lang, 'certificate:photos.choose') })).toHaveCount(0);
});
