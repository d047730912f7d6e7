import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { commodities, products } from '../../db/schema.ts';
import { managerCalls } from '../../test/manager-calls.ts';
import { bearer, DEMO, describeOnDatabases } from '../../test/test-app.ts';

// A product added, changed and retired by a manager (issue 28 item 5: "retire, never delete what
// items use"). Written from the issue: a retired product is no longer offered when registering
// or restocking; an item that names it keeps it; a manager's list shows it, marked; a code is
// the brand's own; a brand, line, category or material outside the catalog is refused.

describeOnDatabases('catalog products', (ctx) => {
  const { call, data } = managerCalls(ctx);

  /** The demo's Cartier, its first line, and the first category and material. */
  const catalog = async () => {
    const cartier = (await data('GET', '/api/brands')).find((brand: { name: string }) => brand.name === 'Cartier');
    const [line] = await data('GET', `/api/brand/${cartier.id}/types`);
    const [category] = await data('GET', '/api/categories');
    const [material] = await data('GET', '/api/materials');
    return { brand: cartier.id, line: line.id, category: category.id, material: material.id };
  };
  const input = (ids: Awaited<ReturnType<typeof catalog>>, extra: object = {}) => ({
    brand_id: ids.brand,
    type_id: ids.line,
    category_id: ids.category,
    material_id: ids.material,
    name: 'Clash de Cartier ring',
    names: { 'zh-Hans': 'Clash 戒指', 'zh-Hant': '', en: '', ja: 'クラッシュ リング' },
    code: 'CRB4233400',
    ...extra,
  });
  const pickable = async (id: number, query = '') =>
    (await data('GET', `/api/products?page_size=999${query}`)).items.some(
      (product: { id: number }) => product.id === id,
    );

  it('a product added is offered at once, named in each language it was given, the maker’s name elsewhere', async () => {
    const ids = await catalog();
    const added = await data('POST', '/api/catalog/products', input(ids));
    expect(added).toMatchObject({ name: 'Clash de Cartier ring', code: 'CRB4233400', retired: false });
    expect(await pickable(added.id)).toBe(true);
    const inJapanese = await ctx.app.inject({
      method: 'GET',
      url: '/api/products?keyword=CRB4233400',
      headers: { ...bearer(await ctx.login(DEMO.recorder)), lang: 'ja' },
    });
    expect(ctx.json(inJapanese).data.items.map((product: { name: string }) => product.name)).toEqual([
      'クラッシュ リング',
    ]);
    // Its form reads it as entered.
    expect(await data('GET', `/api/catalog/products/${added.id}`)).toEqual({
      id: added.id,
      ...input(ids),
      retired: false,
    });
  });

  it('a code is the brand’s own: another product of the brand with it is refused, and nothing changes', async () => {
    const ids = await catalog();
    const first = await data('POST', '/api/catalog/products', input(ids, { code: 'UNIQUE-1' }));
    const second = await data('POST', '/api/catalog/products', input(ids, { code: 'UNIQUE-2' }));
    const taken = await call('PUT', `/api/catalog/products/${second.id}`, input(ids, { code: 'UNIQUE-1' }));
    expect(taken.statusCode).toBe(409);
    expect(ctx.json(taken)).toMatchObject({
      code: 5101,
      msg: 'Another product of this brand already has the code UNIQUE-1.',
      data: { field: 'code' },
    });
    const [kept] = await ctx.app.db.select().from(products).where(eq(products.id, second.id));
    expect(kept?.code).toBe('UNIQUE-2');
    // Its own code, saved again, is no clash.
    expect(
      await data('PUT', `/api/catalog/products/${first.id}`, input(ids, { code: 'UNIQUE-1', name: 'Renamed' })),
    ).toMatchObject({
      name: 'Renamed',
    });
  });

  it('a line of another brand, or a category that does not exist, is refused by name', async () => {
    const ids = await catalog();
    const brands = await data('GET', '/api/brands');
    const other = brands.find((brand: { id: number }) => brand.id !== ids.brand);
    const [otherLine] = await data('GET', `/api/brand/${other.id}/types`);
    const wrongLine = await call('POST', '/api/catalog/products', input(ids, { type_id: otherLine.id, code: '' }));
    expect(ctx.json(wrongLine)).toMatchObject({ code: 5102, data: { field: 'type_id' } });
    const noCategory = await call('POST', '/api/catalog/products', input(ids, { category_id: 999_999, code: '' }));
    expect(ctx.json(noCategory)).toMatchObject({ code: 5102, data: { field: 'category_id' } });
  });

  it('retired: gone from registering and restocking, kept by the item that names it and in the managers’ list', async () => {
    const ids = await catalog();
    const product = await data('POST', '/api/catalog/products', input(ids, { code: 'RETIRE-1' }));
    await data('POST', `/api/products/${product.id}/replenish-status`, { replenish_status: 2 });
    const [item] = await ctx.app.db.select({ id: commodities.id }).from(commodities).limit(1);
    if (item) await ctx.app.db.update(commodities).set({ productId: product.id }).where(eq(commodities.id, item.id));

    expect(await data('PUT', `/api/catalog/products/${product.id}/retired`, { retired: true })).toMatchObject({
      retired: true,
    });
    expect(await pickable(product.id)).toBe(false);
    expect(await pickable(product.id, '&restock=1')).toBe(false);
    expect(await pickable(product.id, '&with_retired=1')).toBe(true);
    if (item) {
      const [kept] = await ctx.app.db.select().from(commodities).where(eq(commodities.id, item.id));
      expect(kept?.productId).toBe(product.id);
    }
    // Brought back, it is offered again.
    await data('PUT', `/api/catalog/products/${product.id}/retired`, { retired: false });
    expect(await pickable(product.id)).toBe(true);
  });

  it('a brand is found by its names in each language: 卡地 and カルティエ find Cartier and its products', async () => {
    const cartier = (await data('GET', '/api/brands')).find((brand: { name: string }) => brand.name === 'Cartier');
    expect(cartier).toMatchObject({
      names: { 'zh-Hans': '卡地亚', 'zh-Hant': '卡地亞', ja: 'カルティエ' },
      aliases: [],
    });
    for (const keyword of ['卡地', 'カルティエ']) {
      const found = await data('GET', `/api/products?page_size=999&keyword=${encodeURIComponent(keyword)}`);
      expect(found.total).toBeGreaterThan(0);
      expect(found.items.every((product: { brand_name: string }) => product.brand_name === 'Cartier')).toBe(true);
    }
  });

  it('brands.csv sets a brand’s other names; a file without the column keeps them', async () => {
    const importBrands = (text: string) => call('POST', '/api/catalog/import', { files: { brands: text } });
    await importBrands('brand,type,aliases\nRolex,,劳力士|ロレックス|RLX\nRolex,Explorer,劳力士\n');
    const aliases = async () =>
      (await data('GET', '/api/brands')).find((brand: { name: string }) => brand.name === 'Rolex').aliases;
    expect(await aliases()).toEqual(['劳力士', 'ロレックス', 'RLX']);
    await importBrands('brand,type\nRolex,Yacht-Master\n');
    expect(await aliases()).toEqual(['劳力士', 'ロレックス', 'RLX']);
  });

  it('brands.csv sets a brand’s names by language, the first row’s that gives one; a file without them keeps them', async () => {
    const importBrands = (text: string) => call('POST', '/api/catalog/import', { files: { brands: text } });
    const omega = async () =>
      (await data('GET', '/api/brands')).find((brand: { name: string }) => brand.name === 'Omega').names;
    await importBrands(
      'brand,type,name_zh-Hans,name_zh-Hant,name_en,name_ja\nOmega,,欧米茄,歐米茄,,オメガ\nOmega,Seamaster,奥米加,,,\n',
    );
    expect(await omega()).toEqual({ 'zh-Hans': '欧米茄', 'zh-Hant': '歐米茄', ja: 'オメガ' });
    await importBrands('brand,type\nOmega,Speedmaster\n');
    expect(await omega()).toEqual({ 'zh-Hans': '欧米茄', 'zh-Hant': '歐米茄', ja: 'オメガ' });
    // Exported on the brand's first row, as the import reads them.
    const csv = (await call('GET', '/api/catalog/files/brands')).body;
    expect(csv).toContain('Omega,Speedmaster,,欧米茄,歐米茄,,オメガ\r\nOmega,Seamaster,,,,,\r\n');
  });

  it('a recorder who does not manage changes nothing', async () => {
    const ids = await catalog();
    const before = await ctx.app.db.select().from(products);
    const refused = await call('POST', '/api/catalog/products', input(ids, { code: 'NOPE' }), DEMO.recorder);
    expect(ctx.json(refused)).toMatchObject({ code: 2033 });
    const retire = await call(
      'PUT',
      `/api/catalog/products/${before[0]?.id}/retired`,
      { retired: true },
      DEMO.recorder,
    );
    expect(ctx.json(retire)).toMatchObject({ code: 2033 });
    expect(await ctx.app.db.select().from(products)).toEqual(before);
  });
});
