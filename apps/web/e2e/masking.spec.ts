/**
 * Valuers appraise without the customer's phone and address (PRODUCT.md "Beyond the SPEC"): the
 * server sends a valuer the name's initial only, so the detail and appraisal pages show nothing
 * more, and the recorder still sees the customer whole.
 */
import { t, ui } from './app.ts';
import { commodityBody, enrollAndDistribute, registrationKit, runTag } from './commodity-api.ts';
import { detailPath, identifyPath, personPage } from './commodity-ui.ts';
import { apiLogin, DEMO, expect, test } from './fixtures.ts';

interface Enrollment {
  customer_name: string;
  customer_phone: string;
  customer_address: string;
  customer_masked: boolean;
}

test('a valuer sees the customer masked on the detail and appraisal pages; the recorder whole', async ({
  openPhone,
  request,
}) => {
  test.setTimeout(120_000);
  const recorder = await apiLogin(request, DEMO.recorder);
  const valuer = await apiLogin(request, DEMO.valuers[0]);
  const kit = await registrationKit(request, recorder, [0x2f, 0x6f, 0xb0]);
  const tag = runTag();
  const customer = {
    customer_name: `王${tag}`,
    customer_phone: `138${String(Date.now()).slice(-8)}`,
    customer_address: `上海市静安区南京西路 ${tag} 号`,
  };
  const commodity = commodityBody(kit, `Ring ${tag}`, { product_status: 1 });
  const item = await enrollAndDistribute(request, recorder, commodity, valuer.user.id, { customer });
  const whole = Object.values(customer);
  const lang = 'zh-Hans';

  // The valuer's detail page: the initial, a note, and nothing else of the customer.
  const page = await personPage(openPhone, valuer, lang);
  const answer = page.waitForResponse((response) => response.url().endsWith(`/api/commodities/${item.id}`));
  await page.goto(detailPath(item.id));
  const sent = (await (await answer).json()).data.enrollment as Enrollment;
  expect(sent).toMatchObject({
    customer_name: '王**',
    customer_phone: '',
    customer_address: '',
    customer_masked: true,
  });
  const main = page.getByRole('main');
  await expect(main).toContainText(item.no);
  await expect(main).toContainText('王**');
  await expect(main).toContainText(t(lang, 'commodity:detail.customerMasked'));
  await expect(main).not.toContainText(t(lang, 'enroll:fields.customer_phone'));
  for (const piece of whole) await expect(main).not.toContainText(piece);

  // The appraisal page: the item, and none of the customer.
  await page.goto(identifyPath(item.id));
  await expect(ui.title(page)).toHaveText(t(lang, 'titles.commodityIdentify'));
  await expect(main).toContainText(item.no);
  await expect(main.locator('.photo-grid').first()).toBeVisible();
  for (const piece of [...whole, '王**']) await expect(main).not.toContainText(piece);
  await page.context().close();

  // The recorder sees the customer whole.
  const own = await personPage(openPhone, recorder, lang);
  const ownAnswer = own.waitForResponse((response) => response.url().endsWith(`/api/commodities/${item.id}`));
  await own.goto(detailPath(item.id));
  expect(((await (await ownAnswer).json()).data.enrollment as Enrollment).customer_masked).toBe(false);
  const ownMain = own.getByRole('main');
  for (const piece of whole) await expect(ownMain).toContainText(piece);
  await expect(ownMain).not.toContainText(t(lang, 'commodity:detail.customerMasked'));
  await own.context().close();
});
