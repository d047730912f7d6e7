/**
 * Money laundering at the counter (issue 27 item 2; docs/decisions.md "What the law asks at the
 * counter: money laundering") at a phone's size, in Japanese: the recycle page asks how the
 * seller is paid; an 18K gold bracelet bought for 2,500,000 JPY in cash (above the Act's
 * 2,000,000) asks the purpose of the transaction, a bank transfer does not. On the ledger the
 * entry shows the payment and the verification; the recorder flags it as suspicious, another
 * staff recorder reviews it as "report", and the review list shows it to report.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { apiCall, type Lang, t, ui } from './app.ts';
import { choosePayment, fillIdentity, recycleField, sign } from './buyback-ui.ts';
import { appraise, distribute, enroll, goldBracelet, registrationKit, runTag, verdict } from './commodity-api.ts';
import { dialog, dictionary, footer, option, personPage, pick, recyclePath } from './commodity-ui.ts';
import { apiLogin, DEMO, expect, shot, test } from './fixtures.ts';

const lang: Lang = 'ja';
const REVIEWER = { mobile: '13800000071', name: '鈴木 花子' };

/**
 * A second staff recorder, the reviewer (PRODUCT.md has one demo recorder): made with the
 * operator's `create-user`, which reaches the journey's server through its data directory.
 */
function createReviewer(port: string) {
  const serverDir = fileURLToPath(new URL('../../server', import.meta.url));
  let dataDir = '';
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const env = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
      const dir = env.find((entry) => entry.startsWith('DATA_DIR='))?.slice('DATA_DIR='.length) ?? '';
      if (env.includes(`PORT=${port}`) && path.basename(dir).startsWith('jewel-e2e-')) dataDir = dir;
    } catch {
      // Another user's process, or one that ended.
    }
  }
  if (!dataDir) throw new Error(`no journey server on port ${port}`);
  try {
    execFileSync(
      process.execPath,
      ['src/cli.ts', 'create-user', '--mobile', REVIEWER.mobile, '--name', REVIEWER.name, '--password', DEMO.password],
      { cwd: serverDir, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' }, stdio: 'pipe' },
    );
  } catch (error) {
    // A second run on the same server finds the reviewer there already.
    if (!String((error as { stderr?: Buffer }).stderr ?? '').includes('already in use')) throw error;
  }
}

const submitBuy = (page: Page) =>
  footer(page)
    .getByRole('button', { name: t(lang, 'appraisal:recycle.submitBuy') })
    .click();

