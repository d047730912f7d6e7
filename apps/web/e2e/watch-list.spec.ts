/**
 * The stolen-goods watch list (issue 13 item 6, PRODUCT.md "Stolen-goods watch list"; issue 27
 * items 7 and 9) at a phone's size: a recorder adds a notice by hand and imports one from CSV,
 * then withdraws that one with a reason; an item registered with the serial "ab-12 34" matches
 * the notice "AB1234"; the recorder sees the alert, and on the buyback page the alert comes
 * first, with the seller's identity, the signature and the confirmation disabled; a colleague
 * confirms the acknowledgement with their own password (a wrong one is refused), the form opens,
 * and the buyback goes through.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { apiCall, type Lang, storeLanguage, t, ui } from './app.ts';
import { fillIdentity, recycleField, sign } from './buyback-ui.ts';
import { appraise, enrollAndDistribute, goldBracelet, registrationKit, runTag } from './commodity-api.ts';
import { detailPath, dialog, dictionary, footer, option, recyclePath } from './commodity-ui.ts';
import { apiLogin, DEMO, expect, login, shot, test } from './fixtures.ts';

const WATCH = '/pages-sub/watchList/index';

/** The watch list in `lang`, at one of its tabs. */
async function openWatchList(page: Page, lang: Lang, tab?: 'history' | 'notices') {
  await page.goto(tab ? `${WATCH}?tab=${tab}` : WATCH);
  await expect(ui.title(page)).toHaveText(t(lang, 'titles.watchList'));
}

