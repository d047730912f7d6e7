/**
 * Issue 28 item 5: the demo's manager keeps the catalog's files in the browser. From the personal
 * center to the catalog page; axe at a phone's width and a laptop's; a template downloaded; an
 * import with a bad row refused whole (its file and line named, nothing written), then the good
 * files imported; the recorder finds the new brand on the register page. The page in four
 * languages, and whom it is for.
 */
import { paths } from '@jewel/contract/values/web-paths';
import { apiCall, LANGS, type Lang, storeLanguage, t, ui } from './app.ts';
import { seriousViolations } from './axe.ts';
import { fieldId, searchList } from './commodity-ui.ts';
import { apiLogin, DEMO, expect, login, shot, test } from './fixtures.ts';

const ct = (lang: Lang, key: string, vars: Record<string, string | number> = {}) => t(lang, `catalog:${key}`, vars);
const csv = (name: string, text: string) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });

const BRAND = 'Maison Aurore';
const BRANDS = csv('brands.csv', `brand,type\n${BRAND},Étoile\n`);
// The product the journey adds, renames and retires: its own, so a retry starts clean.
const OWN_CODE = `PANTHERE-${Date.now().toString(36).toUpperCase()}`;
const PRODUCTS = 'brand,type,category,name,code\nMaison Aurore,Étoile,brooch,Étoile brooch,MA-001\n';

test('a manager imports the catalog: a bad row refuses it all, the good files are written, the recorder picks the brand', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const lang: Lang = 'zh-Hans';
  await login(page, DEMO.manager);
  await page.goto(paths.userCenter);
  await ui.row(page, t(lang, 'titles.catalog')).click();
  await expect(ui.title(page)).toHaveText(t(lang, 'titles.catalog'));
  expect(await seriousViolations(page)).toEqual([]);

  // At a manager's desk too: the two cards side by side.
  await page.setViewportSize({ width: 1280, height: 800 });
  expect(await seriousViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  await shot(page, 'catalog-1280');
  await page.setViewportSize({ width: 390, height: 844 });

  // The products' template: the columns the import reads, and one example.
  const products = ct(lang, 'kinds.products');
  const [template] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: ct(lang, 'files.templateLabel', { list: products }) }).click(),
  ]);
  expect(template.suggestedFilename()).toBe('products-template.csv');
  const templateText = (await (await template.createReadStream()).toArray()).join('');
  expect(templateText.split('\r\n')[0]).toBe(
    '\uFEFFbrand,type,category,material,name,name_zh-Hans,name_zh-Hant,name_en,name_ja,code,replenish_status,image',
  );

  // A bad row (line 3: a brand nobody knows) refuses both files: the brand is not written either.
  const files = page.getByTestId('catalog-import-files');
  await files.setInputFiles([BRANDS, csv('products.csv', `${PRODUCTS}Nobody,,brooch,Ghost,X-1\n`)]);
  const chosen = page.getByRole('list', { name: ct(lang, 'import.chosen') });
  await expect(chosen.getByRole('listitem')).toHaveText([
    `${ct(lang, 'kinds.brands')}brands.csv`,
    `${products}products.csv`,
  ]);
  await page.getByRole('button', { name: ct(lang, 'import.submit'), exact: true }).click();
  const problems = page.getByTestId('catalog-import-problems');
  await expect(problems).toContainText('未导入任何数据。请修改列出的问题后重新导入');
  await expect(problems.getByRole('listitem')).toHaveText([
    ct(lang, 'import.problem', { file: 'products.csv', line: 3, message: '未知的品牌“Nobody”' }),
  ]);
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'catalog-refused', { fullPage: true });
  const manager = await apiLogin(request, DEMO.manager);
  const brands = async () =>
    (await apiCall<{ name: string }[]>(request, manager, 'GET', '/api/brands')).map((brand) => brand.name);
  expect(await brands()).not.toContain(BRAND);

  // The products file chosen again, corrected: it takes the bad one's place; both go in.
  await files.setInputFiles([csv('products.csv', PRODUCTS)]);
  await expect(chosen.getByRole('listitem')).toHaveCount(2);
  await page.getByRole('button', { name: ct(lang, 'import.submit'), exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: '新增商品 1 个' })).toBeVisible();
  await expect(chosen).toHaveCount(0);
  expect(await brands()).toContain(BRAND);

  // The recorder registers with the new catalog: the brand is in the register page's list.
  await login(page, DEMO.recorder);
  await page.goto(paths.commodityEnroll);
  await page.locator(fieldId('commodities.0.brand_id')).click();
  const list = searchList(page);
  // A brand is found by its name in each language: 卡地 finds Cartier, shown with its Chinese name.
  await list.getByRole('searchbox').fill('卡地');
  await expect(list.locator('.search-picker__option')).toHaveText(['Cartier（卡地亚）']);
  await list.getByRole('searchbox').fill('Aurore');
  await list.locator('.search-picker__option', { hasText: BRAND }).click();
  await expect(page.locator(fieldId('commodities.0.brand_id'))).toContainText(BRAND);
});

