/**
 * The appraisal pages against the real server, each person in their own browser context: the
 * recorder registers an 18K gold item with photos and hands it to valuer 1 (through the API);
 * valuer 1 starts and submits the first appraisal with the metal calculator; valuer 2 starts a
 * blind reconsideration, sees no sign of the first verdict or price, and disagrees; valuer 3
 * compares both on the comprehensive page and fixes the result; the recorder buys the item back
 * in yen. Screenshots of the three pages in Chinese and Japanese at two phone sizes go to
 * E2E_SHOTS.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { apiCall, type Lang, t, ui } from './app.ts';
import { fillIdentity, sign } from './buyback-ui.ts';
import { PHONE_VIEWPORT } from './chromium.ts';
import { appraise, enrollAndDistribute, goldBracelet, registrationKit, runTag, verdict } from './commodity-api.ts';
import {
  comprehensivePath,
  detailPath,
  dialog,
  dictionary,
  footer,
  identifyPath,
  option,
  personPage,
  pick,
  recyclePath,
  setLanguage,
} from './commodity-ui.ts';
import { apiLogin, DEMO, expect, SHOTS_DIR, shot, test } from './fixtures.ts';
import { upload } from './photos.ts';
import type { SessionTokens } from './session.ts';

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 360, height: 740 },
] as const;

interface Detail {
  id: number;
  no: string;
  status: number;
  version: number;
  flows: {
    step: string;
    hidden: boolean;
    result: { price_low: number; is_real: number } | null;
    agrees: boolean | null;
  }[];
  result: { is_real: number; state_level: string; price_low: number; price_high: number; currency: string } | null;
  recycle: { is_recycle: number; price: number | null; currency: string | null } | null;
  allowed_actions: string[];
}

const detailOf = (request: APIRequestContext, session: SessionTokens, id: number) =>
  apiCall<Detail>(request, session, 'GET', `/api/commodities/${id}`);

/**
 * The recorder and the three valuers signed in, and one 18K gold bracelet of 12.5 g with photos
 * that the recorder has registered and handed to valuer 1 through the API.
 */
async function braceletForValuer1(request: APIRequestContext) {
  const recorder = await apiLogin(request, DEMO.recorder);
  const [valuer1, valuer2, valuer3] = await Promise.all(DEMO.valuers.map((mobile) => apiLogin(request, mobile)));
  if (!valuer1 || !valuer2 || !valuer3) throw new Error('three valuers');
  const kit = await registrationKit(request, recorder, [0xfa, 0x8c, 0x16]);
  const productPhoto = await upload(request, recorder, [0xd4, 0xa0, 0x17]);
  const accessoryPhoto = await upload(request, recorder, [0x52, 0xc4, 0x1a]);
  const tag = runTag();
  const name = `金手镯 ${tag}`;
  const commodity = goldBracelet(kit, name, {
    product_pics: [productPhoto, kit.photo],
    accessory_pics: [accessoryPhoto],
    remark: '客户急需现金',
  });
  const customer = { customer_name: `客户${tag}`, customer_address: '東京都中央区銀座 1-1' };
  const item = { ...(await enrollAndDistribute(request, recorder, commodity, valuer1.user.id, { customer })), name };
  return { recorder, valuer1, valuer2, valuer3, item };
}

/** `session`'s own phone in `lang`, open at `path`, its bar titled `title`. */
async function phoneAt(
  openPhone: () => Promise<Page>,
  session: SessionTokens,
  lang: Lang,
  path: string,
  title: string,
) {
  const page = await personPage(openPhone, session, lang);
  await page.goto(path);
  await expect(ui.title(page)).toHaveText(t(lang, title));
  return page;
}

/** The page has gone to the item's detail, and `session` reads the item at `status` there; answers it. */
async function backOnDetail(
  page: Page,
  request: APIRequestContext,
  session: SessionTokens,
  id: number,
  status: number,
) {
  await expect(page).toHaveURL(detailPath(id));
  const after = await detailOf(request, session, id);
  expect(after.status).toBe(status);
  return after;
}

