/**
 * Customers as records (issue 13): a returning customer is found by phone when registering, and
 * their page shows both visits, each linking to its commodity.
 */
import { apiCall, type Lang, storeLanguage, t } from './app.ts';
import { commodityBody, enroll, registrationKit, runTag } from './commodity-api.ts';
import { fieldId, fillCommodity, photosUploaded, requiredPhotos, uniquePhone } from './commodity-ui.ts';
import { apiLogin, DEMO, expect, login, shot, test } from './fixtures.ts';

const lang: Lang = 'zh-Hans';
const c = (key: string, vars: Record<string, string | number> = {}) => t(lang, `customer:${key}`, vars);

test('a returning customer is found by phone when registering, and their page shows both visits', async ({ page }) => {
  const recorder = await apiLogin(page.request, DEMO.recorder);
  const kit = await registrationKit(page.request, recorder, [0x8a, 0x5a, 0x2b]);
  const name = `回头客${runTag()}`;
  const phone = uniquePhone();
  const [first] = await enroll(page.request, recorder, [commodityBody(kit, '旧款手镯')], {
    customer: { customer_name: name, customer_phone: phone, customer_address: '杭州市西湖区' },
  });
  const customerId = (
    await apiCall<{ enrollment: { customer_id: number } }>(
      page.request,
      recorder,
      'GET',
      `/api/commodities/${first?.id}`,
    )
  ).enrollment.customer_id;

  await login(page, DEMO.recorder);
  await page.goto('/pages-sub/commodityEnroll/index');
  // Typing the phone offers the customer; picking them fills the form and links the record.
  await page.locator(fieldId('customer_phone')).pressSequentially(phone.slice(0, 7));
  const offer = page.getByRole('button', { name: c('lookup.pick', { name, phone, count: 1 }) });
  await expect(offer).toBeVisible();
  await shot(page, 'customers-lookup');
  await offer.click();
  await expect(page.locator(fieldId('customer_name'))).toHaveValue(name);
  await expect(page.locator(fieldId('customer_phone'))).toHaveValue(phone);
  await expect(page.locator(fieldId('customer_address'))).toHaveValue('杭州市西湖区');
  await expect(page.getByTestId('customer-linked')).toContainText(c('lookup.linked', { count: 1 }));
  // Unlinking and picking again works from the keyboard too.
  await page.getByRole('button', { name: c('lookup.unlink') }).click();
  await expect(offer).toBeVisible();
  await offer.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('customer-linked')).toBeVisible();
  await shot(page, 'customers-linked');

  await fillCommodity(page, 0, '新款戒指');
  await requiredPhotos(page, 0, 1);
  await photosUploaded(page, 4);
  await page.getByRole('button', { name: t(lang, 'enroll:actions.submit') }).click();
  await expect(
    page.locator('.adm-toast-main').getByText(t(lang, 'enroll:status.enrolled'), { exact: true }),
  ).toBeVisible();

  // The customer's page: two visits, newest first, each item linking to its detail.
  await page.goto(`/pages-sub/customer/detail?id=${customerId}`);
  await expect(page.getByRole('heading', { name: c('detail.visits', { count: 2 }) })).toBeVisible();
  const visits = page.getByTestId('customer-visit');
  await expect(visits).toHaveCount(2);
  await expect(visits.first()).toContainText('新款戒指');
  await expect(visits.last()).toContainText('旧款手镯');
  await shot(page, 'customers-detail', { fullPage: true });
  await visits.last().getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`commodityDetail/index\\?id=${first?.id}$`));
  // And back from the commodity to the customer.
  await page.getByTestId('customer-record-link').click();
  await expect(page).toHaveURL(new RegExp(`customer/detail\\?id=${customerId}$`));

  // The list finds them by the first digits of the phone.
  await page.goto(`/pages-sub/customer/index?keyword=${phone.slice(0, 8)}`);
  await expect(page.getByRole('link', { name: new RegExp(name) })).toBeVisible();
  await shot(page, 'customers-list');
});

test('the returning customer offer and chip fit a small phone in Japanese', async ({ page }) => {
  const recorder = await apiLogin(page.request, DEMO.recorder);
  const kit = await registrationKit(page.request, recorder, [0x8a, 0x5a, 0x2c]);
  const name = `長い名前の再来店のお客様${runTag()}`;
  const phone = uniquePhone();
  await enroll(page.request, recorder, [commodityBody(kit, '指輪')], {
    customer: { customer_name: name, customer_phone: phone },
  });
  await page.setViewportSize({ width: 360, height: 740 });
  await storeLanguage(page, 'ja');
  await login(page, DEMO.recorder);
  await page.goto('/pages-sub/commodityEnroll/index');
  await page.locator(fieldId('customer_phone')).fill(phone);
  const offer = page.getByRole('button', { name: t('ja', 'customer:lookup.pick', { name, phone, count: 1 }) });
  await expect(offer).toBeInViewport();
  const box = await offer.boundingBox();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(360);
  await shot(page, 'customers-lookup-ja-360');
  await offer.click();
  const chip = page.getByTestId('customer-linked');
  await expect(chip).toContainText(t('ja', 'customer:lookup.linked', { count: 1 }));
  await expect(page.getByRole('button', { name: t('ja', 'customer:lookup.unlink') })).toBeInViewport();
  await shot(page, 'customers-linked-ja-360');
});