test('a manager finds a product, adds one, names it in Japanese and retires it: registering no longer offers it', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const lang: Lang = 'zh-Hans';
  await login(page, DEMO.manager);
  await page.goto(paths.catalog);
  const products = page.getByRole('region', { name: ct(lang, 'products.title') });
  const search = products.getByRole('searchbox', { name: ct(lang, 'products.search') });

  // A demo product found by its code opens with its names in every language; other journeys
  // read it, so it is only looked at and closed.
  await search.fill('B6035617');
  await expect(products.getByRole('listitem')).toHaveCount(1);
  await products.getByRole('button', { name: /^LOVE手镯，18K玫瑰金 Cartier · B6035617/ }).click();
  const form = page.getByRole('dialog', { name: ct(lang, 'form.editTitle') });
  const japanese = form.getByRole('textbox', { name: ct(lang, 'form.nameIn', { language: t(lang, 'language.ja') }) });
  await expect(japanese).toHaveValue('ラブ ブレスレット K18ピンクゴールド');
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'catalog-product-form', { fullPage: true });
  await page.keyboard.press('Escape');
  await expect(form).toBeHidden();

  const recorder = await apiLogin(request, DEMO.recorder);
  const offered = async (keyword: string, headers: Record<string, string> = {}) =>
    (
      await (
        await request.get(`/api/products?keyword=${encodeURIComponent(keyword)}`, {
          headers: { authorization: `Bearer ${recorder.token}`, ...headers },
        })
      ).json()
    ).data.items.map((product: { name: string }) => product.name);

  // A new product, with a code the brand already has: refused under the code; then its own code.
  await products.getByRole('button', { name: ct(lang, 'products.add') }).click();
  const adding = page.getByRole('dialog', { name: ct(lang, 'form.addTitle') });
  await adding.getByRole('button', { name: new RegExp(`^${ct(lang, 'form.brand')}:`) }).click();
  const brandList = searchList(page, ct(lang, 'form.brand'));
  await brandList.getByRole('searchbox').fill('Cartier');
  await brandList.locator('.search-picker__option', { hasText: 'Cartier' }).click();
  await adding.getByRole('button', { name: new RegExp(`^${ct(lang, 'form.category')}:`) }).click();
  await searchList(page, ct(lang, 'form.category')).locator('.search-picker__option').first().click();
  await adding.getByRole('textbox', { name: ct(lang, 'form.name') }).fill('Panthère ring');
  const code = adding.getByRole('textbox', { name: ct(lang, 'form.code') });
  await code.fill('B6035617');
  await adding.getByRole('button', { name: ct(lang, 'form.save'), exact: true }).click();
  await expect(adding.locator('.field-error')).toHaveText('该品牌已有代码为 B6035617 的商品');
  await code.fill(OWN_CODE);
  await adding.getByRole('button', { name: ct(lang, 'form.save'), exact: true }).click();
  await expect(adding).toBeHidden();
  expect(await offered(OWN_CODE)).toEqual(['Panthère ring']);

  // Named in Japanese: a Japanese recorder is offered that name.
  await search.fill(OWN_CODE);
  const row = products.getByRole('button', { name: new RegExp(`^Panthère ring Cartier · ${OWN_CODE}`) });
  await row.click();
  await japanese.fill('パンテール リング');
  await form.getByRole('button', { name: ct(lang, 'form.save'), exact: true }).click();
  // The sheet closes when this save is answered; the toast alone may still be the new product's.
  await expect(form).toBeHidden();
  await expect(ui.toast(page, ct(lang, 'form.saved'))).toBeVisible();
  expect(await offered(OWN_CODE, { lang: 'ja' })).toEqual(['パンテール リング']);

  // Retired: marked in the managers' list, no longer offered to the recorder.
  await row.click();
  await form.getByRole('button', { name: ct(lang, 'form.retire') }).click();
  await expect(ui.toast(page, ct(lang, 'form.retiredToast'))).toBeVisible();
  await expect(row).toContainText(ct(lang, 'products.retired'));
  expect(await offered(OWN_CODE)).toEqual([]);
});

