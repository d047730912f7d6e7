/**
 * The commodity list, detail, distribution and appraisal timeline, against the real server:
 * commodities registered through the API, then found by tab and number, opened with their
 * photos, two distributed to a valuer through the screens, whose detail then offers the
 * appraisal; screenshots of each screen in Chinese and Japanese at two phone sizes.
 */
import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiCall, storeLanguage, t, ui } from './app.ts';
import { apiLogin, DEMO, expect, SHOTS_DIR, shot, storeSession, test } from './fixtures.ts';
import { upload } from './photos.ts';
import type { SessionTokens } from './session.ts';

interface Enrolled {
  customer: string;
  phone: string;
  items: { id: number; no: string; name: string }[];
}

/** One customer with three commodities, registered through the API as the recorder. */
async function enrollThree(request: APIRequestContext, recorder: SessionTokens): Promise<Enrolled> {
  const [productPhoto, sizePhoto, accessoryPhoto] = [
    await upload(request, recorder, [0x3b, 0x82, 0xff]),
    await upload(request, recorder, [0xfa, 0x8c, 0x16]),
    await upload(request, recorder, [0x52, 0xc4, 0x1a]),
  ];
  const brands = await apiCall<{ id: number; name: string }[]>(request, recorder, 'GET', '/api/brands');
  const categories = await apiCall<{ id: number; name: string }[]>(request, recorder, 'GET', '/api/categories');
  // The third is of a brand the catalog has products of, so that its name can be confirmed.
  const catalog = await apiCall<{ items: { brand_id: number }[] }>(
    request,
    recorder,
    'GET',
    '/api/products?page=1&page_size=1',
  );
  const tag = randomUUID().slice(0, 4).toUpperCase();
  const names = [`手镯 ${tag}-A`, `项链 ${tag}-B`, `戒指 ${tag}-C`];
  const phone = `139${String(Date.now()).slice(-8)}`;
  const customer = `客户${tag}`;
  const result = await apiCall<{ commodities: { id: number; no: string }[] }>(
    request,
    recorder,
    'POST',
    '/api/enrollments',
    {
      idempotency_key: randomUUID(),
      customer_name: customer,
      customer_phone: phone,
      customer_address: '上海市静安区南京西路 1 号',
      commodities: names.map((product_name, index) => ({
        brand_id: index === 2 ? catalog.items[0]?.brand_id : brands[index % brands.length]?.id,
        category_id: categories[0]?.id,
        product_name,
        product_code: `E2E-${tag}-${index}`,
        length: 18.5,
        width: 6,
        size_unit: 'mm',
        weight: 12.3,
        size_pics: [sizePhoto],
        product_pics: [productPhoto, sizePhoto],
        accessory_pics: [accessoryPhoto],
        product_status: 1,
        accessories: ['box'],
        remark: index === 0 ? '客户希望尽快出结果' : '',
        priority: index === 0 ? 2 : 1,
      })),
    },
  );
  return {
    customer,
    phone,
    items: result.commodities.map((item, index) => ({ ...item, name: names[index] ?? '' })),
  };
}

const LIST = '/pages-sub/commodityList/index';
const detailPath = (id: number) => `/pages-sub/commodityDetail/index?id=${id}`;

function card(page: Page, no: string) {
  return page.locator('article.commodity-card').filter({ hasText: no });
}

async function shoot(page: Page, name: string) {
  if (!SHOTS_DIR) return;
  // Images and fonts loaded (the live-event stream keeps the network busy for good); `shot`
  // finishes the animations.
  await page.waitForFunction(() => [...document.images].every((image) => image.complete));
  await page.evaluate(() => document.fonts.ready);
  await shot(page, name);
}

/** The recorder's session and one customer with three new commodities: each test makes its own. */
async function setUp(request: APIRequestContext): Promise<{ recorder: SessionTokens; enrolled: Enrolled }> {
  const recorder = await apiLogin(request, DEMO.recorder);
  return { recorder, enrolled: await enrollThree(request, recorder) };
}

