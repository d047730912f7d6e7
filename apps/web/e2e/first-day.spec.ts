/**
 * Issue 28's first must-show: a shop's first day, from an empty embedded database, in the
 * browser alone. The owner sets the shop up and signs in; adds a recorder and a valuer (their
 * first passwords shown once); names the shop, its licence and its public address; imports a
 * catalog file with a bad row (the line named, nothing written), then the good one. The recorder
 * registers an item of the new brand; the valuer appraises it on the appraisal page; its
 * certificate names the shop and its licence, and its QR code opens the shop's public address.
 */
import { paths } from '@jewel/contract/values/web-paths';
import { type Page, request as playwrightRequest } from '@playwright/test';
import { apiCall, type Lang, submitLogin, t, ui } from './app.ts';
import { seriousViolations } from './axe.ts';
import { certificateUrl } from './certificate-qr.ts';
import { distribute } from './commodity-api.ts';
import {
  detailPath,
  dialog,
  dictionary,
  fieldId,
  fillCommodity,
  fillCustomer,
  footer,
  identifyPath,
  option,
  photosUploaded,
  requiredPhotos,
  searchList,
  uniquePhone,
} from './commodity-ui.ts';
import { apiLogin, expect, shot, storeSession, test } from './fixtures.ts';
import { ownServerFor } from './own-server.ts';
import { fillSetup } from './setup-ui.ts';

const lang: Lang = 'zh-Hans';
const OWNER = { name: '周店长', mobile: '13900006100', password: 'jinling-2026' };
const SHOP = {
  name: '金陵珠宝回收 新街口店',
  licence: '苏宁公古字第 320100-0001 号',
  url: 'https://jinling.example.cn',
};
const BRAND = 'Maison Aurore';
const csv = (name: string, text: string) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });

/** Adds a member from the staff page as `role`: answers their first password, shown once. */
async function addMember(page: Page, name: string, mobile: string, role: 'recorder' | 'valuers') {
  await page.getByRole('button', { name: t(lang, 'staff:add') }).click();
  const form = page.getByRole('dialog');
  await form.getByRole('textbox', { name: t(lang, 'staff:form.name') }).fill(name);
  await form.getByRole('textbox', { name: t(lang, 'staff:form.mobile') }).fill(mobile);
  // The form opens with the recorder's role ticked: a valuer's takes it off and ticks their own.
  if (role === 'valuers')
    for (const each of ['recorder', 'valuers'])
      await form.getByRole('option', { name: t(lang, `common:role.${each}`) }).click();
  await form.getByRole('button', { name: t(lang, 'staff:form.submit'), exact: true }).click();
  const shown = page.locator('.staff-password__value');
  await expect(shown).toHaveText(/^[A-Za-z0-9_-]{12}$/);
  const password = (await shown.textContent()) ?? '';
  await page.getByRole('button', { name: t(lang, 'staff:password.done') }).click();
  await expect(page.getByTestId('staff-card').filter({ hasText: name })).toBeVisible();
  return password;
}