test('a manager adds a brand with its Chinese name, another name and a line, renames the line and adds one: the pickers follow', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const lang: Lang = 'zh-Hans';
  // Its own names, so that a retry starts clean.
  const run = Date.now().toString(36).toUpperCase();
  const name = `Maison Lune ${run}`;
  const chinese = `月之屋${run}`;
  await login(page, DEMO.manager);
  await page.goto(paths.catalog);
  const brands = page.getByRole('region', { name: ct(lang, 'brands.title') });
  await brands.getByRole('button', { name: ct(lang, 'brands.add') }).click();
  const adding = page.getByRole('dialog', { name: ct(lang, 'brands.addTitle') });
  // Saved without a name: said under the field, nothing sent.
  await adding.getByRole('button', { name: ct(lang, 'form.save'), exact: true }).click();
  await expect(adding.locator('.field-error')).toHaveText(t(lang, 'errors:cannotBeEmpty'));
  await adding.getByRole('textbox', { name: ct(lang, 'brands.name') }).fill(name);
  await adding
    .getByRole('textbox', { name: ct(lang, 'form.nameIn', { language: t(lang, 'language.zh-Hans') }) })
    .fill(chinese);
  await adding.getByRole('textbox', { name: ct(lang, 'brands.aliases') }).fill('ルーン、Lune');
  await adding.getByRole('button', { name: ct(lang, 'brands.addLine') }).click();
  await adding.getByRole('textbox', { name: ct(lang, 'brands.line', { index: 1 }) }).fill('Croissant');
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'catalog-brand-form');
  await adding.getByRole('button', { name: ct(lang, 'form.save'), exact: true }).click();
  await expect(adding).toBeHidden();

  // Found by its Chinese name, shown beside the maker's; opened, its line renamed and another added.
  await brands.getByRole('searchbox', { name: ct(lang, 'brands.search') }).fill(chinese.slice(0, 3));
  const row = brands.getByRole('button', { name: new RegExp(`^${name}`) });
  await expect(row).toContainText(`${name}（${chinese}）`);
  await row.click();
  const editing = page.getByRole('dialog', { name: ct(lang, 'brands.editTitle') });
  const firstLine = editing.getByRole('textbox', { name: ct(lang, 'brands.line', { index: 1 }) });
  await expect(firstLine).toHaveValue('Croissant');
  await firstLine.fill('Croissant de Lune');
  await editing.getByRole('button', { name: ct(lang, 'brands.addLine') }).click();
  await editing.getByRole('textbox', { name: ct(lang, 'brands.line', { index: 2 }) }).fill('Éclipse');
  await editing.getByRole('button', { name: ct(lang, 'form.save'), exact: true }).click();
  await expect(editing).toBeHidden();
  await expect(ui.toast(page, ct(lang, 'form.saved'))).toBeVisible();

  // A recorder's pickers: the brand with its other names, its lines as renamed and added.
  const recorder = await apiLogin(request, DEMO.recorder);
  const brandList = await apiCall<{ id: number; name: string; names: object; aliases: string[] }[]>(
    request,
    recorder,
    'GET',
    '/api/brands',
  );
  const added = brandList.find((brand) => brand.name === name);
  expect(added?.names).toEqual({ 'zh-Hans': chinese });
  expect(added?.aliases).toEqual(['ルーン', 'Lune']);
  const lines = async () =>
    (await apiCall<{ name: string }[]>(request, recorder, 'GET', `/api/brand/${added?.id}/types`)).map(
      (line) => line.name,
    );
  expect(await lines()).toEqual(['Croissant de Lune', 'Éclipse']);

  // A line retired: marked in the form, no longer offered.
  await row.click();
  await editing
    .getByRole('button', { name: `${ct(lang, 'brands.retireLine')} Croissant de Lune`, exact: true })
    .click();
  await expect(editing.getByText(ct(lang, 'brands.lineRetired'))).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'catalog-brand-line-retired');
  await editing.getByRole('button', { name: ct(lang, 'form.save'), exact: true }).click();
  await expect(editing).toBeHidden();
  await expect.poll(lines).toEqual(['Éclipse']);

  // And the product form's brand picker finds it by another name.
  const products = page.getByRole('region', { name: ct(lang, 'products.title') });
  await products.getByRole('button', { name: ct(lang, 'products.add') }).click();
  const product = page.getByRole('dialog', { name: ct(lang, 'form.addTitle') });
  await product.getByRole('button', { name: new RegExp(`^${ct(lang, 'form.brand')}:`) }).click();
  const picker = searchList(page, ct(lang, 'form.brand'));
  await picker.getByRole('searchbox').fill('ルーン');
  await expect(picker.locator('.search-picker__option')).toHaveText([`${name}（${chinese}）`]);
});

