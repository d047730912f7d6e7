/**
 * A lawful buyback at a phone viewport (issue 13; docs/decisions.md "Buying lawfully: identity
 * check and signature"): an item brought to "identified" through the API; on the recycle page
 * the recorder chooses to buy, and the seller's identity check appears: a birth date under 18 is
 * refused at its field; then document type, number, a document photo (uploaded privately),
 * occupation and birth date, and a signature drawn on the canvas; confirmed, the detail shows
 * the item recycled, and the ledger holds its entry. A second item of the same seller reuses
 * today's check. Screenshots in Chinese and Japanese go to E2E_SHOTS.
 */
import type { Page } from '@playwright/test';
import { apiCall, fillDate, type Lang, t, ui } from './app.ts';
import { confirmBuy, drawSignature, fillIdentity, openSigning, recycleField, sign } from './buyback-ui.ts';
import { PHONE_VIEWPORT } from './chromium.ts';
import { appraise, commodityBody, distribute, enroll, registrationKit, runTag, verdict } from './commodity-api.ts';
import {
  detailPath,
  dialog,
  dictionary,
  footer,
  option,
  personPage,
  pick,
  recyclePath,
  setLanguage,
} from './commodity-ui.ts';
import { apiLogin, DEMO, expect, SHOTS_DIR, shot, test } from './fixtures.ts';

interface Detail {
  status: number;
  recycle: { is_recycle: number; price: number | null; currency: string | null } | null;
}

/** Each screen of the page as a person scrolls it, at 390 and 360 px wide (the footer where it really is). */
async function shootScrolled(page: Page, name: string) {
  if (!SHOTS_DIR) return;
  for (const viewport of [PHONE_VIEWPORT, { width: 360, height: 740 }]) {
    await page.setViewportSize(viewport);
    await expect(page.locator('.adm-toast-main')).toHaveCount(0, { timeout: 5000 });
    // With a footer the page's main part scrolls, between the bars.
    const main = page.locator('.page__content');
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const [height, shown] = await main.evaluate((element) => [element.scrollHeight, element.clientHeight]);
    const step = Math.max(shown - 80, 200);
    for (let index = 0, top = 0; top < height && index < 12; index += 1, top += step) {
      await main.evaluate((element, y) => element.scrollTo({ top: y, behavior: 'instant' }), top);
      await shot(page, `${name}-${viewport.width}-${index}`);
      if (top + shown >= height) break;
    }
    await main.evaluate((element) => element.scrollTo({ top: 0, behavior: 'instant' }));
  }
  await page.setViewportSize(PHONE_VIEWPORT);
}