test('the list finds the new commodities by tab and number; the detail shows fields and photos', async ({ page }) => {
  const lang = 'zh-Hans';
  const { recorder, enrolled } = await setUp(page.request);
  const [first, second] = enrolled.items;
  if (!first || !second) throw new Error('enrollment failed');
  await storeSession(page, recorder);
  await page.goto(LIST);
  await expect(ui.title(page)).toHaveText(t(lang, 'titles.commodityList'));
  await expect(card(page, first.no)).toBeVisible();
  await expect(card(page, first.no)).toContainText(first.name);
  await expect(card(page, first.no)).toContainText(t(lang, 'commodity:urgent'));
  await expect(card(page, first.no)).toContainText('陈晓');

  // The tab of commodities waiting for distribution keeps them; the appraisal tab does not have them.
  await page.getByRole('tab', { name: t(lang, 'commodity:tabs.appraisal') }).click();
  await expect(page).toHaveURL(/tab=appraisal/);
  await expect(card(page, first.no)).toHaveCount(0);
  await page.getByRole('tab', { name: t(lang, 'commodity:tabs.distribution') }).click();
  await expect(page).toHaveURL(/tab=distribution/);
  await expect(card(page, first.no)).toBeVisible();

  // Search by number.
  await page.getByPlaceholder(t(lang, 'commodity:list.searchPlaceholder')).fill(second.no);
  await expect(page).toHaveURL(new RegExp(`keyword=${second.no}`));
  await expect(page.locator('article.commodity-card')).toHaveCount(1);
  await expect(card(page, second.no)).toBeVisible();
  // And by the customer's phone: all three.
  await page.getByPlaceholder(t(lang, 'commodity:list.searchPlaceholder')).fill(enrolled.phone);
  await expect(page.locator('article.commodity-card')).toHaveCount(3);

  await card(page, first.no).getByRole('link').click();
  await expect(page).toHaveURL(detailPath(first.id));
  await expect(ui.title(page)).toHaveText(t(lang, 'titles.commodityDetail'));
  const main = page.getByRole('main');
  await expect(main).toContainText(first.no);
  await expect(main).toContainText(first.name);
  await expect(main).toContainText(enrolled.customer);
  await expect(main).toContainText(enrolled.phone);
  await expect(main).toContainText(t(lang, 'enroll:fields.customer_phone'));
  await expect(main).toContainText(t(lang, 'enroll:fields.product_code'));
  await expect(main).toContainText('客户希望尽快出结果');
  await expect(main.locator('.commodity-status-tag').first()).toHaveText('待分配');
  // The recorder may distribute, edit and confirm the name; nothing else.
  const footer = page.locator('.page__footer');
  await expect(footer.getByRole('button', { name: t(lang, 'commodity:actions.distribute') })).toBeVisible();
  await expect(footer.getByRole('button', { name: t(lang, 'commodity:actions.update') })).toBeVisible();
  await expect(footer.getByRole('button', { name: t(lang, 'commodity:actions.startAppraisal') })).toHaveCount(0);

  // A product photo opens in the viewer.
  const productPhotos = t(lang, 'enroll:fields.product_pics');
  await main.getByRole('list', { name: productPhotos }).getByRole('button').first().click();
  const viewer = page.getByRole('dialog', { name: productPhotos });
  await expect(viewer).toBeVisible();
  await expect(viewer.getByRole('img').first()).toBeVisible();
  await viewer.getByRole('button', { name: t(lang, 'photos:close') }).click();
  await expect(viewer).toBeHidden();
});