test('a manager retires a brand, confirmed first: marked in the list, the recorder’s register page no longer offers it', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const lang: Lang = 'en';
  // Its own name, so that a retry starts clean.
  const name = `Maison Retraite ${Date.now().toString(36).toUpperCase()}`;
  const manager = await apiLogin(request, DEMO.manager);
  await apiCall(request, manager, 'POST', '/api/catalog/brands', { name, aliases: [], lines: [] });
  await storeLanguage(page, lang);
  await login(page, DEMO.manager);
  await page.goto(paths.catalog);
  const brands = page.getByRole('region', { name: ct(lang, 'brands.title') });
  await brands.getByRole('searchbox', { name: ct(lang, 'brands.search') }).fill(name);
  const row = brands.getByRole('button', { name: new RegExp(`^${name}`) });
  await expect(row).not.toContainText(ct(lang, 'retiring.tag'));
  await row.click();
  const editing = page.getByRole('dialog', { name: ct(lang, 'brands.editTitle') });
  await editing.getByRole('button', { name: ct(lang, 'form.retire'), exact: true }).click();
  // Asked first: what it means is said, and nothing is changed until confirmed.
  const confirm = page.getByRole('dialog').filter({ hasText: ct(lang, 'retiring.confirm', { name }) });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: ct(lang, 'form.retire'), exact: true }).click();
  await expect(ui.toast(page, ct(lang, 'form.retiredToast'))).toBeVisible();
  await expect(editing).toBeHidden();
  await expect(row).toContainText(ct(lang, 'retiring.tag'));

  // Opened again, it says so and offers to bring it back.
  await row.click();
  await expect(editing.getByText(ct(lang, 'retiring.hint'))).toBeVisible();
  await expect(editing.getByRole('button', { name: ct(lang, 'form.restore'), exact: true })).toBeVisible();

  // The recorder's register page: the brand picker no longer offers it.
  await login(page, DEMO.recorder);
  await page.goto(paths.commodityEnroll);
  await page.locator(fieldId('commodities.0.brand_id')).click();
  const list = searchList(page);
  await list.getByRole('searchbox').fill('Cartier');
  await expect(list.locator('.search-picker__option')).toHaveText(['Cartier']);
  await list.getByRole('searchbox').fill(name);
  await expect(list.locator('.search-picker__option')).toHaveCount(0);
});