/**
 * Submits the page's form through the footer's `button` and the dialog that confirms it, which
 * names the item and, when given, `shows`; then the toast `done`.
 */
async function submitConfirmed(
  page: Page,
  lang: Lang,
  button: string,
  no: string,
  shows: string | RegExp | null,
  done: string,
) {
  await footer(page)
    .getByRole('button', { name: t(lang, button) })
    .click();
  await expect(dialog(page)).toContainText(no);
  if (shows) await expect(dialog(page)).toContainText(shows);
  await dialog(page)
    .getByRole('button', { name: t(lang, button) })
    .click();
  await expect(ui.toast(page, t(lang, done))).toBeVisible();
}

/**
 * Screenshots at both phone sizes, in the language the page shows: the page screen by screen as
 * a person scrolls it (`-0`, `-1`, …, the sticky bars where they really are).
 */
async function shoot(page: Page, name: string, ready: () => Promise<void>) {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await ready();
    if (!SHOTS_DIR) continue;
    // A result's toast is gone before the picture is taken.
    await expect(page.locator('.adm-toast-main')).toHaveCount(0, { timeout: 5000 });
    // The live-events stream keeps the network busy: wait for the images instead of network idle.
    await page.waitForFunction(() => [...document.images].every((image) => image.complete));
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    const step = viewport.height - 160;
    for (let index = 0, top = 0; top < height && index < 12; index += 1, top += step) {
      await page.evaluate((y) => window.scrollTo({ top: y, behavior: 'instant' }), top);
      await shot(page, `${name}-${viewport.width}-${index}`);
      if (top + viewport.height >= height) break;
    }
    await page.evaluate(() => window.scrollTo(0, 0));
  }
  await page.setViewportSize(PHONE_VIEWPORT);
}