test('two are distributed to a valuer through the screens; the valuer sees the appraisal actions and the timeline', async ({
  page,
  request,
}) => {
  const lang = 'zh-Hans';
  const { recorder, enrolled } = await setUp(request);
  const [first, second] = enrolled.items;
  if (!first || !second) throw new Error('enrollment failed');
  const valuerSession = await apiLogin(request, DEMO.valuers[0]);
  const valuer = await apiCall<{ id: number; name: string }>(request, valuerSession, 'GET', '/api/user/info');

  await storeSession(page, recorder);
  await page.goto(`${LIST}?tab=distribution&keyword=${enrolled.phone}`);
  await expect(page.locator('article.commodity-card')).toHaveCount(3);
  await page.getByLabel(t(lang, 'commodity:list.select', { no: first.no })).click();
  await page.getByLabel(t(lang, 'commodity:list.select', { no: second.no })).click();
  await expect(page.locator('.page__footer')).toContainText(t(lang, 'commodity:list.selected', { count: 2 }));
  await page
    .locator('.page__footer')
    .getByRole('button', { name: t(lang, 'commodity:actions.distribute') })
    .click();

  await expect(ui.title(page)).toHaveText(t(lang, 'titles.commodityDistribute'));
  await expect(page).toHaveURL(/\/pages-sub\/commodityDistribute\/index\?ids=/);
  const main = page.getByRole('main');
  await expect(main).toContainText(first.no);
  await expect(main).toContainText(second.name);
  await page.getByRole('radio', { name: valuer.name }).check({ force: true });
  const submit = page
    .locator('.page__footer')
    .getByRole('button', { name: t(lang, 'commodity:distribute.submitTo', { count: 2, name: valuer.name }) });
  await expect(submit).toBeEnabled();
  await submit.click();
  const dialog = page.locator('.adm-dialog');
  await expect(dialog).toContainText(valuer.name);
  await expect(dialog).toContainText('2');
  await dialog.getByRole('button', { name: t(lang, 'commodity:actions.distribute') }).click();
  await expect(ui.toast(page, t(lang, 'success.distribute'))).toBeVisible();
  await expect(page).toHaveURL(/\/pages-sub\/commodityList\/index/);
  // The two now wait for the valuer; the third still waits for distribution.
  await expect(card(page, first.no)).toHaveCount(0);
  await expect(page.locator('article.commodity-card')).toHaveCount(1);

  const detail = await apiCall<{ status: number; valuer: { id: number } | null; allowed_actions: string[] }>(
    request,
    valuerSession,
    'GET',
    `/api/commodities/${first.id}`,
  );
  expect(detail.status).toBe(20);
  expect(detail.valuer?.id).toBe(valuer.id);
  expect(detail.allowed_actions).toContain('startAppraisal');

  // The valuer's view of the same commodity.
  await storeSession(page, valuerSession);
  await page.goto(detailPath(first.id));
  const footer = page.locator('.page__footer');
  await expect(footer.getByRole('button', { name: t(lang, 'commodity:actions.startAppraisal') })).toBeVisible();
  await expect(footer.getByRole('button', { name: t(lang, 'commodity:actions.distribute') })).toHaveCount(0);
  await expect(footer.getByRole('button', { name: t(lang, 'commodity:actions.update') })).toHaveCount(0);
  await expect(page.getByRole('main')).toContainText(valuer.name);
  await expect(page.getByRole('main').locator('.commodity-status-tag').first()).toHaveText('待鉴定');

  // The timeline: round 1, the first appraisal with its valuer.
  await page.getByRole('link', { name: new RegExp(t(lang, 'commodity:detail.flowLink')) }).click();
  await expect(ui.title(page)).toHaveText(t(lang, 'titles.flowIdentify'));
  await expect(page.getByRole('main')).toContainText(t(lang, 'commodity:round', { round: 1 }));
  await expect(page.getByRole('main')).toContainText(t(lang, 'commodity:flow.step.first'));
  await expect(page.getByRole('main')).toContainText(valuer.name);

  // The valuer's own list, opened from the dashboard's figure, has both.
  await page.goto('/');
  await page
    .getByRole('button', { name: new RegExp(t(lang, 'dashboard:stats.inAppraisal')) })
    .first()
    .click();
  await expect(page).toHaveURL(`${LIST}?tab=appraisal&scope=mine`);
  await expect(card(page, first.no)).toBeVisible();
  await expect(card(page, second.no)).toBeVisible();
  // A valuer has no distribution checkboxes.
  await expect(page.getByLabel(t(lang, 'commodity:list.select', { no: first.no }))).toHaveCount(0);
});

interface DetailBody {
  version: number;
  status: number;
  round: number;
}

