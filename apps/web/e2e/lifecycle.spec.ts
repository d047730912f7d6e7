/**
 * The commodity life cycle end to end (issue 4), four people on four phones: the recorder
 * registers two items with photos and hands them to valuer 1; valuer 1 returns one for changes,
 * the recorder fixes it, valuer 1 appraises both; valuer 2 reconsiders blind, agreeing on one
 * and not on the other; valuer 3 settles the second; the recorder buys one back and returns the
 * other. At each step the lists, the detail page, the dashboard counts and the notifications
 * (arriving without a reload) show it.
 */
import type { Page } from '@playwright/test';
import { apiCall, type Lang, notificationContent, notificationTitle, t, ui } from './app.ts';
import { fillIdentity, sign } from './buyback-ui.ts';
import {
  comprehensivePath,
  detailPath,
  dialog,
  dictionary,
  fieldId,
  fillCommodity,
  fillCustomer,
  footer,
  identifyPath,
  option,
  personPage,
  photosUploaded,
  recyclePath,
  requiredPhotos,
  uniquePhone,
} from './commodity-ui.ts';
import { apiLogin, DEMO, expect, storeSession, test } from './fixtures.ts';
import type { SessionTokens } from './session.ts';

const lang: Lang = 'zh-Hans';
const LIST = '/pages-sub/commodityList/index';

interface Detail {
  id: number;
  no: string;
  status: number;
  product_name: string;
  flows: { step: string; hidden: boolean; result: unknown; agrees: boolean | null }[];
}

/** The unread badge on the personal-center tab, as the person sees it. */
const unreadBadge = (page: Page) => ui.tab(page, lang, 'tabbar_user').locator('.adm-badge-content');

/** A dashboard figure by its label (`dashboard:stats.<key>`). */
const figure = (page: Page, key: string) =>
  page
    .getByRole('button', { name: new RegExp(`^${t(lang, `dashboard:stats.${key}`)}`) })
    .locator('.dashboard-stat__value');

async function figureValue(page: Page, key: string): Promise<number> {
  await expect(figure(page, key)).toBeVisible();
  return Number((await figure(page, key).textContent())?.replace(/\D/g, '') ?? 0);
}

/** The status tag of the detail page, in the dictionary's words. */
async function expectDetailStatus(page: Page, id: number, label: string) {
  await page.goto(detailPath(id));
  await expect(page.getByRole('main').locator('.commodity-status-tag').first()).toHaveText(label);
}

interface Verdict {
  level: string;
  low: number;
  high: number;
}

/** Fills the appraisal form: genuine, a state level, a product status and a price range in yuan. */
async function fillVerdict(page: Page, label: (group: string, value: number) => string, verdict: Verdict) {
  await option(page, t(lang, 'appraisal:form.isReal'), label('is_real', 1)).click();
  await option(page, t(lang, 'appraisal:form.stateLevel'), verdict.level).click();
  await option(page, t(lang, 'appraisal:form.productStatus'), label('product_status', 2)).click();
  await page.getByLabel(t(lang, 'appraisal:form.priceLow'), { exact: true }).fill(String(verdict.low));
  await page.getByLabel(t(lang, 'appraisal:form.priceHigh'), { exact: true }).fill(String(verdict.high));
}

/** Presses a footer action and confirms it in its dialog. */
async function act(page: Page, name: string) {
  await footer(page).getByRole('button', { name }).click();
  await dialog(page).getByRole('button', { name }).click();
}

// Four phones with the app's motion kept: the journeys that reduce it (ADR 0102) have one that does not.
test.use({ reducedMotion: 'no-preference' });

