/**
 * The lawful part of a buyback on the recycle page (docs/decisions.md "Buying lawfully"): the
 * seller's identity check (document type, number, a photo, occupation, birth date; name and
 * address come prefilled from the customer) and the seller's signature under the declaration, on
 * the signing view the phone is handed over with.
 */
import type { Page } from '@playwright/test';
import { fillDate, type Lang, t, ui } from './app.ts';
import { dialog, footer, pick, picture } from './commodity-ui.ts';
import { expect } from './fixtures.ts';

const FORM = 'appraisal-recycle-form';
export const recycleField = (name: string) => `#${FORM}-${name}`;

export interface SellerCheck {
  documentType?: string;
  number?: string;
  /** A My Number card's expiry: the card is named by it, never by its number (issue 27 item 1). */
  expiry?: string;
  occupation?: string;
  birthDate?: string;
  /** Typed only where the customer record had none to prefill. */
  address?: string;
}

/**
 * How the seller is paid (issue 27: every buyback records it): the first choice, cash, unless one
 * is chosen already. The section shows once "buy" is chosen.
 */
export async function choosePayment(page: Page, method: 'cash' | 'bank_transfer' = 'cash') {
  const section = page.getByTestId('payment-section');
  await expect(section).toBeVisible();
  const items = section.locator('.adm-selector-item');
  if ((await section.locator('.adm-selector-item-active').count()) > 0) return;
  await items.nth(method === 'cash' ? 0 : 1).click();
  await expect(section.locator('.adm-selector-item-active')).toHaveCount(1);
}

/** Fills a new identity check; the document photo is uploaded privately and waited for. */
export async function fillIdentity(page: Page, lang: Lang, seller: SellerCheck = {}) {
  await choosePayment(page);
  const section = page.getByTestId('identity-section');
  await expect(section).toBeVisible();
  await pick(page, `${FORM}-document_type`, t(lang, `buyback:documentTypes.${seller.documentType ?? 'passport'}`));
  if (seller.documentType === 'my_number_card') {
    // No number field at all; its expiry instead, and the photo of its front only.
    await expect(page.locator(recycleField('document_number'))).toHaveCount(0);
    await expect(section.getByTestId('my-number-front-only')).toHaveText(t(lang, 'buyback:myNumberFrontOnly'));
    await fillDate(section.locator('[data-field="document_expiry"]'), seller.expiry ?? '2031-05-01');
  } else {
    await page.locator(recycleField('document_number')).fill(seller.number ?? 'TK1234567');
  }
  await section
    .locator('[data-field="document_pics"] input[data-source="gallery"]')
    .setInputFiles([await picture('passport.jpg', [0x2b, 0x4c, 0x7e])]);
  await expect(section.locator('.photo-grid__cell[data-state="done"]')).toHaveCount(1, { timeout: 30_000 });
  const address = page.locator(recycleField('address'));
  if ((await address.inputValue()) === '') await address.fill(seller.address ?? '東京都台東区上野 1-1-1');
  await page.locator(recycleField('occupation')).fill(seller.occupation ?? '会社員');
  await fillDate(section.locator('[data-field="birth_date"]'), seller.birthDate ?? '1985-06-15');
}

/**
 * The seller's signing view (issue 27 item 4): the clerk hands the phone over with the button in
 * the form's signature field; the view covers the page.
 */
export async function openSigning(page: Page) {
  await page.getByTestId('signing-start').click();
  await expect(page.getByTestId('signing-view')).toBeVisible();
}

/** Draws a signature on the signing view's pad with the mouse: two strokes across it. */
export async function drawSignature(page: Page) {
  const canvas = page.getByTestId('signing-view').locator(recycleField('signature'));
  await canvas.scrollIntoViewIfNeeded();
  const box = await canvas.boundingBox();
  if (!box) throw new Error('no signature pad');
  const at = (x: number, y: number) => [box.x + box.width * x, box.y + box.height * y] as const;
  for (const stroke of [
    [at(0.1, 0.6), at(0.3, 0.3), at(0.5, 0.7), at(0.7, 0.3)],
    [at(0.2, 0.8), at(0.8, 0.75)],
  ]) {
    const [first, ...rest] = stroke;
    if (!first) continue;
    await page.mouse.move(...first);
    await page.mouse.down();
    for (const point of rest) await page.mouse.move(...point, { steps: 6 });
    await page.mouse.up();
  }
}

/** The seller signs the declaration and hands the phone back; the clerk's page shows again. */
export async function finishSigning(page: Page) {
  await page.getByTestId('signing-done').click();
  await page.getByTestId('signing-hand-back').click();
  await expect(page.getByTestId('signing-view')).toHaveCount(0);
  await expect(page.getByTestId('declaration-status')).toHaveAttribute('data-signed', 'true');
}

/** The whole signing step: hand over, sign under the declaration in the app's language, hand back. */
export async function sign(page: Page) {
  await choosePayment(page);
  await openSigning(page);
  await drawSignature(page);
  await finishSigning(page);
}

/** The footer's submit, then the dialog's confirmation naming the item; the toast says it is bought. */
export async function confirmBuy(page: Page, lang: Lang, no: string) {
  await footer(page)
    .getByRole('button', { name: t(lang, 'appraisal:recycle.submitBuy') })
    .click();
  await expect(dialog(page)).toContainText(no);
  await dialog(page)
    .getByRole('button', { name: t(lang, 'appraisal:recycle.submitBuy') })
    .click();
  await expect(ui.toast(page, t(lang, 'appraisal:recycle.bought'))).toBeVisible();
}