/** One action through the API; answers the commodity as it is now. */
function act(request: APIRequestContext, session: SessionTokens, id: number, action: string, body: object) {
  return apiCall<DetailBody>(request, session, 'POST', `/api/commodities/${id}/${action}`, body);
}

/** Hands commodities to a valuer through the API, as the recorder. */
async function distribute(request: APIRequestContext, recorder: SessionTokens, ids: number[], valuerId: number) {
  const items = [];
  for (const id of ids) {
    const { version } = await apiCall<DetailBody>(request, recorder, 'GET', `/api/commodities/${id}`);
    items.push({ id, version });
  }
  await apiCall(request, recorder, 'POST', '/api/commodities/distribute', { items, valuer_id: valuerId });
}

const VERDICT = {
  is_real: 1,
  state_level: 'A',
  product_status: 1,
  price_low: 10000,
  price_high: 12000,
  expected_sale_price: 15000,
  currency: 'CNY',
  report: '做工与刻印一致，轻微使用痕迹。',
};

test('the timeline hides the first verdict from the reconsidering valuer; the recorder re-assesses an identified item', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const lang = 'zh-Hans';
  const { recorder, enrolled } = await setUp(request);
  const [first, second] = enrolled.items;
  if (!first || !second) throw new Error('enrollment failed');
  const [firstValuer, secondValuer] = [
    await apiLogin(request, DEMO.valuers[0]),
    await apiLogin(request, DEMO.valuers[1]),
  ];
  const detailOf = (session: SessionTokens, id: number) =>
    apiCall<DetailBody>(request, session, 'GET', `/api/commodities/${id}`);

  // Both handed to valuer 1; valuer 1 appraises both; valuer 2 takes both reconsiderations and
  // agrees on the second.
  await distribute(request, recorder, [first.id, second.id], firstValuer.user.id);
  for (const item of [first, second]) {
    const started = await act(request, firstValuer, item.id, 'start-appraisal', {
      version: (await detailOf(firstValuer, item.id)).version,
    });
    await act(request, firstValuer, item.id, 'appraise', { ...VERDICT, version: started.version });
    const taken = await act(request, secondValuer, item.id, 'start-reconsideration', {
      version: (await detailOf(secondValuer, item.id)).version,
    });
    if (item === second)
      await act(request, secondValuer, item.id, 'reconsider', { ...VERDICT, version: taken.version });
  }

  // Valuer 2's reconsiderations: their own in progress; a tap opens the appraisal page.
  await storeSession(page, secondValuer);
  await page.goto('/pages-sub/revisitList/index');
  await expect(ui.title(page)).toHaveText(t(lang, 'titles.revisitList'));
  await expect(card(page, first.no)).toBeVisible();
  await shoot(page, 'revisit-zh-Hans-390');
  await card(page, first.no).getByRole('link').click();
  await expect(page).toHaveURL(`/pages-sub/commodityIdentify/index?id=${first.id}`);

  // Blind: valuer 2 does not see valuer 1's verdict on the first before submitting.
  await page.goto(`/pages-sub/flowIdentify/index?id=${first.id}`);
  const main = page.getByRole('main');
  await expect(main).toContainText(t(lang, 'commodity:flow.step.reconsideration'));
  await expect(main).toContainText(t(lang, 'commodity:flow.hidden'));
  await expect(main).not.toContainText(VERDICT.report);

  // Valuer 1 sees their own verdict; on the second, both steps and their agreement.
  await storeSession(page, firstValuer);
  await page.goto(`/pages-sub/flowIdentify/index?id=${first.id}`);
  await expect(main).toContainText(VERDICT.report);
  await expect(main).not.toContainText(t(lang, 'commodity:flow.hidden'));
  await page.goto(`/pages-sub/flowIdentify/index?id=${second.id}`);
  await expect(main).toContainText(t(lang, 'commodity:flow.agrees'));
  await expect(main.locator('.commodity-flow__step')).toHaveCount(2);
  await shoot(page, 'flow-zh-Hans-390');

  // The recorder sees the result, buys back or re-assesses.
  await storeSession(page, recorder);
  await page.goto(detailPath(second.id));
  await expect(main.locator('.commodity-status-tag').first()).toHaveText('已鉴定');
  await expect(main).toContainText(t(lang, 'commodity:detail.result'));
  await expect(main).toContainText('正品');
  await expect(main).toContainText(VERDICT.report);
  const footer = page.locator('.page__footer');
  await expect(footer.getByRole('button', { name: t(lang, 'commodity:actions.recycle') })).toBeVisible();
  await shoot(page, 'detail-result-zh-Hans-390');

  await footer.getByRole('button', { name: t(lang, 'commodity:actions.reassess') }).click();
  const popup = page.locator('.commodity-popup');
  await expect(popup).toBeVisible();
  await shoot(page, 'reassess-zh-Hans-390');
  await popup.getByRole('button', { name: t(lang, 'commodity:reassess.submit') }).click();
  await expect(popup).toContainText(t(lang, 'commodity:reassess.typeRequired'));
  await popup.getByText('客户要求', { exact: true }).click();
  await popup.getByLabel(t(lang, 'commodity:reassess.reason')).fill('客户对成色等级有异议');
  await popup.getByRole('button', { name: t(lang, 'commodity:reassess.submit') }).click();
  const dialog = page.locator('.adm-dialog');
  await expect(dialog).toContainText(second.no);
  await dialog.getByRole('button', { name: t(lang, 'commodity:reassess.submit') }).click();
  await expect(ui.toast(page, t(lang, 'success.operate'))).toBeVisible();
  await expect(main.locator('.commodity-status-tag').first()).toHaveText('待鉴定');
  await expect(main).toContainText(t(lang, 'commodity:round', { round: 2 }));
  await expect(main).toContainText(t(lang, 'commodity:history.reassess'));
  expect((await detailOf(recorder, second.id)).round).toBe(2);
});