test('the payment method, the purpose above 2,000,000 JPY in cash, and a suspicious flag reviewed', async ({
  openPhone,
  request,
}) => {
  const recorder = await apiLogin(request, DEMO.recorder);
  const valuer = await apiLogin(request, DEMO.valuers[0] ?? '');
  const kit = await registrationKit(request, recorder, [0x5a, 0x2d, 0x8a]);
  const tag = runTag();
  const [item] = await enroll(request, recorder, [goldBracelet(kit, `K18 ブレスレット ${tag}`)], {
    customer: { customer_name: `高橋${tag}`, customer_address: '東京都台東区上野 3-3-3' },
  });
  if (!item) throw new Error('enrollment failed');
  await distribute(request, recorder, [item.id], valuer.user.id, kit.quickId);
  await appraise(request, valuer, item.id, verdict());

  const ja = await dictionary(request, recorder, lang);
  const page = await personPage(openPhone, recorder, lang);
  await page.goto(recyclePath(item.id));
  await option(page, t(lang, 'appraisal:recycle.isRecycle'), ja('recycle', 'is_recycle', 1)).click();
  await pick(page, 'appraisal-recycle-form-currency', ja('common', 'currency', 'JPY'));
  await page.getByRole('textbox', { name: t(lang, 'appraisal:recycle.price'), exact: true }).fill('2500000');

  // The payment is a clear choice, required: sent without it, its field says so.
  const payment = page.getByTestId('payment-section');
  await expect(payment).toContainText(t(lang, 'buyback:payment.method'));
  await expect(payment.getByTestId('aml-rule')).toBeVisible();
  await submitBuy(page);
  await expect(page.locator('[data-field="payment_method"]')).toContainText(t(lang, 'buyback:problems.chooseOne'));
  await expect(dialog(page)).toHaveCount(0);

  // A bank transfer: no purpose asked. Cash above 2,000,000: the purpose is asked.
  await choosePayment(page, 'bank_transfer');
  await expect(page.getByTestId('aml-required')).toHaveCount(0);
  await payment
    .locator('.adm-selector-item')
    .filter({ hasText: t(lang, 'buyback:payment.methods.cash') })
    .click();
  await expect(page.getByTestId('aml-required')).toBeVisible();
  await fillIdentity(page, lang);
  await submitBuy(page);
  await expect(page.locator('[data-field="transaction_purpose"]')).toContainText(t(lang, 'buyback:problems.required'));
  await page.locator(recycleField('transaction_purpose')).fill('相続品の売却');
  await shot(page, 'aml-purpose-ja');
  await sign(page);
  await submitBuy(page);
  await dialog(page)
    .getByRole('button', { name: t(lang, 'appraisal:recycle.submitBuy') })
    .click();
  await expect(ui.toast(page, t(lang, 'appraisal:recycle.bought'))).toBeVisible();

  const { items } = await apiCall<{
    items: { id: number; commodity_no: string; payment_method: string; aml_verified: boolean }[];
  }>(request, recorder, 'GET', '/api/ledger/entries?limit=50');
  const entry = items.find((row) => row.commodity_no === item.no);
  expect(entry).toMatchObject({ payment_method: 'cash', aml_verified: true });

  // The entry shows the payment and the verification; the recorder flags it.
  await page.goto(`/pages-sub/ledger/entry?id=${entry?.id}`);
  await expect(page.getByRole('main')).toContainText(t(lang, 'ledger:payment.amlVerified'));
  await expect(page.getByRole('main')).toContainText('相続品の売却');
  const flags = page.getByTestId('entry-flags');
  await flags.getByRole('button', { name: t(lang, 'ledger:suspicious.flag') }).click();
  await flags.getByRole('button', { name: t(lang, 'ledger:suspicious.submitFlag') }).click();
  await expect(flags.locator('[data-field="suspicious-reason"]')).toContainText(
    t(lang, 'ledger:suspicious.reasonRequired'),
  );
  await page.locator('#suspicious-reason').fill('出所の説明があいまい');
  await flags.getByRole('button', { name: t(lang, 'ledger:suspicious.submitFlag') }).click();
  await expect(ui.toast(page, t(lang, 'ledger:suspicious.flagged'))).toBeVisible();
  await expect(flags.getByTestId('suspicious-flag')).toContainText(t(lang, 'ledger:suspicious.othersReview'));
  await shot(page, 'aml-flagged-ja');

  // Another staff recorder reviews it from the ledger's review list: "report", with a note.
  createReviewer(new URL(page.url()).port);
  const reviewer = await apiLogin(request, REVIEWER.mobile);
  const second = await personPage(openPhone, reviewer, lang);
  await second.goto('/pages-sub/ledger/index?view=flags');
  const list = second.getByTestId('suspicious-list');
  const card = list.getByTestId('suspicious-flag').filter({ hasText: item.no });
  await expect(card).toContainText('出所の説明があいまい');
  await card
    .locator('.adm-selector-item')
    .filter({ hasText: t(lang, 'ledger:suspicious.decisions.report') })
    .click();
  await card.locator('textarea:not([aria-hidden])').fill('警察へ届出');
  await card.getByRole('button', { name: t(lang, 'ledger:suspicious.submitReview') }).click();
  await expect(ui.toast(second, t(lang, 'ledger:suspicious.reviewed'))).toBeVisible();
  await list
    .locator('.adm-selector-item')
    .filter({ hasText: t(lang, 'ledger:suspicious.status.report') })
    .click();
  await expect(list.getByTestId('suspicious-flag').filter({ hasText: item.no })).toContainText('警察へ届出');
  await shot(second, 'aml-review-list-ja');
});