test('a buyback checks the seller, refuses a minor, takes a signature, and reuses today’s check', async ({
  openPhone,
  request,
}) => {
  const recorder = await apiLogin(request, DEMO.recorder);
  const valuer = await apiLogin(request, DEMO.valuers[0] ?? '');
  const kit = await registrationKit(request, recorder, [0x6a, 0x3d, 0x9a]);
  const tag = runTag();
  const customer = { customer_name: `田中${tag}`, customer_address: '東京都中央区銀座 2-2' };
  // Two items of one visit: the second reuses the first's check.
  const items = await enroll(
    request,
    recorder,
    [commodityBody(kit, `指輪 ${tag}`), commodityBody(kit, `ネックレス ${tag}`)],
    { customer },
  );
  await distribute(
    request,
    recorder,
    items.map((item) => item.id),
    valuer.user.id,
    kit.quickId,
  );
  for (const item of items) await appraise(request, valuer, item.id, verdict());
  const [ring, necklace] = items;
  if (!ring || !necklace) throw new Error('two items');

  let lang: Lang = 'zh-Hans';
  const zh = await dictionary(request, recorder, lang);
  const page = await personPage(openPhone, recorder, lang);
  await page.goto(recyclePath(ring.id));
  await expect(ui.title(page)).toHaveText(t(lang, 'titles.commodityRecycle'));
  await option(page, t(lang, 'appraisal:recycle.isRecycle'), zh('recycle', 'is_recycle', 1)).click();
  await page.getByRole('textbox', { name: t(lang, 'appraisal:recycle.price'), exact: true }).fill('8000');

  // The check appears, name and address prefilled from the customer.
  const section = page.getByTestId('identity-section');
  await expect(section).toContainText(t(lang, 'buyback:identityTitle'));
  await expect(page.locator(recycleField('name'))).toHaveValue(customer.customer_name);
  await expect(page.locator(recycleField('address'))).toHaveValue(customer.customer_address);
  await shootScrolled(page, 'buyback-empty-zh-Hans');

  // A seller of 17 is refused at the birth date, and nothing is sent.
  const today = new Date();
  const minor = `${today.getFullYear() - 17}-01-01`;
  await fillIdentity(page, lang, { birthDate: minor });
  await sign(page);
  await footer(page)
    .getByRole('button', { name: t(lang, 'appraisal:recycle.submitBuy') })
    .click();
  await expect(page.locator('[data-field="birth_date"]')).toContainText(
    t(lang, 'buyback:problems.tooYoung', { age: 18 }),
  );
  await expect(dialog(page)).toHaveCount(0);
  await shootScrolled(page, 'buyback-refused-zh-Hans');

  // In Japanese now: the same form, an adult's birth date, the signature drawn again.
  lang = 'ja';
  await setLanguage(page, lang);
  const ja = await dictionary(request, recorder, lang);
  await option(page, t(lang, 'appraisal:recycle.isRecycle'), ja('recycle', 'is_recycle', 1)).click();
  await page.getByRole('textbox', { name: t(lang, 'appraisal:recycle.price'), exact: true }).fill('8000');
  // An Individual Number typed for a passport is refused at its field, saying why (issue 27 item 1):
  // 12345678901 has the check digit 8 (worked by hand from 番号法施行令 §8).
  await fillIdentity(page, lang, { documentType: 'passport', number: '1234 5678 9018', birthDate: '1985-06-15' });
  await footer(page)
    .getByRole('button', { name: t(lang, 'appraisal:recycle.submitBuy') })
    .click();
  await expect(page.locator('[data-field="document_number"]')).toContainText(
    t(lang, 'buyback:problems.individualNumber'),
  );
  await expect(dialog(page)).toHaveCount(0);
  // The My Number card instead: no number field, its expiry, a warning to photograph the front only.
  await pick(page, 'appraisal-recycle-form-document_type', t(lang, 'buyback:documentTypes.my_number_card'));
  await expect(page.locator(recycleField('document_number'))).toHaveCount(0);
  await expect(page.getByTestId('my-number-front-only')).toHaveText(t(lang, 'buyback:myNumberFrontOnly'));
  await fillDate(page.locator('[data-field="document_expiry"]'), '2031-05-01');
  await shootScrolled(page, 'buyback-my-number-ja');
  // Clearing the pad leaves nothing signed: the form asks for the signature.
  await openSigning(page);
  await drawSignature(page);
  await page
    .getByTestId('signing-view')
    .getByRole('button', { name: t(lang, 'buyback:clearSignature') })
    .click();
  await expect(page.getByTestId('signing-done')).toBeDisabled();
  await page.getByTestId('signing-back').click();
  await footer(page)
    .getByRole('button', { name: t(lang, 'appraisal:recycle.submitBuy') })
    .click();
  await expect(page.locator('[data-field="signature"]')).toContainText(t(lang, 'buyback:problems.signatureRequired'));
  await sign(page);
  await shootScrolled(page, 'buyback-filled-ja');
  await confirmBuy(page, lang, ring.no);

  // The detail shows it recycled.
  await expect(page).toHaveURL(detailPath(ring.id));
  await expect(page.getByRole('main').locator('.commodity-status-tag').first()).toHaveText(
    ja('identify_product', 'status', 80),
  );
  const bought = await apiCall<Detail>(request, recorder, 'GET', `/api/commodities/${ring.id}`);
  expect(bought).toMatchObject({ status: 80, recycle: { is_recycle: 1, price: 8000, currency: 'CNY' } });

  // The second item of the same seller: today's check is offered and reused.
  await page.goto(recyclePath(necklace.id));
  await option(page, t(lang, 'appraisal:recycle.isRecycle'), ja('recycle', 'is_recycle', 1)).click();
  await page.getByRole('textbox', { name: t(lang, 'appraisal:recycle.price'), exact: true }).fill('6000');
  const reuse = page
    .getByRole('group', { name: t(lang, 'buyback:todaysCheck'), exact: true })
    .locator('.adm-selector-item')
    .filter({ hasText: t(lang, 'buyback:documentTypes.my_number_card') });
  await expect(reuse).not.toContainText('****');
  await reuse.click();
  await expect(page.locator(recycleField('document_number'))).toHaveCount(0);
  await sign(page);
  await shootScrolled(page, 'buyback-reuse-ja');
  await confirmBuy(page, lang, necklace.no);
  await expect(page).toHaveURL(detailPath(necklace.id));
  const second = await apiCall<Detail>(request, recorder, 'GET', `/api/commodities/${necklace.id}`);
  expect(second.status).toBe(80);
});