test('first appraisal with the metal calculator, blind reconsideration, comprehensive assessment, buyback in yen', async ({
  openPhone,
  request,
}) => {
  test.setTimeout(240_000);
  const { recorder, valuer1, valuer2, valuer3, item } = await braceletForValuer1(request);
  const zh = await dictionary(request, recorder, 'zh-Hans');
  const ja = await dictionary(request, recorder, 'ja');

  // ---- valuer 1, in Chinese: start, then appraise with the metal calculator ----
  {
    const lang = 'zh-Hans';
    const page = await phoneAt(openPhone, valuer1, lang, identifyPath(item.id), 'titles.commodityIdentify');
    const main = page.getByRole('main');
    await expect(main).toContainText(item.no);
    await expect(main).toContainText(item.name);
    await expect(main).toContainText('客户急需现金');
    await expect(main.locator('.photo-grid').first()).toBeVisible();
    await shoot(page, 'identify-start-zh-Hans', async () => {
      await expect(main).toContainText(t(lang, 'appraisal:identify.startHint'));
    });

    await footer(page)
      .getByRole('button', { name: t(lang, 'appraisal:identify.start') })
      .click();
    await expect(dialog(page)).toContainText(item.no);
    await dialog(page)
      .getByRole('button', { name: t(lang, 'appraisal:identify.start') })
      .click();
    await expect(page.getByTestId('appraisal-elapsed')).toBeVisible();
    expect((await detailOf(request, valuer1, item.id)).status).toBe(30);

    // Nothing filled: the checks say what is missing, under each field.
    await footer(page)
      .getByRole('button', { name: t(lang, 'appraisal:identify.submit') })
      .click();
    await expect(page.getByRole('group', { name: t(lang, 'appraisal:form.isReal') })).toContainText(
      t(lang, 'appraisal:errors.chooseOne'),
    );
    await expect(page.locator('[data-field="price_low"]')).toContainText(t(lang, 'appraisal:errors.required'));
    await expect(dialog(page)).toHaveCount(0);

    await option(page, t(lang, 'appraisal:form.isReal'), zh('identify_result', 'is_real', 1)).click();
    await option(page, t(lang, 'appraisal:form.stateLevel'), 'A').click();
    await option(page, t(lang, 'appraisal:form.productStatus'), zh('identify_result', 'product_status', 2)).click();
    await expect(page.locator('[data-field="is_real"] .field-error')).toHaveCount(0);

    // The calculator: weight and fineness come from the registration and the material.
    await expect(page.getByLabel(t(lang, 'appraisal:metal.weight'), { exact: true })).toHaveValue('12.5');
    await expect(page.getByLabel(t(lang, 'appraisal:metal.fineness'), { exact: true })).toHaveValue('750');
    await page.getByLabel(t(lang, 'appraisal:metal.spot'), { exact: true }).fill('560');
    // 12.5 g × 0.750 × ¥560 = ¥5,250.00
    await expect(page.getByTestId('metal-value')).toHaveText('¥5,250.00');
    await page.getByRole('button', { name: t(lang, 'appraisal:metal.use') }).click();
    await expect(page.getByLabel(t(lang, 'appraisal:form.priceLow'), { exact: true })).toHaveValue('5250');
    await expect(page.getByLabel(t(lang, 'appraisal:form.priceHigh'), { exact: true })).toHaveValue('5250');
    // A high price below the low one is refused as the contract refuses it.
    await page.getByLabel(t(lang, 'appraisal:form.priceHigh'), { exact: true }).fill('5000');
    await footer(page)
      .getByRole('button', { name: t(lang, 'appraisal:identify.submit') })
      .click();
    await expect(page.locator('[data-field="price_high"]')).toContainText(
      t(lang, 'appraisal:errors.priceRangeInvalid'),
    );
    await page.getByLabel(t(lang, 'appraisal:form.priceHigh'), { exact: true }).fill('5800');
    await page
      .getByLabel(t(lang, 'appraisal:form.report'), { exact: true })
      .fill('18K 印记清晰，称重 12.5 克，按当日金价估算。');

    await shoot(page, 'identify-zh-Hans', async () => {
      await expect(page.getByTestId('metal-value')).toBeVisible();
    });
    // The draft survives a reload; the Japanese screenshots come from it.
    await setLanguage(page, 'ja');
    await expect(page.getByLabel(t('ja', 'appraisal:form.priceHigh'), { exact: true })).toHaveValue('5800');
    await shoot(page, 'identify-ja', async () => {
      await expect(page.getByTestId('metal-value')).toBeVisible();
    });
    await setLanguage(page, lang);
    await expect(page.getByLabel(t(lang, 'appraisal:form.priceHigh'), { exact: true })).toHaveValue('5800');

    await submitConfirmed(
      page,
      lang,
      'appraisal:identify.submit',
      item.no,
      '¥5,250.00 – ¥5,800.00',
      'appraisal:identify.submitted',
    );
    await backOnDetail(page, request, valuer1, item.id, 40);
    await page.context().close();
  }

  // ---- valuer 2, in Japanese: a blind reconsideration that disagrees ----
  {
    const lang = 'ja';
    const page = await personPage(openPhone, valuer2, lang);
    const blind = await detailOf(request, valuer2, item.id);
    const firstFlow = blind.flows.find((flow) => flow.step === 'first');
    expect(firstFlow?.hidden).toBe(true);
    expect(firstFlow?.result).toBeNull();

    const loaded = page.waitForResponse((response) => response.url().endsWith(`/api/commodities/${item.id}`));
    await page.goto(identifyPath(item.id));
    await loaded;
    const main = page.getByRole('main');
    await expect(main).toContainText(t(lang, 'appraisal:identify.blindTitle'));
    // A reconsideration, not an appraisal, in the bar and the document title.
    await expect(ui.title(page)).toHaveText(t(lang, 'titles.reconsideration'));
    await expect(page).toHaveTitle(new RegExp(`^${t(lang, 'titles.reconsideration')} · `));
    await footer(page)
      .getByRole('button', { name: t(lang, 'appraisal:identify.startReconsideration') })
      .click();
    await dialog(page)
      .getByRole('button', { name: t(lang, 'appraisal:identify.startReconsideration') })
      .click();
    await expect(
      footer(page).getByRole('button', { name: t(lang, 'appraisal:identify.submitReconsideration') }),
    ).toBeVisible();
    await expect(main).toContainText(t(lang, 'appraisal:identify.blindHint'));
    await shoot(page, 'identify-blind-ja', async () => {
      await expect(main).toContainText(t(lang, 'appraisal:identify.blindTitle'));
    });
    // No sign of the first verdict or price anywhere on the page.
    await expect(page.getByTestId('appraisal-compare')).toHaveCount(0);
    await expect(main.locator('.appraisal-result')).toHaveCount(0);
    for (const hidden of ['5,250', '5250', '5,800', '5800', '18K 印记清晰']) {
      await expect(main).not.toContainText(hidden);
    }
    // The form starts in the shop's currency (SHOP_CURRENCY, CNY here), whatever the language; this valuer prices in yen.
    await expect(page.locator('#appraisal-identify-form-currency')).toContainText('CNY');
    await pick(page, 'appraisal-identify-form-currency', ja('common', 'currency', 'JPY'));
    await expect(page.locator('#appraisal-identify-form-currency')).toContainText('JPY');

    await option(page, t(lang, 'appraisal:form.isReal'), ja('identify_result', 'is_real', 2)).click();
    await option(page, t(lang, 'appraisal:form.stateLevel'), 'C').click();
    await option(page, t(lang, 'appraisal:form.productStatus'), ja('identify_result', 'product_status', 4)).click();
    await page.getByLabel(t(lang, 'appraisal:form.priceLow'), { exact: true }).fill('3000.5');
    await page.getByLabel(t(lang, 'appraisal:form.priceHigh'), { exact: true }).fill('4000');
    await footer(page)
      .getByRole('button', { name: t(lang, 'appraisal:identify.submitReconsideration') })
      .click();
    await expect(page.locator('[data-field="not_genuine_reason"]')).toContainText(
      t(lang, 'appraisal:errors.notGenuineReasonRequired'),
    );
    await expect(page.locator('[data-field="price_low"]')).toContainText(
      t(lang, 'appraisal:errors.wholeCurrencyRequired'),
    );
    await pick(
      page,
      'appraisal-identify-form-not_genuine_reason',
      ja('identify_result', 'not_genuine_reason', 'hallmark_mismatch'),
    );
    await page.getByLabel(t(lang, 'appraisal:form.reasonNote'), { exact: true }).fill('刻印の書体が正規品と異なる');
    await page.getByLabel(t(lang, 'appraisal:form.priceLow'), { exact: true }).fill('3000');

    await submitConfirmed(
      page,
      lang,
      'appraisal:identify.submitReconsideration',
      item.no,
      null,
      'appraisal:identify.reconsidered',
    );
    // Now both results, and that they disagree.
    await expect(page.getByTestId('appraisal-compare')).toBeVisible();
    await expect(main).toContainText(t(lang, 'appraisal:identify.disagreeNote'));
    await expect(main).toContainText(t(lang, 'appraisal:result.disagrees'));
    await expect(page.getByTestId('appraisal-compare')).toContainText('5,250');
    // Yen against yuan: the prices differ by the rule, which is named with its tolerance.
    await expect(page.getByTestId('appraisal-compare')).toContainText(
      t(lang, 'appraisal:result.priceDiffers', { percent: 10 }),
    );
    await expect(main).toContainText(t(lang, 'appraisal:result.rule', { percent: 10 }));
    await expect(ui.title(page)).toHaveText(t(lang, 'titles.reconsideration'));
    await shoot(page, 'identify-results-ja', async () => {
      await expect(page.getByTestId('appraisal-compare')).toBeVisible();
    });
    const after = await detailOf(request, valuer2, item.id);
    expect(after.status).toBe(60);
    expect(after.flows.find((flow) => flow.step === 'reconsideration')?.agrees).toBe(false);
    await page.context().close();
  }

  // ---- valuer 3: the comprehensive assessment ----
  {
    let lang: Lang = 'ja';
    const page = await phoneAt(openPhone, valuer3, lang, comprehensivePath(item.id), 'titles.flowComprehensive');
    const compare = page.getByTestId('appraisal-compare');
    await expect(compare).toBeVisible();
    // Verdict, state level and price differ: each marked on both sides.
    await expect(compare.locator('.appraisal-result__row.is-different')).toHaveCount(6);
    // The item itself beside the verdicts: its photos (the zoom viewer opens) and its facts.
    const main = page.getByRole('main');
    await expect(main).toContainText(item.name);
    await expect(main).toContainText('客户急需现金');
    await expect(main).toContainText('12.5 g');
    const productPhotos = t(lang, 'enroll:fields.product_pics');
    await expect(main.getByRole('list', { name: productPhotos }).getByRole('img')).toHaveCount(2);
    await main.getByRole('list', { name: productPhotos }).getByRole('button').first().click();
    const viewer = page.getByRole('dialog', { name: productPhotos });
    await expect(viewer.getByRole('img').first()).toBeVisible();
    await viewer.getByRole('button', { name: t(lang, 'photos:close') }).click();
    await expect(viewer).toBeHidden();
    await expect(compare).toContainText(ja('identify_result', 'is_real', 1));
    await expect(compare).toContainText(ja('identify_result', 'is_real', 2));
    await shoot(page, 'comprehensive-ja', async () => {
      await expect(compare).toBeVisible();
    });
    lang = 'zh-Hans';
    await setLanguage(page, lang);
    await expect(compare).toContainText(zh('identify_result', 'is_real', 2));
    await shoot(page, 'comprehensive-zh-Hans', async () => {
      await expect(compare).toBeVisible();
    });

    await page.getByRole('button', { name: t(lang, 'appraisal:comprehensive.takeFirst') }).click();
    await expect(page.getByText(t(lang, 'appraisal:comprehensive.prefilledFirst'))).toBeVisible();
    await expect(page.getByLabel(t(lang, 'appraisal:form.priceLow'), { exact: true })).toHaveValue('5250');
    await expect(page.getByLabel(t(lang, 'appraisal:form.priceHigh'), { exact: true })).toHaveValue('5800');
    await page.getByLabel(t(lang, 'appraisal:form.priceHigh'), { exact: true }).fill('5600');
    await submitConfirmed(
      page,
      lang,
      'appraisal:comprehensive.submit',
      item.no,
      '¥5,250.00 – ¥5,600.00',
      'appraisal:comprehensive.done',
    );
    const after = await backOnDetail(page, request, valuer3, item.id, 70);
    expect(after.result).toMatchObject({ is_real: 1, state_level: 'A', price_low: 5250, price_high: 5600 });
    await page.context().close();
  }

  // ---- the recorder, in Japanese: buys it back in yen ----
  {
    let lang: Lang = 'zh-Hans';
    const page = await phoneAt(openPhone, recorder, lang, recyclePath(item.id), 'titles.commodityRecycle');
    const main = page.getByRole('main');
    await expect(main).toContainText(t(lang, 'appraisal:recycle.finalResult'));
    await expect(main).toContainText('¥5,250.00 – ¥5,600.00');
    await option(page, t(lang, 'appraisal:recycle.isRecycle'), zh('recycle', 'is_recycle', 1)).click();
    await shoot(page, 'recycle-zh-Hans', async () => {
      await expect(main).toContainText(t(lang, 'appraisal:recycle.price'));
    });
    lang = 'ja';
    await setLanguage(page, lang);
    await option(page, t(lang, 'appraisal:recycle.isRecycle'), ja('recycle', 'is_recycle', 1)).click();
    // The result's currency first; the shop in Japan pays in yen.
    await expect(page.locator('#appraisal-recycle-form-currency')).toContainText('CNY');
    await pick(page, 'appraisal-recycle-form-currency', ja('common', 'currency', 'JPY'));
    await page.getByRole('textbox', { name: t(lang, 'appraisal:recycle.price'), exact: true }).fill('12000.5');
    await shoot(page, 'recycle-ja', async () => {
      await expect(main).toContainText(t(lang, 'appraisal:recycle.price'));
    });
    await footer(page)
      .getByRole('button', { name: t(lang, 'appraisal:recycle.submitBuy') })
      .click();
    await expect(page.locator('[data-field="price"]')).toContainText(t(lang, 'appraisal:errors.wholeCurrencyRequired'));
    await page.getByRole('textbox', { name: t(lang, 'appraisal:recycle.price'), exact: true }).fill('12000');
    // A buyback checks the seller and takes their signature (buyback.spec.ts walks it through).
    await fillIdentity(page, lang);
    await sign(page);
    await submitConfirmed(page, lang, 'appraisal:recycle.submitBuy', item.no, /12,000/, 'appraisal:recycle.bought');
    const after = await backOnDetail(page, request, recorder, item.id, 80);
    expect(after.recycle).toMatchObject({ is_recycle: 1, price: 12000, currency: 'JPY' });

    // Afterwards the page only says that the decision is recorded.
    await page.goto(recyclePath(item.id));
    await expect(main).toContainText(t(lang, 'appraisal:recycle.closed'));
    await expect(footer(page).getByRole('button', { name: t(lang, 'appraisal:recycle.submitBuy') })).toHaveCount(0);
    await page.context().close();
  }
});