test('the recorder confirms an assumed name from the catalog', async ({ page }) => {
  const lang = 'zh-Hans';
  const { recorder, enrolled } = await setUp(page.request);
  const third = enrolled.items[2];
  if (!third) throw new Error('enrollment failed');
  await storeSession(page, recorder);
  await page.goto(detailPath(third.id));
  await expect(page.getByRole('main')).toContainText(t(lang, 'commodity:detail.nameAssumed'));
  await page
    .locator('.page__footer')
    .getByRole('button', { name: t(lang, 'commodity:actions.confirmName') })
    .click();
  await expect(ui.title(page)).toHaveText(t(lang, 'titles.assumeNaming'));
  const main = page.getByRole('main');
  await expect(main).toContainText(third.name);
  const products = main.getByRole('radiogroup').getByRole('radio');
  await expect(products.first()).toBeAttached();
  const choice = main.locator('.commodity-choice').first();
  const productName = (await choice.locator('.commodity-product__name').textContent()) ?? '';
  expect(productName).not.toBe('');
  const productCode = ((await choice.locator('.commodity-product__text .figure').textContent()) ?? '')
    .split(' · ')
    .at(-1);
  expect(productCode).toBeTruthy();
  await choice.click();
  await shoot(page, 'naming-zh-Hans-390');
  await page
    .locator('.page__footer')
    .getByRole('button', { name: t(lang, 'commodity:naming.submit', { name: productName }) })
    .click();
  const dialog = page.locator('.adm-dialog');
  await expect(dialog).toContainText(productName);
  await dialog.getByRole('button', { name: t(lang, 'commodity:actions.confirmName') }).click();
  await expect(ui.toast(page, t(lang, 'success.operate'))).toBeVisible();
  await expect(page).toHaveURL(detailPath(third.id));
  // The stored name is the maker's, read by every language (decisions.md "Catalog and banners in
  // the reader's language"): the product's code says it is the one chosen.
  await expect(main).toContainText(productCode ?? '');
  await expect(main).toContainText(t(lang, 'commodity:detail.nameConfirmed'));
});