test('a watch-list match locks the buyback until a recorder and a colleague acknowledge it', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  let lang: Lang = 'zh-Hans';
  const tag = runTag();
  const recorder = await login(page, DEMO.recorder);
  const valuer = await apiLogin(request, DEMO.valuers[0]);

  // ---- a notice typed in from the police's letter ----
  // Other journeys on the same server may have left alerts open: this one counts from theirs.
  const openBefore = (await apiCall<{ items: unknown[] }>(request, recorder, 'GET', '/api/watch/matches?status=open'))
    .items.length;
  await openWatchList(page, lang);
  await expect(page.getByText(t(lang, 'watch:alerts.empty')).or(page.getByTestId('watch-match')).first()).toBeVisible();
  await page.getByRole('button', { name: t(lang, 'watch:notices.add') }).click();
  const sheet = page.getByRole('dialog', { name: t(lang, 'watch:form.title') });
  await expect(sheet).toBeVisible();
  // Nothing to recognise the item by: refused in words under the serial number.
  await sheet.getByLabel(t(lang, 'watch:fields.brand'), { exact: true }).fill('Rolex');
  await sheet.getByRole('button', { name: t(lang, 'watch:form.submit') }).click();
  await expect(sheet.getByText(t(lang, 'watch:form.markRequired'))).toBeVisible();
  await sheet.getByLabel(t(lang, 'watch:fields.reference'), { exact: true }).fill(`KP-${tag}`);
  await sheet.getByLabel(t(lang, 'watch:fields.model'), { exact: true }).fill('Submariner 126610LN');
  await sheet.getByLabel(t(lang, 'watch:fields.serial_no'), { exact: true }).fill('AB1234');
  await shot(page, 'watch-notice-form-zh-Hans');
  await sheet.getByRole('button', { name: t(lang, 'watch:form.submit') }).click();
  await expect(ui.toast(page, t(lang, 'watch:form.added'))).toBeVisible();
  await expect(sheet).toBeHidden();

  // ---- one more from a trade association's CSV file: a good row and a refused one ----
  await page.getByRole('tab', { name: t(lang, 'watch:tabs.notices') }).click();
  // Its template: the import's columns, then one example row described in the reader's language.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: t(lang, 'watch:import.template') }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('watch-list-template.csv');
  const template = readFileSync((await download.path()) ?? '', 'utf8');
  expect(template.split('\r\n')).toEqual([
    '\uFEFFsource,reference,brand,model,serial_no,engraving,description',
    `police,R-2026-0001,Cartier,Love,,LOVE 2019,${t(lang, 'watch:import.templateExample')}`,
    '',
  ]);
  const csv = `\uFEFFsource,reference,brand,model,serial_no,engraving,description\r\nassociation,"A-${tag}",Cartier,Love,,"LOVE, 2019","Taken in a burglary"\r\nnobody,X,,,Z9,,\r\n`;
  await page.getByTestId('watch-import-file').setInputFiles({
    name: 'notices.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv, 'utf8'),
  });
  const result = page.getByTestId('watch-import-result');
  await expect(result).toContainText(t(lang, 'watch:import.summary', { imported: 1, rows: 2 }));
  await expect(result).toContainText(
    t(lang, 'watch:import.refusedRow', { line: 3, reason: t(lang, 'watch:import.reasons.source') }),
  );
  const notices = page.getByTestId('watch-notice').filter({ hasText: tag });
  await expect(notices).toHaveCount(2);
  await expect(notices.first()).toContainText(`A-${tag}`);
  await shot(page, 'watch-notices-zh-Hans');

  // ---- withdrawing the association's notice asks why, and the list shows who and why ----
  await notices
    .filter({ hasText: `A-${tag}` })
    .getByRole('button', { name: t(lang, 'watch:notices.withdraw') })
    .click();
  const withdrawal = page.getByRole('dialog', {
    name: t(lang, 'watch:notices.withdrawReasonTitle', { notice: `A-${tag}` }),
  });
  await withdrawal.getByRole('button', { name: t(lang, 'watch:notices.withdraw') }).click();
  await expect(withdrawal.getByText(t(lang, 'watch:notices.withdrawReasonRequired'))).toBeVisible();
  await withdrawal
    .getByLabel(t(lang, 'watch:notices.withdrawReasonLabel'))
    .fill('协会来函：物品已找回\n（11 月 20 日）');
  await withdrawal.getByRole('button', { name: t(lang, 'watch:notices.withdraw') }).click();
  await expect(ui.toast(page, t(lang, 'watch:notices.withdrawn'))).toBeVisible();
  await expect(notices).toHaveCount(1);
  await page.getByRole('option', { name: t(lang, 'watch:notices.withdrawnList') }).click();
  const gone = page.getByTestId('watch-notice').filter({ hasText: `A-${tag}` });
  await expect(gone.getByTestId('watch-withdrawal')).toContainText('协会来函：物品已找回');
  await expect(gone.getByTestId('watch-withdrawal')).toContainText(recorder.user.name);

  // The registration form asks for the serial number beside the engraving.
  await page.goto('/pages-sub/commodityEnroll/index');
  await expect(page.locator('#field-commodities-0-serial_no')).toBeVisible();
  await page.locator('#field-commodities-0-serial_no').scrollIntoViewIfNeeded();
  await shot(page, 'watch-enroll-serial-zh-Hans');

  // ---- an item registered with the serial "ab-12 34" matches "AB1234" at registration ----
  const kit = await registrationKit(request, recorder, [0x2e, 0x6f, 0x95]);
  const item = await enrollAndDistribute(
    request,
    recorder,
    goldBracelet(kit, `劳力士 ${tag}`, { serial_no: 'ab-12 34' }),
    valuer.user.id,
    { workflowId: kit.quickId },
  );
  await appraise(request, valuer, item.id);

  // The recorder sees the alert: counted on the dashboard's shortcut, on the watch list, on the item.
  await page.goto('/');
  const shortcut = page.getByRole('button', {
    name: t(lang, 'dashboard:shortcuts.watchListOpen', { count: openBefore + 1 }),
  });
  await expect(shortcut).toBeVisible();
  await shot(page, 'watch-dashboard-zh-Hans');
  await shortcut.click();
  await expect(ui.title(page)).toHaveText(t(lang, 'titles.watchList'));
  const alert = page.getByTestId('watch-match').filter({ hasText: item.no });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('ab-12 34');
  await expect(alert).toContainText(`KP-${tag}`);
  await expect(alert).toContainText(t(lang, 'watch:stage.enrollment'));
  await shot(page, 'watch-alerts-zh-Hans');
  await page.goto(detailPath(item.id));
  await expect(page.getByRole('alert').filter({ hasText: t(lang, 'watch:banner.title') })).toBeVisible();

  // ---- the alert comes first: the seller's identity, the signature and the purchase are locked ----
  await page.goto(recyclePath(item.id));
  await expect(ui.title(page)).toHaveText(t(lang, 'titles.commodityRecycle'));
  const banner = page.getByRole('alert').filter({ hasText: t(lang, 'watch:banner.title') });
  await expect(banner).toBeVisible();
  // The notice's source, reference and serial beside the item's serial number.
  const compared = banner.getByTestId('watch-compare');
  await expect(compared).toContainText(t(lang, 'watch:sources.police'));
  await expect(compared).toContainText(`KP-${tag}`);
  await expect(compared.getByRole('row', { name: new RegExp(t(lang, 'watch:fields.serial_no')) })).toContainText(
    /AB1234\s*ab-12 34/,
  );
  const chooseBuy = async () => {
    const labels = await dictionary(request, recorder, lang);
    await option(page, t(lang, 'appraisal:recycle.isRecycle'), labels('recycle', 'is_recycle', 1)).click();
    await page.getByRole('textbox', { name: t(lang, 'appraisal:recycle.price'), exact: true }).fill('52000');
  };
  await chooseBuy();
  const lawful = page.getByTestId('buyback-lawful');
  await expect(lawful).toHaveAttribute('disabled', '');
  await expect(page.locator(recycleField('document_number'))).toBeDisabled();
  await expect(page.locator(recycleField('occupation'))).toBeDisabled();
  // Every control of the identity check and the signature is disabled, not only hidden.
  const controls = 'input:enabled, button:enabled, textarea:enabled, select:enabled, [role="button"]:not(:disabled)';
  await expect(lawful.locator('[data-field="signature"]').getByRole('button').first()).toBeDisabled();
  await expect(lawful.locator(controls)).toHaveCount(0);
  const confirm = footer(page).getByRole('button', { name: t(lang, 'appraisal:recycle.submitBuy') });
  await expect(confirm).toBeDisabled();
  await expect(page.getByTestId('watch-lock-note')).toHaveText(t(lang, 'watch:banner.locked'));
  await shot(page, 'watch-recycle-locked-zh-Hans');
  const locked = await apiCall<{ status: number }>(request, recorder, 'GET', `/api/commodities/${item.id}`);
  expect(locked.status).toBe(70);

  // ---- acknowledging needs a colleague's own password (in Japanese) ----
  lang = 'ja';
  await storeLanguage(page, lang);
  await page.reload();
  const bannerJa = page.getByRole('alert').filter({ hasText: t(lang, 'watch:banner.title') });
  await expect(bannerJa).toBeVisible();
  await chooseBuy();
  await expect(lawful).toHaveAttribute('disabled', '');
  await shot(page, 'watch-recycle-blocked-ja');
  await bannerJa.getByRole('button', { name: t(lang, 'watch:alerts.acknowledge') }).click();
  const ack = page.getByRole('dialog', { name: t(lang, 'watch:alerts.ackTitle', { number: item.no }) });
  await expect(ack).toBeVisible();
  await expect(ack).toContainText(t(lang, 'watch:alerts.witnessHint'));
  // Nothing typed: the reason and the colleague are asked for, each under its field.
  await ack.getByRole('button', { name: t(lang, 'watch:alerts.submitAck') }).click();
  await expect(ack.getByText(t(lang, 'watch:alerts.reasonRequired'))).toBeVisible();
  await expect(ack.getByText(t(lang, 'watch:alerts.witnessMobileRequired'))).toBeVisible();
  await expect(ack.getByText(t(lang, 'watch:alerts.witnessPasswordRequired'))).toBeVisible();
  // The reason is a multi-line field.
  const reason = ack.getByLabel(t(lang, 'watch:alerts.reasonLabel'));
  await expect(reason).toHaveJSProperty('tagName', 'TEXTAREA');
  await reason.fill('警察に照会：製造番号が一桁違う別の品\n担当：上野署 生活安全課');
  await ack.getByLabel(t(lang, 'watch:alerts.witnessMobile')).fill(DEMO.valuers[0]);
  // A wrong password is refused under the password, in the reader's language; nothing changes.
  await ack.getByLabel(t(lang, 'watch:alerts.witnessPassword')).fill('wrong-password');
  await ack.getByRole('button', { name: t(lang, 'watch:alerts.submitAck') }).click();
  await expect(ack.getByText('もう一人の担当者の携帯番号またはパスワードが正しくありません。')).toBeVisible();
  await shot(page, 'watch-acknowledge-ja');
  await expect(lawful).toHaveAttribute('disabled', '');
  // The colleague types their own password: the alert is acknowledged and the form opens.
  await ack.getByLabel(t(lang, 'watch:alerts.witnessPassword')).fill(DEMO.password);
  await ack.getByRole('button', { name: t(lang, 'watch:alerts.submitAck') }).click();
  await expect(ui.toast(page, t(lang, 'watch:alerts.acknowledged'))).toBeVisible();
  await expect(ack).toBeHidden();
  await expect(bannerJa).toBeHidden();
  await expect(lawful).not.toHaveAttribute('disabled');
  await expect(page.locator(recycleField('document_number'))).toBeEnabled();
  await expect(lawful.locator('[data-field="signature"]').getByRole('button').first()).toBeEnabled();
  await expect(page.getByTestId('watch-lock-note')).toBeHidden();

  const buy = async () => {
    // The lawful part of a buyback: the seller's identity check and signature.
    await fillIdentity(page, lang);
    await sign(page);
    await footer(page)
      .getByRole('button', { name: t(lang, 'appraisal:recycle.submitBuy') })
      .click();
    await expect(dialog(page)).toContainText(item.no);
    await dialog(page)
      .getByRole('button', { name: t(lang, 'appraisal:recycle.submitBuy') })
      .click();
  };
  await buy();
  await expect(ui.toast(page, t(lang, 'appraisal:recycle.bought'))).toBeVisible();
  await expect(page).toHaveURL(detailPath(item.id));
  const bought = await apiCall<{ status: number; history: { action: string }[] }>(
    request,
    recorder,
    'GET',
    `/api/commodities/${item.id}`,
  );
  expect(bought.status).toBe(80);
  expect(bought.history.map((event) => event.action)).toEqual(
    expect.arrayContaining(['watchMatch', 'watchAcknowledge', 'recycle']),
  );

  // The history tab keeps who acknowledged it, when and why.
  await openWatchList(page, lang, 'history');
  const done = page.getByTestId('watch-match').filter({ hasText: item.no });
  await expect(done.getByTestId('watch-acknowledgement')).toContainText('警察に照会');
  await expect(done.getByTestId('watch-acknowledgement')).toContainText(
    t(lang, 'watch:alerts.witnessedBy', { name: valuer.user.name }),
  );
  await shot(page, 'watch-history-ja');
});