test('register, distribute, return and fix, appraise, reconsider blind, settle, buy back and return', async ({
  page,
  openPhone,
  request,
}) => {
  test.setTimeout(360_000);
  const sessions = {
    recorder: await apiLogin(request, DEMO.recorder),
    valuer1: await apiLogin(request, DEMO.valuers[0]),
    valuer2: await apiLogin(request, DEMO.valuers[1]),
    valuer3: await apiLogin(request, DEMO.valuers[2]),
  };
  const zh = await dictionary(request, sessions.recorder, lang);
  const status = (value: number) => zh('identify_product', 'status', value);
  const result = (group: string, value: number) => zh('identify_result', group, value);
  /** The unread count the server knows (the badge may not have loaded yet). */
  const unreadOf = async (session: SessionTokens) =>
    (await apiCall<{ unread: number }>(request, session, 'GET', '/api/user/notifications?status=unread')).unread;
  const detailOf = (session: SessionTokens, id: number) =>
    apiCall<Detail>(request, session, 'GET', `/api/commodities/${id}`);

  // Every valuer has the app open on the dashboard; nobody reloads to see what comes in.
  const valuer1 = await personPage(openPhone, sessions.valuer1, lang);
  await valuer1.goto('/');
  const valuer1Unread = await unreadOf(sessions.valuer1);
  const valuer1ToAppraise = await figureValue(valuer1, 'toBeAppraisedToday');

  // ---- The recorder registers a customer's two items with photos. ----
  await storeSession(page, sessions.recorder);
  await page.goto('/');
  const registeredBefore = await figureValue(page, 'registered');
  await page.goto('/pages-sub/commodityEnroll/index');
  const phone = uniquePhone();
  await fillCustomer(page, '周先生', phone);
  await fillCommodity(page, 0, '卡地亚 Love 手镯');
  await requiredPhotos(page, 0, 1);
  await photosUploaded(page, 4);
  // The finished first item folds into its summary card: the second's four tiles remain.
  await page.getByRole('button', { name: t(lang, 'enroll:actions.addCommodity') }).click();
  await fillCommodity(page, 1, '劳力士 潜航者');
  await requiredPhotos(page, 1, 2);
  await photosUploaded(page, 4);
  await page.getByRole('button', { name: t(lang, 'enroll:actions.submit') }).click();
  await expect(ui.toast(page, t(lang, 'enroll:status.enrolled'))).toBeVisible();

  // The list shows both waiting for distribution; the dashboard counts them.
  await page.goto(`${LIST}?tab=distribution&keyword=${phone}`);
  const cards = page.locator('article.commodity-card');
  await expect(cards).toHaveCount(2);
  const listed = await apiCall<{ items: { id: number; no: string; product_name: string }[] }>(
    request,
    sessions.recorder,
    'GET',
    `/api/commodities?keyword=${phone}`,
  );
  const bracelet = listed.items.find((item) => item.product_name === '卡地亚 Love 手镯');
  const watch = listed.items.find((item) => item.product_name === '劳力士 潜航者');
  if (!bracelet || !watch) throw new Error('both items registered');
  await page.goto('/');
  await expect(figure(page, 'registered')).toHaveText(String(registeredBefore + 2));

  // ---- Distribution of both to valuer 1. ----
  await page.goto(`${LIST}?tab=distribution&keyword=${phone}`);
  await page.getByLabel(t(lang, 'commodity:list.select', { no: bracelet.no })).click();
  await page.getByLabel(t(lang, 'commodity:list.select', { no: watch.no })).click();
  await footer(page)
    .getByRole('button', { name: t(lang, 'commodity:actions.distribute') })
    .click();
  await page.getByRole('radio', { name: sessions.valuer1.user.name }).check({ force: true });
  await footer(page)
    .getByRole('button', {
      name: t(lang, 'commodity:distribute.submitTo', { count: 2, name: sessions.valuer1.user.name }),
    })
    .click();
  await dialog(page)
    .getByRole('button', { name: t(lang, 'commodity:actions.distribute') })
    .click();
  await expect(ui.toast(page, t(lang, 'success.distribute'))).toBeVisible();
  await page.goto(`${LIST}?tab=appraisal&keyword=${phone}`);
  await expect(cards).toHaveCount(2);

  // Valuer 1 is told at once, and the dashboard moves, without a reload.
  await expect(unreadBadge(valuer1)).toHaveText(String(valuer1Unread + 1));
  await expect(figure(valuer1, 'toBeAppraisedToday')).toHaveText(String(valuer1ToAppraise + 2));

  // ---- Valuer 1 returns the bracelet for modification. ----
  await page.goto('/');
  const recorderUnread = await unreadOf(sessions.recorder);
  const toBeModifiedBefore = await figureValue(page, 'toBeModified');
  await valuer1.goto(identifyPath(bracelet.id));
  await act(valuer1, t(lang, 'appraisal:identify.start'));
  await expect(valuer1.getByTestId('appraisal-elapsed')).toBeVisible();
  await footer(valuer1)
    .getByRole('button', { name: t(lang, 'appraisal:identify.return') })
    .click();
  await dialog(valuer1).getByRole('textbox').fill('请补拍内圈刻印和序列号');
  await dialog(valuer1)
    .getByRole('button', { name: t(lang, 'confirm') })
    .click();
  await expect(ui.toast(valuer1, t(lang, 'appraisal:identify.returned'))).toBeVisible();

  // The recorder's phone shows it on the dashboard and in the badge, still without a reload.
  await expect(unreadBadge(page)).toHaveText(String(recorderUnread + 1));
  await expect(figure(page, 'toBeModified')).toHaveText(String(toBeModifiedBefore + 1));
  await page.goto('/pages-sub/notifications/index');
  await page.getByText(notificationTitle(lang, 'returned_for_modification')).first().click();
  await page.getByRole('button', { name: t(lang, 'notification:detail.open') }).click();
  await expect(page).toHaveURL(detailPath(bracelet.id));
  await expect(page.getByRole('main')).toContainText('请补拍内圈刻印和序列号');
  await expect(page.getByRole('main').locator('.commodity-status-tag').first()).toHaveText(status(35));

  // ---- The recorder fixes it: back to valuer 1. ----
  await footer(page)
    .getByRole('button', { name: t(lang, 'commodity:actions.update') })
    .click();
  await expect(ui.title(page)).toHaveText(t(lang, 'titles.commodityUpdate'));
  await page.locator(fieldId('remark')).fill('已补拍内圈刻印，序列号 ABC123');
  await page.getByRole('button', { name: t(lang, 'enroll:actions.save') }).click();
  await expect(ui.toast(page, t(lang, 'enroll:status.updated'))).toBeVisible();
  await expectDetailStatus(page, bracelet.id, status(20));

  // ---- Valuer 1 appraises both. ----
  const firstVerdicts: Record<number, Verdict> = {
    [bracelet.id]: { level: 'A', low: 30000, high: 34000 },
    [watch.id]: { level: 'SA', low: 60000, high: 66000 },
  };
  for (const item of [bracelet, watch]) {
    await valuer1.goto(identifyPath(item.id));
    await act(valuer1, t(lang, 'appraisal:identify.start'));
    await fillVerdict(valuer1, result, firstVerdicts[item.id] as Verdict);
    await act(valuer1, t(lang, 'appraisal:identify.submit'));
    await expect(ui.toast(valuer1, t(lang, 'appraisal:identify.submitted'))).toBeVisible();
    await expect(valuer1).toHaveURL(detailPath(item.id));
    await expect(valuer1.getByRole('main').locator('.commodity-status-tag').first()).toHaveText(status(40));
  }

  // ---- Valuer 2 reconsiders blind: agrees on the bracelet, not on the watch. ----
  const valuer2 = await personPage(openPhone, sessions.valuer2, lang);
  await valuer2.goto('/pages-sub/revisitList/index');
  await expect(valuer2.locator('article.commodity-card').filter({ hasText: bracelet.no })).toBeVisible();
  await expect(valuer2.locator('article.commodity-card').filter({ hasText: watch.no })).toBeVisible();
  const secondVerdicts: Record<number, Verdict> = {
    // Within 10 % of the first, same level: agrees.
    [bracelet.id]: { level: 'A', low: 31000, high: 35000 },
    // Another level: disagrees.
    [watch.id]: { level: 'B', low: 45000, high: 50000 },
  };
  for (const item of [bracelet, watch]) {
    await valuer2.goto(identifyPath(item.id));
    await act(valuer2, t(lang, 'appraisal:identify.startReconsideration'));
    const main = valuer2.getByRole('main');
    await expect(main).toContainText(t(lang, 'appraisal:identify.blindHint'));
    // Nothing of valuer 1's verdict or prices, on the page or in the answers it reads.
    const first = firstVerdicts[item.id] as Verdict;
    for (const hidden of [String(first.low), first.low.toLocaleString('en-US'), String(first.high)]) {
      await expect(main).not.toContainText(hidden);
    }
    const blind = await detailOf(sessions.valuer2, item.id);
    // (The bracelet's returned first step has no verdict either.)
    const firsts = blind.flows.filter((flow) => flow.step === 'first');
    expect(firsts.every((flow) => flow.result === null)).toBe(true);
    expect(firsts.some((flow) => flow.hidden)).toBe(true);
    await fillVerdict(valuer2, result, secondVerdicts[item.id] as Verdict);
    await act(valuer2, t(lang, 'appraisal:identify.submitReconsideration'));
    await expect(ui.toast(valuer2, t(lang, 'appraisal:identify.reconsidered'))).toBeVisible();
    // Now both results are shown side by side.
    await expect(valuer2.getByTestId('appraisal-compare')).toContainText(first.low.toLocaleString('en-US'));
  }
  expect((await detailOf(sessions.recorder, bracelet.id)).status).toBe(70);
  expect((await detailOf(sessions.recorder, watch.id)).status).toBe(60);
  await expectDetailStatus(page, bracelet.id, status(70));
  await page.goto(`${LIST}?tab=comprehensive&keyword=${phone}`);
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText(watch.no);

  // ---- Valuer 3 settles the watch in a comprehensive assessment. ----
  const valuer3 = await personPage(openPhone, sessions.valuer3, lang);
  await valuer3.goto(comprehensivePath(watch.id));
  await expect(valuer3.getByTestId('appraisal-compare')).toBeVisible();
  await valuer3.getByRole('button', { name: t(lang, 'appraisal:comprehensive.takeFirst') }).click();
  await act(valuer3, t(lang, 'appraisal:comprehensive.submit'));
  await expect(ui.toast(valuer3, t(lang, 'appraisal:comprehensive.done'))).toBeVisible();
  await expectDetailStatus(valuer3, watch.id, status(70));

  // The recorder was told both results are fixed.
  await page.goto('/pages-sub/notifications/index?status=unread');
  for (const item of [bracelet, watch]) {
    await expect(page.getByText(notificationContent(lang, 'identified', { number: item.no }))).toBeVisible();
  }

  // ---- The recorder buys the bracelet back and returns the watch. ----
  await page.goto(recyclePath(bracelet.id));
  await option(page, t(lang, 'appraisal:recycle.isRecycle'), zh('recycle', 'is_recycle', 1)).click();
  await page.getByRole('textbox', { name: t(lang, 'appraisal:recycle.price'), exact: true }).fill('32000');
  await fillIdentity(page, lang);
  await sign(page);
  await act(page, t(lang, 'appraisal:recycle.submitBuy'));
  await expect(ui.toast(page, t(lang, 'appraisal:recycle.bought'))).toBeVisible();
  await expect(page.getByRole('main').locator('.commodity-status-tag').first()).toHaveText(status(80));

  await page.goto(recyclePath(watch.id));
  await option(page, t(lang, 'appraisal:recycle.isRecycle'), zh('recycle', 'is_recycle', 0)).click();
  await act(page, t(lang, 'appraisal:recycle.submitReturn'));
  await expect(ui.toast(page, t(lang, 'appraisal:recycle.returned'))).toBeVisible();
  await expect(page.getByRole('main').locator('.commodity-status-tag').first()).toHaveText(status(90));

  // Both closed, in the list's last tab; the history tells the whole story.
  await page.goto(`${LIST}?tab=closed&keyword=${phone}`);
  await expect(cards).toHaveCount(2);
  await page.goto(detailPath(watch.id));
  await expect(page.getByRole('main')).toContainText(sessions.valuer3.user.name);
});