test('return for modification needs a reason; others see who is appraising and cannot act', async ({
  openPhone,
  request,
}) => {
  test.setTimeout(120_000);
  const { recorder, valuer1, valuer2, item } = await braceletForValuer1(request);
  const lang = 'zh-Hans';

  // Valuer 2 is not the one it was given to: nothing to start, and it says whose it is.
  const other = await personPage(openPhone, valuer2, lang);
  await other.goto(identifyPath(item.id));
  await expect(other.getByRole('main')).toContainText(t(lang, 'appraisal:identify.nothingToDo'));
  await expect(other.getByRole('main')).toContainText(
    t(lang, 'appraisal:identify.assignedTo', { name: valuer1.user.name }),
  );
  await expect(footer(other).getByRole('button', { name: t(lang, 'appraisal:identify.start') })).toHaveCount(0);
  await expect(footer(other).getByRole('button', { name: t(lang, 'appraisal:identify.openDetail') })).toBeVisible();

  const page = await personPage(openPhone, valuer1, lang);
  await page.goto(identifyPath(item.id));
  await footer(page)
    .getByRole('button', { name: t(lang, 'appraisal:identify.start') })
    .click();
  await dialog(page)
    .getByRole('button', { name: t(lang, 'appraisal:identify.start') })
    .click();
  await expect(page.getByTestId('appraisal-elapsed')).toBeVisible();

  // Meanwhile valuer 2 sees that valuer 1 is appraising it (the page follows the commodity).
  await other.reload();
  await expect(other.getByRole('main')).toContainText(
    t(lang, 'appraisal:identify.inAppraisalBy', { name: valuer1.user.name }),
  );
  await expect(other.locator('form')).toHaveCount(0);
  await other.context().close();

  await footer(page)
    .getByRole('button', { name: t(lang, 'appraisal:identify.return') })
    .click();
  const prompt = dialog(page);
  await expect(prompt).toContainText(item.no);
  await expect(prompt).toContainText(recorder.user.name);
  await prompt.getByRole('button', { name: t(lang, 'confirm') }).click();
  await expect(prompt).toContainText(t(lang, 'appraisal:identify.returnRequired'));
  await prompt.getByRole('textbox').fill('尺寸照片模糊，请补拍内圈刻印');
  await prompt.getByRole('button', { name: t(lang, 'confirm') }).click();
  await expect(ui.toast(page, t(lang, 'appraisal:identify.returned'))).toBeVisible();
  await backOnDetail(page, request, valuer1, item.id, 35);

  // Back on the appraisal page: returned to the recorder, with the reason.
  await page.goto(identifyPath(item.id));
  await expect(page.getByRole('main')).toContainText(t(lang, 'appraisal:identify.toBeModified'));
  await expect(page.getByRole('main')).toContainText('尺寸照片模糊，请补拍内圈刻印');
  await page.context().close();
});

