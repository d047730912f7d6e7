/**
 * Issue 32 item 4 (docs/adr/0105 "Transfers"): the demo's recorder, at the first branch of a shop
 * that has opened a second, transfers an item there from its detail with a reason; the item
 * leaves their list, and the second branch's recorder finds it with the transfer in its history.
 * axe on the sheet; with E2E_SHOTS, the sheet and the history in four languages at 390 px. On a
 * server of its own (the demo's data), so that no other journey meets a shop of two branches.
 */
import { paths, withQuery } from '@jewel/contract/values/web-paths';
import { request as playwrightRequest } from '@playwright/test';
import { apiCall, fitsPhoneWidth, keepLanguage, LANGS, type Lang, serverMessage, t, ui } from './app.ts';
import { seriousViolations } from './axe.ts';
import { commodityBody, enroll, registrationKit, runTag } from './commodity-api.ts';
import { apiLogin, DEMO, expect, shot, storeSession, test } from './fixtures.ts';
import { ownServerFor } from './own-server.ts';

const OFFSET = 71;
const c = (lang: Lang, key: string, vars: Record<string, string | number> = {}) => t(lang, `commodity:${key}`, vars);

const BRANCH_B = '梅田店';
const RECORDER_B = { name: '梅田 花子', mobile: '13900007101' };

