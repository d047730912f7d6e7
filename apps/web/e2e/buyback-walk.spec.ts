/**
 * A new user's walk through a lawful buyback (issue 27, "Must show"), in Japanese and in
 * Chinese, on a server of its own whose rule is the one the issue tried:
 * `ID_CHECK=above:CNY=5000,JPY=10000`. One seller brings three rings (no precious metal, so no
 * check at any price) and sells them at 2,000 CNY each:
 * - the first matches an open stolen-goods notice: the alert comes first and the buyback form is
 *   locked until a colleague confirms the acknowledgement with their own password (item 7);
 * - the first two are under the threshold, the visit's total shown (item 3);
 * - the third brings the visit to 6,000 CNY: the check is required; an Individual Number typed as
 *   a passport number is refused, and the seller shows a My Number card, named by its expiry,
 *   photographed on its front only (item 1);
 * - each sale is signed under the declaration on the seller's view (item 4);
 * - the ledger, an entry, and the ledger's PDF export (rendered to PNG with poppler's pdftoppm).
 * A walk to look at: it runs only with E2E_SHOTS, which names the folder of its screenshots.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { apiCall, fillDate, type Lang, t, ui } from './app.ts';
import { choosePayment, confirmBuy, drawSignature, fillIdentity, finishSigning, openSigning } from './buyback-ui.ts';
import { appraise, commodityBody, distribute, enroll, registrationKit, runTag, verdict } from './commodity-api.ts';
import { dictionary, footer, option, personPage, pick, recyclePath } from './commodity-ui.ts';
import { apiLogin, DEMO, expect, SHOTS_DIR, shot, test } from './fixtures.ts';
import { ownServerFor } from './own-server.ts';
import { serverPort } from './servers.ts';

// Beside the workers' servers (own-server.ts).
const OFFSET = 50;
const walkURL = `http://127.0.0.1:${serverPort(0) + OFFSET}`;

test.skip(!SHOTS_DIR, 'a walk to look at: E2E_SHOTS=<folder> saves its screenshots');
test.use({ baseURL: walkURL });

ownServerFor(OFFSET, { ID_CHECK: 'above:CNY=5000,JPY=10000' });

const SELLERS: Record<'ja' | 'zh-Hans', { customer_name: string; customer_address: string }> = {
  ja: { customer_name: '佐藤', customer_address: '東京都台東区上野 1-1-1' },
  'zh-Hans': { customer_name: '王芳', customer_address: '上海市黄浦区南京东路 100 号' },
};

/** The recycle page of `id`, "buy" chosen at 2,000 CNY. */
async function buyAt2000(page: Page, lang: Lang, labels: (group: string, key: string, value: number) => string) {
  await expect(ui.title(page)).toHaveText(t(lang, 'titles.commodityRecycle'));
  await option(page, t(lang, 'appraisal:recycle.isRecycle'), labels('recycle', 'is_recycle', 1)).click();
  await page.getByRole('textbox', { name: t(lang, 'appraisal:recycle.price'), exact: true }).fill('2000');
  await choosePayment(page);
}

/** The page's scrolling part brought to `locator`, then a screenshot. */
async function shotAt(page: Page, name: string, testId: string) {
  await page.getByTestId(testId).first().scrollIntoViewIfNeeded();
  await shot(page, name);
}

/** The seller signs under the declaration (a picture of the view first). */
async function signWithPicture(page: Page, name: string) {
  await openSigning(page);
  await shot(page, name);
  await drawSignature(page);
  await finishSigning(page);
}