test('a manager adds a material with its names and purity: the metal calculator’s list follows', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const lang: Lang = 'zh-Hans';
  const code = `k99-${Date.now().toString(36)}`;
  await login(page, DEMO.manager);
  await page.goto(paths.catalog);
  const list = page.getByRole('region', { name: ct(lang, 'lists.materials.title') });
  await list.getByRole('button', { name: ct(lang, 'lists.materials.add') }).click();
  const adding = page.getByRole('dialog', { name: ct(lang, 'lists.materials.addTitle') });
  const field = (name: string) => adding.getByRole('textbox', { name });
  // A code with capitals and spaces, and a purity that is none: each said under its field.
  await field(ct(lang, 'lists.code')).fill('Gold 99');
  await field(ct(lang, 'lists.purity')).fill('abc');
  await adding.getByRole('button', { name: ct(lang, 'form.save'), exact: true }).click();
  await expect(adding.locator('[data-field="code"] .field-error')).toHaveText(ct(lang, 'lists.problems.code'));
  await expect(adding.locator('[data-field="purity"] .field-error')).toHaveText(ct(lang, 'lists.problems.purity'));
  await field(ct(lang, 'lists.code')).fill(code);
  const names = { 'zh-Hans': '足金 999', 'zh-Hant': '足金 999', en: 'Fine gold 999', ja: '純金 999' };
  for (const language of LANGS)
    await field(ct(lang, 'form.nameIn', { language: t(lang, `language.${language}`) })).fill(names[language]);
  await field(ct(lang, 'lists.purity')).fill('999');
  await adding.getByRole('switch', { name: ct(lang, 'lists.precious') }).click();
  expect(await seriousViolations(page)).toEqual([]);
  await adding.getByRole('button', { name: ct(lang, 'form.save'), exact: true }).click();
  await expect(adding).toBeHidden();
  const row = list.getByRole('button', { name: new RegExp(`^足金 999 ${code}`) });
  await expect(row).toContainText(ct(lang, 'lists.purityShown', { purity: '0.999' }));
  await expect(row).toContainText(ct(lang, 'lists.precious'));
  // Found by its name in another language, or its code; nothing else matches the code.
  const search = list.getByRole('searchbox', { name: ct(lang, 'lists.materials.search') });
  await search.fill('fine GOLD 999');
  await expect(row).toBeVisible();
  await search.fill(code);
  await expect(list.locator('.catalog-products__row')).toHaveCount(1);
  await search.fill('没有这种材质');
  await expect(list.getByText(t(lang, 'form.noMatch', { query: '没有这种材质' }))).toBeVisible();

  // A recorder's material picker and the metal calculator read it at once, in their language.
  const recorder = await apiLogin(request, DEMO.recorder);
  const response = await request.get('/api/materials', {
    headers: { authorization: `Bearer ${recorder.token}`, lang: 'ja' },
  });
  const offered = (await response.json()).data as { name: string; purity: number | null }[];
  expect(offered.find((material) => material.name === '純金 999')?.purity).toBe(0.999);
});