test('the action bar fits its buttons on one line at 360 px, in English and Japanese (issue 29)', async ({ page }) => {
  const { recorder, enrolled } = await setUp(page.request);
  const third = enrolled.items[2];
  if (!third) throw new Error('enrollment failed');
  await storeSession(page, recorder);
  await page.setViewportSize({ width: 360, height: 740 });
  for (const lang of ['en', 'ja'] as const) {
    await storeLanguage(page, lang);
    await page.goto(detailPath(third.id));
    const bar = page.locator('.page__footer');
    const confirm = bar.getByRole('button', { name: t(lang, 'commodity:actions.confirmName') });
    await expect(confirm).toBeVisible();
    await shot(page, `action-bar-${lang}-360`);
    const buttons = await bar.getByRole('button').all();
    expect(buttons.length).toBeGreaterThan(1);
    // Each label is drawn on one line, and every button sits in the same row.
    const tops = new Set<number>();
    for (const button of buttons) {
      const box = await button.boundingBox();
      if (!box) throw new Error('a button without a box');
      tops.add(Math.round(box.y));
      const lines = await button.evaluate((element) => {
        const range = document.createRange();
        range.selectNodeContents(element);
        return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
      });
      expect(lines, (await button.textContent()) ?? '').toBe(1);
    }
    expect(tops.size).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  }
});

test('screenshots of the list, detail and distribution in Chinese and Japanese', async ({ page }) => {
  test.setTimeout(120_000);
  const { recorder, enrolled } = await setUp(page.request);
  const third = enrolled.items[2];
  const first = enrolled.items[0];
  if (!third || !first) throw new Error('enrollment failed');
  await storeSession(page, recorder);
  for (const lang of ['zh-Hans', 'ja'] as const) {
    await storeLanguage(page, lang);
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 360, height: 740 },
    ]) {
      await page.setViewportSize(viewport);
      const size = viewport.width;
      await page.goto(LIST);
      await expect(page.locator('article.commodity-card').first()).toBeVisible();
      await expect(page.getByRole('tab', { name: t(lang, 'commodity:tabs.all') })).toBeVisible();
      await shoot(page, `list-${lang}-${size}`);
      await page.goto(detailPath(first.id));
      await expect(page.getByRole('main')).toContainText(first.name);
      await shoot(page, `detail-${lang}-${size}`);
      await page.getByRole('main').evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await shoot(page, `detail-bottom-${lang}-${size}`);
      await page.goto(`/pages-sub/commodityDistribute/index?ids=${third.id}`);
      await expect(page.getByRole('main')).toContainText(third.no);
      await shoot(page, `distribute-${lang}-${size}`);
    }
  }
});

test('a commodity returned for modification shows the reason and puts the update first', async ({ page, request }) => {
  const lang = 'zh-Hans';
  const { recorder, enrolled } = await setUp(request);
  const third = enrolled.items[2];
  if (!third) throw new Error('enrollment failed');
  const valuerSession = await apiLogin(request, DEMO.valuers[2]);
  await distribute(request, recorder, [third.id], valuerSession.user.id);
  const assigned = await apiCall<DetailBody>(request, valuerSession, 'GET', `/api/commodities/${third.id}`);
  const started = await act(request, valuerSession, third.id, 'start-appraisal', { version: assigned.version });
  const reason = '请补拍刻印的清晰照片';
  await act(request, valuerSession, third.id, 'return', { version: started.version, reason });

  await storeSession(page, recorder);
  await page.goto(`${LIST}?tab=toBeModified&scope=mine`);
  await card(page, third.no).getByRole('link').click();
  const main = page.getByRole('main');
  await expect(main.locator('.commodity-status-tag').first()).toHaveText('待修改');
  const callout = main.getByRole('alert');
  await expect(callout).toContainText(t(lang, 'commodity:detail.modificationReason'));
  await expect(callout).toContainText(reason);
  // The update is the primary action, on the right.
  const buttons = page.locator('.page__footer').getByRole('button');
  await expect(buttons.last()).toHaveText(t(lang, 'commodity:actions.update'));
  await shoot(page, 'detail-modify-zh-Hans-390');
});