for (const lang of ['ja', 'zh-Hans'] as const) {
  test(`a seller with a watched ring, a My Number card and three items under the threshold (${lang})`, async ({
    openPhone,
    request,
  }) => {
    test.setTimeout(240_000);
    const name = (step: string) => `walk-${lang}-${step}`;
    const recorder = await apiLogin(request, DEMO.recorder);
    const valuer = await apiLogin(request, DEMO.valuers[0] ?? '');
    const kit = await registrationKit(request, recorder, [0x5a, 0x3c, 0x8e]);
    const tag = runTag();
    const seller = { ...SELLERS[lang], customer_name: `${SELLERS[lang].customer_name}${tag}` };

    // A police notice for a ring, its serial as the police wrote it.
    await apiCall(request, recorder, 'POST', '/api/watch/notices', {
      source: 'police',
      reference: `KP-${tag}`,
      brand: 'Cartier',
      model: 'Trinity',
      serial_no: `WK${tag}77`,
      engraving: '',
      description: '',
    });
    const items = await enroll(
      request,
      recorder,
      [
        commodityBody(kit, `Ring A ${tag}`, { serial_no: `wk-${tag}-77` }),
        commodityBody(kit, `Ring B ${tag}`),
        commodityBody(kit, `Ring C ${tag}`),
      ],
      { customer: seller },
    );
    await distribute(
      request,
      recorder,
      items.map((item) => item.id),
      valuer.user.id,
      kit.quickId,
    );
    for (const item of items) await appraise(request, valuer, item.id, verdict());
    const [watched, second, third] = items;
    if (!watched || !second || !third) throw new Error('three items');

    const labels = await dictionary(request, recorder, lang);
    const page = await personPage(openPhone, recorder, lang);

    // 1. The watched ring: the alert first, the form locked.
    await page.goto(recyclePath(watched.id));
    const banner = page.getByRole('alert').filter({ hasText: t(lang, 'watch:banner.title') });
    await expect(banner).toBeVisible();
    await shot(page, name('1-alert'));
    await buyAt2000(page, lang, labels);
    await expect(page.getByTestId('buyback-lawful')).toHaveAttribute('disabled', '');
    await expect(footer(page).getByRole('button', { name: t(lang, 'appraisal:recycle.submitBuy') })).toBeDisabled();
    await shotAt(page, name('2-locked'), 'watch-lock-note');
    await banner.getByRole('button', { name: t(lang, 'watch:alerts.acknowledge') }).click();
    const ack = page.getByRole('dialog', { name: t(lang, 'watch:alerts.ackTitle', { number: watched.no }) });
    await ack
      .getByLabel(t(lang, 'watch:alerts.reasonLabel'))
      .fill(
        lang === 'ja'
          ? '上野署に照会済み：別の品と確認\n担当：生活安全課'
          : '已向派出所核实：并非通报物品\n经办：治安科',
      );
    await ack.getByLabel(t(lang, 'watch:alerts.witnessMobile')).fill(DEMO.valuers[0] ?? '');
    await ack.getByLabel(t(lang, 'watch:alerts.witnessPassword')).fill(DEMO.password);
    await shot(page, name('3-acknowledge'));
    await ack.getByRole('button', { name: t(lang, 'watch:alerts.submitAck') }).click();
    await expect(ui.toast(page, t(lang, 'watch:alerts.acknowledged'))).toBeVisible();
    await expect(page.getByTestId('buyback-lawful')).not.toHaveAttribute('disabled');
    // 2,000 CNY alone is under the threshold: no check.
    await expect(page.getByTestId('identity-not-required')).toBeVisible();
    await shotAt(page, name('4-unlocked'), 'identity-not-required');
    await signWithPicture(page, name('5-declaration'));
    await confirmBuy(page, lang, watched.no);

    // 2. The second ring: still under it, the visit's 2,000 so far shown.
    await page.goto(recyclePath(second.id));
    await buyAt2000(page, lang, labels);
    await expect(page.getByTestId('identity-visit-total')).toBeVisible();
    await shotAt(page, name('6-visit-total'), 'identity-visit-total');
    await signWithPicture(page, name('7-declaration'));
    await confirmBuy(page, lang, second.no);

    // 3. The third: the visit reaches 6,000, the check is required.
    await page.goto(recyclePath(third.id));
    await buyAt2000(page, lang, labels);
    await expect(page.getByTestId('identity-section')).toBeVisible();
    await shotAt(page, name('8-check-required'), 'identity-section');
    // 123456789018: an Individual Number (check digit 8, worked by hand from 番号法施行令 §8).
    await fillIdentity(page, lang, { documentType: 'passport', number: '1234 5678 9018' });
    await footer(page)
      .getByRole('button', { name: t(lang, 'appraisal:recycle.submitBuy') })
      .click();
    await expect(page.locator('[data-field="document_number"]')).toContainText(
      t(lang, 'buyback:problems.individualNumber'),
    );
    await shotAt(page, name('9-individual-number-refused'), 'identity-section');
    await pick(page, 'appraisal-recycle-form-document_type', t(lang, 'buyback:documentTypes.my_number_card'));
    await fillDate(page.locator('[data-field="document_expiry"]'), '2031-05-01');
    await shotAt(page, name('10-my-number-card'), 'my-number-front-only');
    await signWithPicture(page, name('11-declaration'));
    await confirmBuy(page, lang, third.no);

    // 4. The ledger: three entries of the visit, the last with the card by its expiry.
    const ledger = await apiCall<{ items: { id: number; commodity_no: string; identity_method: string }[] }>(
      request,
      recorder,
      'GET',
      '/api/ledger/entries',
    );
    const entries = ledger.items.filter((entry) => items.some((item) => item.no === entry.commodity_no));
    expect(entries).toHaveLength(3);
    await page.goto('/pages-sub/ledger/index');
    await expect(page.getByTestId('ledger-card').first()).toBeVisible();
    await shot(page, name('12-ledger'));
    const last = entries.find((entry) => entry.commodity_no === third.no);
    await page.goto(`/pages-sub/ledger/entry?id=${last?.id}`);
    await expect(page.getByTestId('ledger-declaration')).toBeVisible();
    await shot(page, name('13-entry'));
    await page.getByTestId('ledger-declaration').scrollIntoViewIfNeeded();
    await shot(page, name('14-entry-declaration'));

    // The ledger as the police would be handed it: the PDF, each page as a picture.
    const pdf = await request.get(`/api/ledger/export?format=pdf&lang=${lang}`, {
      headers: { Authorization: `Bearer ${recorder.token}` },
    });
    expect(pdf.headers()['content-type']).toContain('application/pdf');
    const file = path.join(SHOTS_DIR, `${name('15-ledger')}.pdf`);
    writeFileSync(file, await pdf.body());
    execFileSync('pdftoppm', ['-png', '-r', '90', file, file.replace(/\.pdf$/, '')]);
  });
}