test('a manager writes a category’s photo guide: a shot added with its outline, the register page asks for it', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const lang: Lang = 'ja';
  const code = `pocket-${Date.now().toString(36)}`;
  const names = { 'zh-Hans': '怀表', 'zh-Hant': '懷錶', en: 'Pocket watch', ja: '懐中時計' };
  const manager = await apiLogin(request, DEMO.manager);
  await apiCall(request, manager, 'POST', '/api/catalog/lists/categories', {
    code,
    name: names,
    purity: null,
    id_check_any_price: false,
    precious: false,
  });
  await storeLanguage(page, lang);
  await login(page, DEMO.manager);
  await page.goto(paths.catalog);
  const list = page.getByRole('region', { name: ct(lang, 'lists.categories.title') });
  await list.getByRole('button', { name: new RegExp(`^${names.ja} ${code}`) }).click();
  const sheet = page.getByRole('dialog', { name: ct(lang, 'lists.categories.editTitle') });
  await sheet.getByRole('button', { name: new RegExp(ct(lang, 'guide.open')) }).click();
  await expect(sheet.getByRole('heading', { name: ct(lang, 'guide.title', { name: names.ja }) })).toBeFocused();
  await expect(sheet.getByText(ct(lang, 'guide.none'))).toBeVisible();

  await sheet.getByRole('button', { name: ct(lang, 'guide.add') }).click();
  const added = sheet.getByRole('group', { name: ct(lang, 'guide.shot', { index: 1 }) });
  await added.getByRole('textbox', { name: ct(lang, 'guide.code') }).fill('dial');
  const shotNames = { 'zh-Hans': '表盘', 'zh-Hant': '錶盤', en: 'Dial', ja: '文字盤' };
  for (const language of LANGS)
    await added
      .getByRole('textbox', { name: ct(lang, 'form.nameIn', { language: t(lang, `language.${language}`) }) })
      .fill(shotNames[language]);
  await added.getByRole('button', { name: new RegExp(`^${ct(lang, 'guide.outline')}:`) }).click();
  const outlines = searchList(page, ct(lang, 'guide.outline'));
  await outlines.getByRole('searchbox').fill(ct(lang, 'guide.outlines.watch-dial'));
  await outlines.locator('.search-picker__option').first().click();
  await expect(added.getByRole('button', { name: new RegExp(`^${ct(lang, 'guide.outline')}:`) })).toHaveAttribute(
    'aria-label',
    `${ct(lang, 'guide.outline')}: ${ct(lang, 'guide.outlines.watch-dial')}`,
  );
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'catalog-photo-guide-ja');
  await sheet.getByRole('button', { name: ct(lang, 'guide.save'), exact: true }).click();
  await expect(ui.toast(page, ct(lang, 'guide.saved'))).toBeVisible();
  await expect(sheet.getByRole('button', { name: new RegExp(ct(lang, 'guide.shots', { count: 1 })) })).toBeFocused();

  // The register page learns the shot with the categories, in its reader's language.
  const recorder = await apiLogin(request, DEMO.recorder);
  const response = await request.get('/api/categories', {
    headers: { authorization: `Bearer ${recorder.token}`, lang: 'zh_CN' },
  });
  const categories = (await response.json()).data as { name: string; shots: unknown[] }[];
  expect(categories.find((category) => category.name === names['zh-Hans'])?.shots).toEqual([
    { code: 'dial', name: '表盘', outline: 'watch-dial', covers: null },
  ]);
});

test('a manager adds an appraisal workflow without a reconsideration, then retires it: distribution follows', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const lang: Lang = 'zh-Hans';
  const code = `bullion-${Date.now().toString(36)}`;
  const names = {
    'zh-Hans': '金条快速鉴定',
    'zh-Hant': '金條快速鑑定',
    en: 'Bullion, quick',
    ja: 'インゴット簡易鑑定',
  };
  const recorder = await apiLogin(request, DEMO.recorder);
  const offered = async () => {
    const response = await request.get('/api/workflows', {
      headers: { authorization: `Bearer ${recorder.token}`, lang: 'ja' },
    });
    return ((await response.json()).data as { code: string; name: string; steps: string[] }[]).find(
      (workflow) => workflow.code === code,
    );
  };
  await login(page, DEMO.manager);
  await page.goto(paths.catalog);
  const list = page.getByRole('region', { name: ct(lang, 'workflows.title') });
  // The standard one: marked, and only its names change.
  await list.getByRole('button', { name: new RegExp(`${ct(lang, 'workflows.standardTag')}`) }).click();
  const standard = page.getByRole('dialog', { name: ct(lang, 'workflows.editTitle') });
  await expect(standard.getByRole('textbox', { name: ct(lang, 'lists.code') })).toBeDisabled();
  await expect(standard.getByRole('button', { name: ct(lang, 'form.retire'), exact: true })).toHaveCount(0);
  await standard.getByRole('button', { name: t(lang, 'common:close') }).click();
  await expect(standard).toBeHidden();

  await list.getByRole('button', { name: ct(lang, 'workflows.add') }).click();
  const adding = page.getByRole('dialog', { name: ct(lang, 'workflows.addTitle') });
  await adding.getByRole('textbox', { name: ct(lang, 'lists.code') }).fill(code);
  for (const language of LANGS)
    await adding
      .getByRole('textbox', { name: ct(lang, 'form.nameIn', { language: t(lang, `language.${language}`) }) })
      .fill(names[language]);
  await adding.getByRole('switch', { name: ct(lang, 'workflows.reconsideration') }).click();
  expect(await seriousViolations(page)).toEqual([]);
  await shot(page, 'catalog-workflow-zh-Hans');
  await adding.getByRole('button', { name: ct(lang, 'form.save'), exact: true }).click();
  await expect(adding).toBeHidden();
  const row = list.getByRole('button', { name: new RegExp(`^${names['zh-Hans']}`) });
  await expect(row).toContainText(ct(lang, 'workflows.firstOnly'));
  expect(await offered()).toEqual(expect.objectContaining({ name: names.ja, steps: ['first'] }));

  // Retired after its confirm: marked, no longer offered when distributing.
  await row.click();
  const editing = page.getByRole('dialog', { name: ct(lang, 'workflows.editTitle') });
  await editing.getByRole('button', { name: ct(lang, 'form.retire'), exact: true }).click();
  const confirm = page
    .getByRole('dialog')
    .filter({ hasText: ct(lang, 'workflows.retireConfirm', { name: names['zh-Hans'] }) });
  await confirm.getByRole('button', { name: ct(lang, 'form.retire'), exact: true }).click();
  await expect(editing).toBeHidden();
  await expect(row).toContainText(ct(lang, 'retiring.tag'));
  expect(await offered()).toBeUndefined();
});

