/**
 * The seller's signed declaration (issue 27 item 4; 古物営業法 §15(1), 施行規則 §15): on the recycle
 * page the clerk hands the phone over; a full-screen view shows the declaration with the seller's
 * name, address, occupation and age, the item with its price, and "I own these items and sell
 * them of my own will", in the language the seller picks, the signature pad under it; the
 * clerk's page (the document number, the item's number) is hidden; the seller hands the phone
 * back. The ledger entry shows the declaration exactly as signed.
 */
import { apiCall, t, ui } from './app.ts';
import { drawSignature, fillIdentity, openSigning, recycleField } from './buyback-ui.ts';
import { appraise, commodityBody, distribute, enroll, registrationKit, runTag, verdict } from './commodity-api.ts';
import { dialog, dictionary, footer, option, personPage, recyclePath } from './commodity-ui.ts';
import { apiLogin, DEMO, expect, shot, test } from './fixtures.ts';

/** The statements as the issue asks them ("I own these items and sell them of my own will"). */
const STATEMENT = {
  ja: '私は、上記の品物が私の所有物であることに相違なく、私自身の意思により貴店に売却いたします。',
  en: 'I declare that I own the items listed above and that I sell them to this shop of my own free will.',
};

test('the seller reads and signs the declaration in their language on a view that hides the clerk’s data', async ({
  openPhone,
  request,
}) => {
  const recorder = await apiLogin(request, DEMO.recorder);
  const valuer = await apiLogin(request, DEMO.valuers[0] ?? '');
  const kit = await registrationKit(request, recorder, [0x3a, 0x6d, 0x2a]);
  const tag = runTag();
  const seller = { customer_name: `山本${tag}`, customer_address: '大阪府大阪市北区梅田 1-1' };
  const [ring] = await enroll(request, recorder, [commodityBody(kit, `リング ${tag}`)], { customer: seller });
  if (!ring) throw new Error('one item');
  await distribute(request, recorder, [ring.id], valuer.user.id, kit.quickId);
  await appraise(request, valuer, ring.id, verdict());

  const lang = 'ja';
  const ja = await dictionary(request, recorder, lang);
  const page = await personPage(openPhone, recorder, lang);
  await page.goto(recyclePath(ring.id));
  await option(page, t(lang, 'appraisal:recycle.isRecycle'), ja('recycle', 'is_recycle', 1)).click();
  await page.getByRole('textbox', { name: t(lang, 'appraisal:recycle.price'), exact: true }).fill('8000');
  // Paid in cash (issue 27 item 2, the payment method every buyback records).
  const cash = page.getByRole('option', { name: t(lang, 'buyback:payment.methods.cash') });
  if ((await cash.count()) > 0) await cash.click();
  // 41 on every day of this year: born on 1 January 41 years ago.
  const birthDate = `${new Date().getFullYear() - 41}-01-01`;
  await fillIdentity(page, lang, { number: 'TK7654321', occupation: '自営業', birthDate });
  await expect(page.locator(recycleField('document_number'))).toBeVisible();
  await expect(page.getByText(ring.no).first()).toBeVisible();

  // Handed over: the declaration in the app's language, the clerk's page gone.
  await openSigning(page);
  const view = page.getByTestId('signing-view');
  const declaration = view.getByTestId('declaration-text');
  for (const line of [
    `氏名：山本${tag}`,
    '住所：大阪府大阪市北区梅田 1-1',
    '職業：自営業',
    '年齢：41歳',
    `リング ${tag}`,
    '8,000.00 CNY',
    STATEMENT.ja,
  ]) {
    await expect(declaration).toContainText(line);
  }
  await expect(page.locator(recycleField('document_number'))).toBeHidden();
  await expect(page.getByText(ring.no)).toBeHidden();
  await expect(page.getByText('TK7654321')).toHaveCount(0);
  await expect(footer(page)).toBeHidden();
  await shot(page, 'declaration-signing-ja');

  // The seller reads English: the declaration and the view's own words follow.
  await view.getByRole('button', { name: 'English', exact: true }).click();
  await expect(view.getByRole('button', { name: 'English', exact: true })).toHaveAttribute('aria-pressed', 'true');
  for (const line of [
    `Name: 山本${tag}`,
    'Address: 大阪府大阪市北区梅田 1-1',
    'Occupation: 自営業',
    'Age: 41',
    '8,000.00 CNY',
    STATEMENT.en,
  ]) {
    await expect(declaration).toContainText(line);
  }
  await expect(view.getByTestId('signing-done')).toHaveText(t('en', 'buyback:declaration.done'));
  await drawSignature(page);
  await shot(page, 'declaration-signed-en');
  await view.getByTestId('signing-done').click();

  // The hand-back step, then the clerk's page again, signed.
  await expect(view).toContainText(t('en', 'buyback:declaration.handBack'));
  await view.getByRole('button', { name: t(lang, 'buyback:declaration.staffContinue') }).click();
  await expect(page.getByTestId('signing-view')).toHaveCount(0);
  await expect(page.getByTestId('declaration-status')).toHaveText(
    t(lang, 'buyback:declaration.signedIn', { language: 'English' }),
  );
  await footer(page)
    .getByRole('button', { name: t(lang, 'appraisal:recycle.submitBuy') })
    .click();
  await dialog(page)
    .getByRole('button', { name: t(lang, 'appraisal:recycle.submitBuy') })
    .click();
  await expect(ui.toast(page, t(lang, 'appraisal:recycle.bought'))).toBeVisible();

  // The ledger entry holds the declaration as signed, in English, and shows it.
  const ledger = await apiCall<{ items: { id: number; commodity_no: string }[] }>(
    request,
    recorder,
    'GET',
    '/api/ledger/entries',
  );
  const entryId = ledger.items.find((item) => item.commodity_no === ring.no)?.id;
  expect(entryId).toBeDefined();
  const entry = await apiCall<{ declaration_text: string; declaration_lang: string }>(
    request,
    recorder,
    'GET',
    `/api/ledger/entries/${entryId}`,
  );
  expect(entry.declaration_lang).toBe('en');
  expect(entry.declaration_text).toContain(`Name: 山本${tag}`);
  expect(entry.declaration_text).toContain(STATEMENT.en);
  await page.goto(`/pages-sub/ledger/entry?id=${entryId}`);
  const shown = page.getByTestId('ledger-declaration');
  await expect(shown).toContainText(`Name: 山本${tag}`);
  await expect(shown).toContainText('Age: 41');
  await expect(shown).toContainText(STATEMENT.en);
  await expect(page.getByRole('main')).toContainText(t(lang, 'ledger:detail.declaration', { language: 'English' }));
  await shot(page, 'declaration-ledger-entry-ja');
});
