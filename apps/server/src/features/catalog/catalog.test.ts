import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { and, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { dictionaryOptions, products } from '../../db/schema.ts';
import { bearer, DEMO, describeOnDatabases } from '../../test/test-app.ts';

describeOnDatabases('catalog and dictionary', (ctx) => {
  let token = '';
  const get = async (url: string, lang = 'en') => {
    token ||= await ctx.login(DEMO.recorder);
    return ctx.app.inject({ method: 'GET', url, headers: { ...bearer(token), lang } });
  };
  const data = async (url: string, lang = 'en') => ctx.json(await get(url, lang)).data;

  it('brands, their types, categories, materials and workflows', async () => {
    const brands = await data('/api/brands');
    expect(brands.length).toBeGreaterThanOrEqual(12);
    const cartier = brands.find((b: { name: string }) => b.name === 'Cartier');
    expect(cartier).toBeDefined();
    const types = await data(`/api/brand/${cartier.id}/types`);
    expect(types.length).toBeGreaterThan(0);
    expect(types.every((t: { brand_id: number }) => t.brand_id === cartier.id)).toBe(true);

    const categoriesEn = await data('/api/categories', 'en');
    const categoriesJa = await data('/api/categories', 'ja');
    expect(categoriesEn.length).toBeGreaterThanOrEqual(8);
    expect(categoriesEn[0].id).toBe(categoriesJa[0].id);
    expect(categoriesEn[0].name).not.toBe(categoriesJa[0].name);

    const materials = await data('/api/materials');
    expect(materials.some((m: { purity: number | null }) => m.purity === 0.75)).toBe(true);
    expect(materials.some((m: { purity: number | null }) => m.purity === null)).toBe(true);

    const workflows = await data('/api/workflows');
    expect(workflows.map((w: { code: string }) => w.code).sort()).toEqual(['quick', 'standard']);
  });

  it('unknown or malformed brand ids are refused', async () => {
    const unknown = await get('/api/brand/999999/types');
    expect(unknown.statusCode).toBe(404);
    expect(ctx.json(unknown).code).toBe(1002);
    const malformed = await get('/api/brand/abc/types');
    expect(ctx.json(malformed)).toMatchObject({ code: 1001, data: { field: 'id' } });
  });

  it('products page with page_size 999 by default, and filter by brand, type, category and keyword', async () => {
    const all = await data('/api/products');
    expect(all.page_size).toBe(999);
    expect(all.total).toBeGreaterThanOrEqual(50);
    expect(all.items).toHaveLength(all.total);

    const paged = await data('/api/products?page=2&page_size=10');
    expect(paged.items).toHaveLength(10);
    expect(paged.items[0].id).toBe(all.items[10].id);

    const sample = all.items.find((p: { type_id: number | null }) => p.type_id !== null);
    const byBrand = await data(`/api/products?brand_id=${sample.brand_id}`);
    expect(byBrand.items.every((p: { brand_id: number }) => p.brand_id === sample.brand_id)).toBe(true);
    const byType = await data(`/api/products?brand_id=${sample.brand_id}&type_id=${sample.type_id}`);
    expect(byType.items.map((p: { id: number }) => p.id)).toContain(sample.id);
    const byCategory = await data(`/api/products?category_id=${sample.category_id}`);
    expect(byCategory.items.every((p: { category_id: number }) => p.category_id === sample.category_id)).toBe(true);

    const byKeyword = await data(`/api/products?keyword=${encodeURIComponent(sample.code.toLowerCase())}`);
    expect(byKeyword.items.map((p: { id: number }) => p.id)).toContain(sample.id);
    expect((await data('/api/products?keyword=%25')).total).toBe(0);
  });

  it('products answer with a strong ETag, 304 when the caller has it, and a new one after a change', async () => {
    const first = await get('/api/products?page_size=5');
    const etag = first.headers.etag as string;
    expect(first.statusCode).toBe(200);
    expect(etag).toMatch(/^"[\w-]{32}"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    const again = await ctx.app.inject({
      method: 'GET',
      url: '/api/products?page_size=5',
      headers: { ...bearer(token), lang: 'en', 'if-none-match': `"other", W/${etag}` },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    // Another language is another answer.
    expect((await get('/api/products?page_size=5', 'ja')).headers.etag).not.toBe(etag);

    const target = ctx.json(first).data.items[0];
    const change = await ctx.app.inject({
      method: 'POST',
      url: `/api/products/${target.id}/replenish-status`,
      payload: { replenish_status: target.replenish_status === 2 ? 1 : 2 },
      headers: bearer(token),
    });
    expect(change.statusCode).toBe(200);
    const after = await ctx.app.inject({
      method: 'GET',
      url: '/api/products?page_size=5',
      headers: { ...bearer(token), lang: 'en', 'if-none-match': etag },
    });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(ctx.json(after).data.items[0].replenish_status).toBe(ctx.json(change).data.replenish_status);
  });

  it('refuses bad product queries naming the field', async () => {
    for (const [query, field] of [
      ['page=0', 'page'],
      ['page_size=1000', 'page_size'],
      ['brand_id=x', 'brand_id'],
    ]) {
      const response = await get(`/api/products?${query}`);
      expect(response.statusCode).toBe(400);
      expect(ctx.json(response).data.field).toBe(field);
    }
  });

  it('the restock list holds wanted products, urgent first; a product status changes, bad changes change nothing', async () => {
    const all = (await data('/api/products')).items as { id: number; replenish_status: number }[];
    const restock = (await data('/api/products?restock=1')).items as { id: number; replenish_status: number }[];
    const expected = all.filter((p) => p.replenish_status > 0);
    expect(restock.map((p) => p.id).sort()).toEqual(expected.map((p) => p.id).sort());
    const statuses = restock.map((p) => p.replenish_status);
    expect(statuses).toEqual([...statuses].sort((a, b) => b - a));

    const target = all.find((p) => p.replenish_status === 0);
    if (!target) throw new Error('the seed has a product not needed');
    const change = (id: number, body: unknown, as = token) =>
      ctx.app.inject({
        method: 'POST',
        url: `/api/products/${id}/replenish-status`,
        payload: body as object,
        headers: bearer(as),
      });
    const changed = ctx.json(await change(target.id, { replenish_status: 2 }));
    expect(changed.data).toMatchObject({ id: target.id, replenish_status: 2 });
    expect((await data('/api/products?restock=1')).items[0].replenish_status).toBe(2);
    expect((await data('/api/products?restock=1')).total).toBe(expected.length + 1);

    const bad = ctx.json(await change(target.id, { replenish_status: 3 }));
    expect(bad).toMatchObject({ code: 1001, data: { field: 'replenish_status' } });
    expect(ctx.json(await change(999_999, { replenish_status: 1 })).code).toBe(1002);
    const owner = await ctx.login(DEMO.valuer1);
    const link = ctx.json(
      await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/tmp',
        payload: { role: 'valuers' },
        headers: bearer(owner),
      }),
    ).data;
    const guest = ctx.json(
      await ctx.app.inject({ method: 'POST', url: '/api/auth/guest', payload: { uuid: link.uuid } }),
    ).data;
    expect(ctx.json(await change(target.id, { replenish_status: 0 }, guest.token)).code).toBe(2031);
    const after = (await data('/api/products?restock=1')).items.find((p: { id: number }) => p.id === target.id);
    expect(after.replenish_status).toBe(2);
  });

  it('products are named in the caller language, with a picture, on the list, the restock list and a change', async () => {
    const named = async (url: string, lang: string) =>
      ((await data(url, lang)).items as { code: string; name: string; image: string }[]).find(
        (p) => p.code === 'B6035517',
      );
    expect(await named('/api/products', 'zh_CN')).toMatchObject({
      name: 'LOVE手镯，18K黄金',
      image: '/products/bracelet.svg',
    });
    expect((await named('/api/products', 'zh_TW'))?.name).toBe('LOVE手鐲，18K黃金');
    expect((await named('/api/products', 'en'))?.name).toBe('Love bracelet, 18K yellow gold');
    expect((await named('/api/products', 'ja'))?.name).toBe('ラブ ブレスレット K18イエローゴールド');
    expect((await named('/api/products?restock=1', 'ja'))?.name).toBe('ラブ ブレスレット K18イエローゴールド');

    const [row] = await ctx.app.db.select({ id: products.id }).from(products).where(eq(products.code, 'B6035517'));
    const changed = await ctx.app.inject({
      method: 'POST',
      url: `/api/products/${row?.id}/replenish-status`,
      payload: { replenish_status: 2 },
      headers: { ...bearer(token), lang: 'zh_TW' },
    });
    expect(ctx.json(changed).data).toMatchObject({ name: 'LOVE手鐲，18K黃金', replenish_status: 2 });
  });

  it('a product without a name in the caller language falls back: other Chinese script, English, its own name', async () => {
    const [model] = await ctx.app.db.select().from(products).where(eq(products.code, 'B6035517'));
    if (!model) throw new Error('the seed has B6035517');
    const base = { brandId: model.brandId, categoryId: model.categoryId };
    await ctx.app.db.insert(products).values([
      {
        ...base,
        code: 'FALLBACK-1',
        name: 'Heart bangle (maker)',
        names: { 'zh-Hans': '爱心手镯', en: 'Heart bangle' },
      },
      { ...base, code: 'FALLBACK-2', name: 'Star ring (maker)', names: { 'zh-Hant': '星星戒指' } },
    ]);
    const names = async (lang: string) =>
      Object.fromEntries(
        ((await data('/api/products?keyword=FALLBACK-', lang)).items as { code: string; name: string }[]).map((p) => [
          p.code,
          p.name,
        ]),
      );
    expect(await names('zh_CN')).toEqual({ 'FALLBACK-1': '爱心手镯', 'FALLBACK-2': '星星戒指' });
    expect(await names('zh_TW')).toEqual({ 'FALLBACK-1': '爱心手镯', 'FALLBACK-2': '星星戒指' });
    expect(await names('en')).toEqual({ 'FALLBACK-1': 'Heart bangle', 'FALLBACK-2': 'Star ring (maker)' });
    expect(await names('ja')).toEqual({ 'FALLBACK-1': 'Heart bangle', 'FALLBACK-2': 'Star ring (maker)' });
    expect(await names('xx')).toEqual({ 'FALLBACK-1': 'Heart bangle', 'FALLBACK-2': 'Star ring (maker)' });
  });

  it('a keyword finds a product by its name in any language', async () => {
    const codes = async (keyword: string, lang: string) =>
      ((await data(`/api/products?keyword=${encodeURIComponent(keyword)}`, lang)).items as { code: string }[]).map(
        (p) => p.code,
      );
    expect(await codes('ラブ ブレスレット', 'en')).toEqual(['B6035517', 'B6035617']);
    expect(await codes('LOVE手镯', 'ja')).toEqual(['B6035517', 'B6035617']);
    expect(await codes('Love bracelet', 'zh_CN')).toEqual(['B6035517', 'B6035617']);
  });

  it('calls a buyback "Bought" in English, never "Recycled", in new and older databases (issue 29 item 7)', async () => {
    const labelOf80 = async () => {
      const [row] = await ctx.app.db
        .select({ label: dictionaryOptions.label })
        .from(dictionaryOptions)
        .where(and(eq(dictionaryOptions.groupKey, 'identify_product.status'), eq(dictionaryOptions.value, '80')));
      return row?.label;
    };
    expect((await labelOf80())?.en).toBe('Bought');
    // A database seeded before: the migration renames the seeded label, and leaves a shop's own.
    const migration = await readFile(
      fileURLToPath(new URL('../../../drizzle/0021_bought-in-english.sql', import.meta.url)),
      'utf8',
    );
    const setEnglish = (en: string) =>
      ctx.app.db.execute(
        sql`update dictionary_options set label = jsonb_set(label, '{en}', to_jsonb(${en}::text)) where group_key = 'identify_product.status' and value = '80'`,
      );
    await setEnglish('Recycled');
    await ctx.app.db.execute(sql.raw(migration));
    expect(await labelOf80()).toMatchObject({ en: 'Bought', ja: '買取済み', 'zh-Hans': '已回收' });
    await setEnglish('Sold to us');
    await ctx.app.db.execute(sql.raw(migration));
    expect((await labelOf80())?.en).toBe('Sold to us');
    await setEnglish('Bought');
  });

  it('dictionary has every group labelled, and follows the lang header', async () => {
    const zh = ctx.json(
      await ctx.app.inject({ method: 'GET', url: '/api/dictionary', headers: { lang: 'zh_CN' } }),
    ).data;
    const ja = ctx.json(await ctx.app.inject({ method: 'GET', url: '/api/dictionary', headers: { lang: 'ja' } })).data;
    const en = ctx.json(await ctx.app.inject({ method: 'GET', url: '/api/dictionary', headers: { lang: 'xx' } })).data;
    const statuses = zh.identify_product.status as { value: number; label: string }[];
    expect(statuses.map((s) => s.value)).toEqual([10, 20, 30, 35, 40, 50, 60, 70, 80, 90]);
    expect(statuses[0]?.label).not.toBe(ja.identify_product.status[0].label);
    expect(en.identify_product.status[0].label).toMatch(/[a-z]/i);
    expect(zh.identify_result.state_level.map((o: { value: string }) => o.value)).toEqual([
      'N',
      'S',
      'SA',
      'A',
      'AB',
      'B',
      'BC',
      'C',
    ]);
    expect(zh.common.currency.map((o: { value: string }) => o.value)).toEqual(['CNY', 'USD', 'JPY']);
    for (const section of Object.values(zh) as Record<string, unknown[]>[]) {
      for (const options of Object.values(section)) expect(options.length).toBeGreaterThan(0);
    }
  });

  it('trans-web answers the overrides of the caller language', async () => {
    const zh = ctx.json(
      await ctx.app.inject({ method: 'GET', url: '/api/dictionary/trans-web', headers: { lang: 'zh_CN' } }),
    );
    const ja = ctx.json(
      await ctx.app.inject({ method: 'GET', url: '/api/dictionary/trans-web', headers: { lang: 'ja' } }),
    );
    expect(zh.code).toBe(0);
    expect(Object.keys(zh.data).length).toBeGreaterThan(0);
    expect(zh.data).not.toEqual(ja.data);
  });
});