/** On how many lines `words` of the element's text are drawn (their rectangles' distinct tops). */
async function linesOf(element: import('@playwright/test').Locator, words: string): Promise<number> {
  return element.evaluate((root, wanted) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent?.indexOf(wanted) ?? -1;
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + wanted.length);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    }
    throw new Error(`"${wanted}" is not in the element`);
  }, words);
}

test('Japanese breaks between phrases: a law’s short name is never split on a phone (issue 29 item 6)', async ({
  page,
}) => {
  await login(page, DEMO.manager);
  await storeLanguage(page, 'ja');
  await page.goto(paths.catalog);
  const materials = page.getByRole('region', { name: ct('ja', 'lists.materials.title') });
  // Each row's line names the law as 「貴金属等（犯収法）」; rows that wrap must not part 犯収法.
  const rows = materials.locator('.catalog-files__file', { hasText: '犯収法' });
  await expect(rows.first()).toBeVisible();
  for (const row of await rows.all()) expect(await linesOf(row, '犯収法'), (await row.textContent()) ?? '').toBe(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('the catalog page in four languages, and whom it is for', async ({ page }) => {
  test.setTimeout(60_000);
  await login(page, DEMO.manager);
  for (const lang of LANGS) {
    await storeLanguage(page, lang);
    await page.goto(paths.catalog);
    await expect(ui.title(page)).toHaveText(t(lang, 'titles.catalog'));
    await expect(page.locator('.adm-button', { hasText: ct(lang, 'import.choose') })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // Japanese and Chinese pages ask for breaks between phrases, English not (issue 29 item 6).
    expect(
      await page.evaluate(() => [document.documentElement.lang, getComputedStyle(document.body).wordBreak]),
    ).toEqual([lang, lang === 'en' ? 'normal' : 'auto-phrase']);
    await shot(page, `catalog-${lang}`, { fullPage: true });
  }
  // A recorder who does not manage: no row in the personal center, and the page says whom it is for.
  const lang: Lang = 'zh-Hans';
  await login(page, DEMO.recorder);
  await storeLanguage(page, lang);
  await page.goto(paths.userCenter);
  await expect(ui.row(page, t(lang, 'user:center.logout'))).toBeVisible();
  await expect(ui.row(page, t(lang, 'titles.catalog'))).toHaveCount(0);
  await page.goto(paths.catalog);
  await expect(page.getByText(ct(lang, 'only.title'))).toBeVisible();
});