test.describe('transfers', () => {
  const shopURL = ownServerFor(OFFSET);

  test('a recorder transfers an item to the second branch, whose recorder finds it with its history', async ({
    page,
    openPhone,
  }) => {
    test.setTimeout(240_000);
    const lang: Lang = 'zh-Hans';
    const base = shopURL();
    const request = await playwrightRequest.newContext({ baseURL: base });

    // The manager opens a second branch and staffs it with a recorder of its own.
    const manager = await apiLogin(request, DEMO.manager);
    const branch = await apiCall<{ id: number }>(request, manager, 'POST', '/api/branches', {
      name: BRANCH_B,
      address: '大阪市北区梅田 1-1',
      phone: null,
      licence_no: null,
      time_zone: null,
      currency: null,
    });
    const invited = await apiCall<{ member: { id: number }; password: string }>(
      request,
      manager,
      'POST',
      '/api/staff',
      {
        name: RECORDER_B.name,
        mobile: RECORDER_B.mobile,
        roles: ['recorder'],
      },
    );
    await apiCall(request, manager, 'PUT', `/api/staff/${invited.member.id}/branches`, { branch_ids: [branch.id] });
    const recorderB = await apiLogin(request, RECORDER_B.mobile, invited.password);

    // The demo's recorder (the first branch only) registers two items: one to send, one for the pictures.
    const recorder = await apiLogin(request, DEMO.recorder);
    const { name: recorderName } = await apiCall<{ name: string }>(request, recorder, 'GET', '/api/user/info');
    const kit = await registrationKit(request, recorder, [0xd4, 0xaf, 0x37]);
    const tag = runTag();
    const [item, other] = await enroll(request, recorder, [
      commodityBody(kit, `梅田で売る指輪 ${tag}`),
      commodityBody(kit, `写真用の指輪 ${tag}`),
    ]);
    if (!item || !other) throw new Error('enrollment answered no items');

    // The transfer, from the item's detail.
    await storeSession(page, recorder);
    await page.goto(`${base}${withQuery(paths.commodityDetail, { id: item.id })}`);
    await page.getByRole('button', { name: c(lang, 'transfer.action') }).click();
    const sheet = page.locator('.commodity-popup');
    await expect(sheet.getByRole('heading', { name: c(lang, 'transfer.title') })).toBeVisible();
    await expect(sheet.getByRole('option', { name: BRANCH_B })).toBeVisible();
    // Nothing chosen, nothing written: the form says what is missing.
    await sheet.getByRole('button', { name: c(lang, 'transfer.submit'), exact: true }).click();
    await expect(sheet.getByText(c(lang, 'transfer.branchRequired'))).toBeVisible();
    await expect(sheet.getByText(c(lang, 'transfer.reasonRequired'))).toBeVisible();
    await sheet.getByRole('option', { name: BRANCH_B }).click();
    await sheet.getByRole('textbox', { name: c(lang, 'transfer.reason') }).fill('梅田店で販売するため');
    expect(await seriousViolations(page, '.commodity-popup')).toEqual([]);
    await sheet.getByRole('button', { name: c(lang, 'transfer.submit'), exact: true }).click();
    const confirm = page.locator('.adm-dialog');
    await expect(confirm).toContainText(c(lang, 'transfer.confirmTitle'));
    await expect(confirm).toContainText(c(lang, 'transfer.confirmText', { no: item.no, branch: BRANCH_B }));
    await confirm.getByRole('button', { name: c(lang, 'transfer.submit') }).click();
    await expect(ui.toast(page, c(lang, 'transfer.doneGone', { branch: BRANCH_B }))).toBeVisible();

    // Back to the list, where the item no longer is.
    await expect(page).toHaveURL(new RegExp(paths.commodityList));
    await page.goto(`${base}${withQuery(paths.commodityList, { keyword: item.no })}`);
    await expect(page.getByText(c(lang, 'empty.searchTitle', { keyword: item.no }))).toBeVisible();

    // The second branch's recorder finds it, with the transfer in its history.
    const phone = await openPhone();
    await storeSession(phone, recorderB);
    await phone.goto(`${base}${withQuery(paths.commodityList, { keyword: item.no })}`);
    await phone.getByText(item.no).click();
    const history = phone.locator('.commodity-history__item').filter({ hasText: c(lang, 'history.transfer') });
    await expect(history).toContainText(BRANCH_B);
    await expect(history).toContainText('梅田店で販売するため');
    await expect(history).toContainText(recorderName);

    // A refusal shows the server's words in the sheet: meanwhile someone hands the other item to a
    // valuer who works only at the first branch (the page hears it and reads the item again).
    await page.goto(`${base}${withQuery(paths.commodityDetail, { id: other.id })}`);
    await page.getByRole('button', { name: c(lang, 'transfer.action') }).click();
    await expect(sheet.getByRole('option', { name: BRANCH_B })).toBeVisible();
    const reread = page.waitForResponse(
      (response) => response.request().method() === 'GET' && response.url().endsWith(`/api/commodities/${other.id}`),
    );
    const valuers = await apiCall<{ id: number }[]>(request, recorder, 'GET', '/api/user/valuers');
    await apiCall(request, recorder, 'POST', '/api/commodities/distribute', {
      items: [{ id: other.id, version: 0 }],
      valuer_id: valuers[0]?.id,
      workflow_id: null,
    });
    await reread;
    await sheet.getByRole('option', { name: BRANCH_B }).click();
    await sheet.getByRole('textbox', { name: c(lang, 'transfer.reason') }).fill('本部で鑑定');
    await sheet.getByRole('button', { name: c(lang, 'transfer.submit'), exact: true }).click();
    await page
      .locator('.adm-dialog')
      .getByRole('button', { name: c(lang, 'transfer.submit') })
      .click();
    await expect(sheet.getByRole('alert')).toHaveText(serverMessage(lang, 'transferValuerElsewhere'));
    await shot(page, 'transfer-refused-zh-Hans-390');
    await sheet.getByRole('button', { name: t(lang, 'common:cancel') }).click();

    // The pictures: the sheet (on the item still at the first branch) and the history, in four languages.
    await page.setViewportSize({ width: 390, height: 844 });
    await phone.setViewportSize({ width: 390, height: 844 });
    for (const each of LANGS) {
      await keepLanguage(page, each);
      await page.goto(`${base}${withQuery(paths.commodityDetail, { id: other.id })}`);
      await page.getByRole('button', { name: c(each, 'transfer.action') }).click();
      const open = page.locator('.commodity-popup');
      await expect(open.getByRole('heading', { name: c(each, 'transfer.title') })).toBeVisible();
      await open.getByRole('option', { name: BRANCH_B }).click();
      await open.getByRole('textbox', { name: c(each, 'transfer.reason') }).fill(c(each, 'transfer.reasonPlaceholder'));
      await fitsPhoneWidth(page);
      await shot(page, `transfer-sheet-${each}-390`);
      await open.getByRole('button', { name: t(each, 'common:cancel') }).click();
      await expect(open).toHaveCount(0);

      await keepLanguage(phone, each);
      await phone.goto(`${base}${withQuery(paths.commodityDetail, { id: item.id })}`);
      const event = phone.locator('.commodity-history__item').filter({ hasText: c(each, 'history.transfer') });
      await event.scrollIntoViewIfNeeded();
      await expect(event).toContainText(BRANCH_B);
      await fitsPhoneWidth(phone);
      await shot(phone, `transfer-history-${each}-390`);
    }
    await request.dispose();
  });
});
