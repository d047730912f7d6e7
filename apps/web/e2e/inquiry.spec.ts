/**
 * Product inquiry (PRODUCT.md "Product inquiry"): the recorder registers what a customer asks
 * about, a valuer estimates it on their phone, and the recorder sees the estimate and closes it.
 */
import { notificationTitle, t, ui, uniqueName } from './app.ts';
import { DEMO, expect, login, shot, test } from './fixtures.ts';

const lang = 'zh-Hans';

test('register an inquiry, a valuer estimates it, the recorder sees the estimate and closes it', async ({
  page,
  openPhone,
}) => {
  await login(page, DEMO.recorder);
  await page.goto('/pages-sub/productInquiry/register');
  await expect(ui.title(page)).toHaveText(t(lang, 'titles.inquiryRegister'));

  // Nothing filled: each required field says so.
  await page.getByRole('button', { name: t(lang, 'inquiry:form.submit') }).click();
  await expect(
    page.getByText(t(lang, 'inquiry:form.required', { field: t(lang, 'inquiry:fields.customer_name') })),
  ).toBeVisible();

  const item = uniqueName('Kelly 28 ');
  await page.getByRole('textbox', { name: t(lang, 'inquiry:fields.customer_name'), exact: true }).fill('林女士');
  await page.getByRole('textbox', { name: t(lang, 'inquiry:fields.contact'), exact: true }).fill('wechat: lin_2026');
  await page.locator('.adm-selector-item').filter({ hasText: '微信' }).click();
  await page.getByRole('textbox', { name: t(lang, 'inquiry:fields.product_name'), exact: true }).fill(item);
  await page.getByRole('switch', { name: t(lang, 'inquiry:fields.urgent') }).click();
  await page.getByRole('button', { name: t(lang, 'inquiry:form.submit') }).click();
  await expect(page).toHaveURL('/pages-sub/productInquiry/registerList');
  const mine = page.getByTestId('inquiry-card').filter({ hasText: item });
  await expect(mine).toContainText(t(lang, 'inquiry:estimate.none'));
  await expect(mine).toContainText(t(lang, 'inquiry:urgent'));

  // A valuer estimates it on their own phone; a range the wrong way round is refused first.
  const valuer = await openPhone();
  await login(valuer, DEMO.valuers[0]);
  await valuer.goto('/pages-sub/productInquiry/registerList?status=1');
  const open = valuer.getByTestId('inquiry-card').filter({ hasText: item });
  await open.getByRole('button', { name: t(lang, 'inquiry:estimate.action') }).click();
  await valuer.locator('.adm-selector-item').filter({ hasText: 'JPY' }).click();
  await valuer.getByLabel(t(lang, 'inquiry:estimate.price_low')).fill('1200000');
  await valuer.getByLabel(t(lang, 'inquiry:estimate.price_high')).fill('1000000');
  await valuer.getByRole('button', { name: t(lang, 'inquiry:estimate.submit') }).click();
  await expect(valuer.getByText(t(lang, 'inquiry:estimate.rangeInvalid'))).toBeVisible();
  await valuer.getByLabel(t(lang, 'inquiry:estimate.price_high')).fill('1400000');
  await valuer.getByLabel(t(lang, 'inquiry:estimate.note')).fill('付属品完备可按上限');
  await valuer.getByRole('button', { name: t(lang, 'inquiry:estimate.submit') }).click();
  await expect(ui.toast(valuer, t(lang, 'inquiry:estimate.saved'))).toBeVisible();

  // The recorder is told; the notification opens the inquiry with the estimate.
  await page.goto('/pages-sub/notifications/index');
  await page.getByText(notificationTitle(lang, 'inquiry_estimated')).first().click();
  await page.getByRole('button', { name: t(lang, 'notification:detail.open') }).click();
  await expect(page).toHaveURL(/\/pages-sub\/productInquiry\/registerList\?id=\d+$/);
  const estimated = page.locator('.inquiry-card--highlighted');
  await expect(estimated).toContainText(item);
  await expect(estimated.getByTestId('inquiry-estimate')).toContainText('1,200,000');
  await expect(estimated.getByTestId('inquiry-estimate')).toContainText('1,400,000');
  await expect(estimated.getByTestId('inquiry-estimate')).toContainText('付属品完备可按上限');
  await shot(page, 'inquiry-list');

  await estimated.getByRole('button', { name: t(lang, 'inquiry:close.action') }).click();
  await page
    .locator('.adm-dialog')
    .getByRole('button', { name: t(lang, 'inquiry:close.action') })
    .click();
  await expect(ui.toast(page, t(lang, 'inquiry:close.done'))).toBeVisible();
  await page.getByRole('tab', { name: t(lang, 'inquiry:tabs.3') }).click();
  await expect(page.getByTestId('inquiry-card').filter({ hasText: item })).toBeVisible();
});