test('the appraisal bar keeps each label on one line at 360 px, in English and Japanese (issue 29)', async ({
  openPhone,
  request,
}) => {
  test.setTimeout(90_000);
  const { valuer1, item } = await braceletForValuer1(request);
  for (const lang of ['en', 'ja'] as const) {
    const page = await personPage(openPhone, valuer1, lang);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(identifyPath(item.id));
    if (lang === 'en') {
      await footer(page)
        .getByRole('button', { name: t(lang, 'appraisal:identify.start') })
        .click();
      await dialog(page)
        .getByRole('button', { name: t(lang, 'appraisal:identify.start') })
        .click();
    }
    const back = footer(page).getByRole('button', { name: t(lang, 'appraisal:identify.return') });
    await expect(back).toBeVisible();
    await shot(page, `appraisal-bar-${lang}-360`);
    const buttons = await footer(page).getByRole('button').all();
    expect(buttons.length).toBe(2);
    const tops = new Set<number>();
    for (const button of buttons) {
      tops.add(Math.round((await button.boundingBox())?.y ?? -1));
      // The label's text is drawn on one line.
      const lines = await button.evaluate((element) => {
        const range = document.createRange();
        range.selectNodeContents(element);
        return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
      });
      expect(lines, `${lang}: ${(await button.textContent()) ?? ''}`).toBe(1);
    }
    expect(tops.size, lang).toBe(1);
    await page.context().close();
  }
});