test.describe("a shop's first day", () => {
  const shopURL = ownServerFor(63, { DEMO: '0' });

  test('set up, staffed, named and given its catalog in the browser; its first item is registered, appraised and certified', async ({
    page,
    consoleErrors,
  }) => {
    test.setTimeout(180_000);
    const base = shopURL();
    const request = await playwrightRequest.newContext({ baseURL: base });
    // A failed import answers 400, which the browser logs.
    consoleErrors.allow.push(/status of 400/);

    // The owner sets the shop up and signs in.
    await page.goto(`${base}/`);
    await expect(page).toHaveURL(`${base}${paths.setup}`);
    await fillSetup(page, lang, OWNER);
    await page.getByRole('button', { name: t(lang, 'setup:submit') }).click();
    await expect(page).toHaveURL(`${base}${paths.login}`);
    await submitLogin(page, lang, { mobile: OWNER.mobile, password: OWNER.password, agree: true });
    await expect(ui.title(page)).toHaveText(t(lang, 'titles.home'));

    // A recorder and a valuer, from the staff page.
    await page.goto(`${base}${paths.userCenter}`);
    await ui.row(page, t(lang, 'titles.staff')).click();
    await expect(ui.title(page)).toHaveText(t(lang, 'titles.staff'));
    const recorderMobile = uniquePhone();
    const valuerMobile = uniquePhone();
    const recorderPassword = await addMember(page, '王登记', recorderMobile, 'recorder');
    const valuerPassword = await addMember(page, '李鉴定', valuerMobile, 'valuers');

    // The shop's name, licence and public address, from the shop page.
    await page.goto(`${base}${paths.userCenter}`);
    await ui.row(page, t(lang, 'titles.shop')).click();
    const field = (key: string) => page.getByRole('textbox', { name: t(lang, `setup:fields.${key}`) });
    await expect(field('shop_name')).toHaveValue('金陵珠宝回收');
    await field('shop_name').fill(SHOP.name);
    await field('shop_licence_no').fill(SHOP.licence);
    await page.getByRole('button', { name: t(lang, 'shop:save'), exact: true }).click();
    await expect(ui.toast(page, t(lang, 'shop:saved'))).toBeVisible();
    await field('shop_public_url').fill(SHOP.url);
    await page.getByRole('button', { name: t(lang, 'shop:publicUrl.save'), exact: true }).click();
    await expect(ui.toast(page, t(lang, 'shop:publicUrl.saved'))).toBeVisible();

    // The catalog: a new brand and its product; a bad row first (line 3), and nothing is written.
    await page.goto(`${base}${paths.userCenter}`);
    await ui.row(page, t(lang, 'titles.catalog')).click();
    await expect(ui.title(page)).toHaveText(t(lang, 'titles.catalog'));
    const products = `brand,category,name,code\n${BRAND},brooch,Étoile brooch,MA-001\n`;
    const files = page.getByTestId('catalog-import-files');
    await files.setInputFiles([
      csv('brands.csv', `brand\n${BRAND}\n`),
      csv('products.csv', `${products}${BRAND},tiara,Couronne,MA-002\n`),
    ]);
    await page.getByRole('button', { name: t(lang, 'catalog:import.submit'), exact: true }).click();
    await expect(page.getByTestId('catalog-import-problems').getByRole('listitem')).toHaveText([
      t(lang, 'catalog:import.problem', { file: 'products.csv', line: 3, message: '未知的品类代码“tiara”' }),
    ]);
    const owner = await apiLogin(request, OWNER.mobile, OWNER.password);
    const brandNames = async () =>
      (await apiCall<{ name: string }[]>(request, owner, 'GET', '/api/brands')).map((brand) => brand.name);
    expect(await brandNames()).not.toContain(BRAND);
    await files.setInputFiles([csv('products.csv', products)]);
    await page.getByRole('button', { name: t(lang, 'catalog:import.submit'), exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: '新增商品 1 个' })).toBeVisible();
    expect(await brandNames()).toContain(BRAND);
    expect(await seriousViolations(page)).toEqual([]);

    // The recorder signs in with the password shown once and registers an item of the new brand.
    const recorder = await apiLogin(request, recorderMobile, recorderPassword);
    await storeSession(page, recorder);
    await page.goto(`${base}${paths.commodityEnroll}`);
    await expect(ui.title(page)).toHaveText(t(lang, 'titles.commodityEnroll'));
    const customerPhone = uniquePhone();
    await fillCustomer(page, '陈女士', customerPhone);
    await fillCommodity(page, 0, 'Étoile 胸针');
    await page.locator(fieldId('commodities.0.brand_id')).click();
    const brands = searchList(page);
    await brands.getByRole('searchbox').fill('Aurore');
    await brands.locator('.search-picker__option', { hasText: BRAND }).click();
    await expect(page.locator(fieldId('commodities.0.brand_id'))).toHaveText(BRAND);
    await requiredPhotos(page, 0, 7);
    await photosUploaded(page, 4);
    await page.getByRole('button', { name: t(lang, 'enroll:actions.submit') }).click();
    // One item registered: its page opens.
    await expect(page).toHaveURL(new RegExp(`${paths.commodityDetail}\\?id=\\d+$`));
    const id = Number(new URL(page.url()).searchParams.get('id'));
    const item = await apiCall<{ brand: { name: string }; enrollment: { customer_phone: string } }>(
      request,
      recorder,
      'GET',
      `/api/commodities/${id}`,
    );
    expect(item).toMatchObject({ brand: { name: BRAND }, enrollment: { customer_phone: customerPhone } });

    // The valuer (their first password too) appraises it; its certificate is the shop's.
    const valuer = await apiLogin(request, valuerMobile, valuerPassword);
    const workflows = await apiCall<{ id: number; code: string }[]>(request, recorder, 'GET', '/api/workflows');
    const quick = workflows.find((workflow) => workflow.code === 'quick');
    await distribute(request, recorder, [id], valuer.user.id, quick?.id ?? 0);
    // On the appraisal page, as the valuer works: start, the verdict, the estimate, submitted.
    const labels = await dictionary(request, valuer, lang);
    await storeSession(page, valuer);
    await page.goto(`${base}${identifyPath(id)}`);
    await footer(page)
      .getByRole('button', { name: t(lang, 'appraisal:identify.start') })
      .click();
    await dialog(page)
      .getByRole('button', { name: t(lang, 'appraisal:identify.start') })
      .click();
    await option(page, t(lang, 'appraisal:form.isReal'), labels('identify_result', 'is_real', 1)).click();
    await option(page, t(lang, 'appraisal:form.stateLevel'), 'A').click();
    await option(page, t(lang, 'appraisal:form.productStatus'), labels('identify_result', 'product_status', 2)).click();
    await page.getByLabel(t(lang, 'appraisal:form.priceLow'), { exact: true }).fill('8000');
    await page.getByLabel(t(lang, 'appraisal:form.priceHigh'), { exact: true }).fill('9000');
    await page
      .getByLabel(t(lang, 'appraisal:form.report'), { exact: true })
      .fill('Hallmark and clasp as the maker makes them.');
    await footer(page)
      .getByRole('button', { name: t(lang, 'appraisal:identify.submit') })
      .click();
    await dialog(page)
      .getByRole('button', { name: t(lang, 'appraisal:identify.submit') })
      .click();
    await expect(ui.toast(page, t(lang, 'appraisal:identify.submitted'))).toBeVisible();
    await expect(page).toHaveURL(`${base}${detailPath(id)}`);
    const printed = new URL(await certificateUrl(request, recorder, id));
    expect(printed.origin).toBe(SHOP.url);
    await page.goto(`${base}${printed.pathname}?lang=zh-Hans`);
    await expect(page.locator('.shop')).toHaveText(SHOP.name);
    await expect(page.locator('.issuer').first()).toHaveText(`许可证号 ${SHOP.licence}`);
    await shot(page, 'first-day-certificate', { fullPage: true });
    await request.dispose();
  });
});