test('prices within the tolerance agree: nothing marked different, the tolerance named', async ({
  openPhone,
  request,
}) => {
  test.setTimeout(120_000);
  const { valuer1, valuer2, item } = await braceletForValuer1(request);
  // Middles 5,500 and 6,000: 500 apart, within 10 % of 6,000.
  await appraise(request, valuer1, item.id, verdict({ price_low: 5250, price_high: 5750 }));
  await appraise(request, valuer2, item.id, verdict({ price_low: 5500, price_high: 6500 }), 'reconsideration');
  expect((await detailOf(request, valuer2, item.id)).status).toBe(70);

  const lang = 'en';
  const page = await personPage(openPhone, valuer2, lang);
  const loaded = page.waitForResponse((response) => response.url().endsWith(`/api/commodities/${item.id}`));
  await page.goto(identifyPath(item.id));
  await loaded;
  await expect(ui.title(page)).toHaveText(t(lang, 'titles.reconsideration'));
  const compare = page.getByTestId('appraisal-compare');
  await expect(compare).toBeVisible();
  await expect(page.getByRole('main')).toContainText(t(lang, 'appraisal:identify.agreeNote'));
  await expect(compare).toContainText(t(lang, 'appraisal:result.agrees'));
  await expect(compare.locator('.appraisal-result__row.is-different')).toHaveCount(0);
  await expect(compare).not.toContainText(t(lang, 'appraisal:result.differs'));
  await expect(
    compare.getByText(t(lang, 'appraisal:result.priceWithin', { percent: 10 }), { exact: true }),
  ).toHaveCount(2);
  await expect(page.getByRole('main')).toContainText(t(lang, 'appraisal:result.rule', { percent: 10 }));
  await shoot(page, 'identify-agreement-en', async () => {
    await expect(compare).toBeVisible();
  });
  await page.context().close();
});
