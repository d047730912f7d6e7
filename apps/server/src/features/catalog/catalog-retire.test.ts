import { expect, it } from 'vitest';
import { brands, categories, materials } from '../../db/schema.ts';
import { commodityInput, enroll, enrollBody, getDetail, prepareKit, register } from '../../test/commodity-kit.ts';
import { managerCalls } from '../../test/manager-calls.ts';
import { bearer, DEMO, describeOnDatabases } from '../../test/test-app.ts';

// Brands, categories and materials retired by a manager (issue 28 item 5: "retire, never delete
// what items use"). Written from the issue: a retired entry is no longer offered where staff
// choose one for a new item (the pickers' answers), the managers' list still has it, marked;
// every item naming it still shows its name; an item registered offline with it before it was
// retired is still accepted; it can be brought back. Retiring is the change's `retired` field.

const VALIDATION = 1001;
const NOT_MANAGER = 2033;

const NAMES = { 'zh-Hans': '脚链', 'zh-Hant': '腳鏈', en: 'Anklet', ja: 'アンクレット' };
const MATERIAL_NAMES = { 'zh-Hans': '钯金', 'zh-Hant': '鈀金', en: 'Palladium', ja: 'パラジウム' };

describeOnDatabases('catalog: brands, categories and materials retired', (ctx) => {
  const { call, data } = managerCalls(ctx);
  /** The ids a recorder's pickers offer (`?with_retired=1`: the managers' list), with their `retired` marks. */
  const offered = async (url: string) => {
    const answer = ctx.json(
      await ctx.app.inject({ method: 'GET', url, headers: { ...bearer(await ctx.login(DEMO.recorder)), lang: 'en' } }),
    ).data as { id: number; name: string; retired: boolean }[];
    return new Map(answer.map((entry) => [entry.id, entry.retired]));
  };
  const rows = async () =>
    JSON.stringify([
      await ctx.app.db.select().from(brands),
      await ctx.app.db.select().from(categories),
      await ctx.app.db.select().from(materials),
    ]);

  /** A brand, a category and a material of their own, as the forms add them. */
  const entries = async (tag: string) => {
    const brand = await data('POST', '/api/catalog/brands', { name: `Retiree ${tag}`, aliases: [], lines: [] });
    const entry = { purity: null, id_check_any_price: false, precious: false };
    const category = await data('POST', '/api/catalog/lists/categories', {
      ...entry,
      code: `anklet-${tag}`,
      name: NAMES,
    });
    const material = await data('POST', '/api/catalog/lists/materials', {
      ...entry,
      code: `palladium-${tag}`,
      name: MATERIAL_NAMES,
      purity: 0.95,
    });
    return { brand, category, material };
  };
  const brandChange = (brand: { name: string; aliases: string[] }, retired?: boolean) => ({
    name: brand.name,
    aliases: brand.aliases,
    lines: [],
    ...(retired === undefined ? {} : { retired }),
  });
  const entryChange = ({ id: _id, retired: _retired, ...entered }: Record<string, unknown>, retired?: boolean) => ({
    ...entered,
    ...(retired === undefined ? {} : { retired }),
  });

  it('retired: no longer offered, marked in the managers’ list, still named by the item that names it; brought back', async () => {
    const kit = await prepareKit(ctx);
    const { brand, category, material } = await entries('a');
    expect([brand.retired, category.retired, material.retired]).toEqual([false, false, false]);
    const picks = { brand_id: brand.id, type_id: null, category_id: category.id, material_id: material.id };
    const item = await register(ctx, kit, picks);
    // Filled in while they were in the catalog, sent after they were retired (the offline outbox).
    const queued = enrollBody([commodityInput(kit, picks)]);

    expect(await data('PUT', `/api/catalog/brands/${brand.id}`, brandChange(brand, true))).toMatchObject({
      retired: true,
    });
    expect(
      await data('PUT', `/api/catalog/lists/categories/${category.id}`, entryChange(category, true)),
    ).toMatchObject({ id: category.id, retired: true });
    expect(await data('PUT', `/api/catalog/lists/materials/${material.id}`, entryChange(material, true))).toMatchObject(
      { id: material.id, retired: true },
    );

    // The pickers leave them out; asked for retired ones too, they are there, marked.
    expect((await offered('/api/brands')).has(brand.id)).toBe(false);
    expect((await offered('/api/categories')).has(category.id)).toBe(false);
    expect((await offered('/api/materials')).has(material.id)).toBe(false);
    expect((await offered('/api/brands?with_retired=1')).get(brand.id)).toBe(true);
    expect((await offered('/api/categories?with_retired=1')).get(category.id)).toBe(true);
    expect((await offered('/api/materials?with_retired=1')).get(material.id)).toBe(true);
    expect((await offered('/api/brands?with_retired=1')).get(kit.brandId)).toBe(false);
    const listed = await data('GET', '/api/catalog/lists/categories');
    expect(listed.find((entry: { id: number }) => entry.id === category.id)).toMatchObject({ retired: true });

    // The item that names them still shows their names.
    const detail = ctx.json(await getDetail(ctx, kit.recorder.token, item.id)).data;
    expect(detail.brand).toEqual({ id: brand.id, name: brand.name });
    expect(detail.category).toEqual({ id: category.id, name: 'Anklet' });
    expect(detail.material).toEqual({ id: material.id, name: 'Palladium' });

    // The item filled in before they were retired is still accepted.
    const late = ctx.json(await enroll(ctx, kit.recorder.token, queued));
    expect(late).toMatchObject({ code: 0 });

    // A change that says nothing of it keeps it retired; brought back, each is offered again.
    expect(
      await data('PUT', `/api/catalog/brands/${brand.id}`, { ...brandChange(brand), aliases: ['RT'] }),
    ).toMatchObject({ retired: true, aliases: ['RT'] });
    await data('PUT', `/api/catalog/brands/${brand.id}`, brandChange(brand, false));
    await data('PUT', `/api/catalog/lists/categories/${category.id}`, entryChange(category, false));
    await data('PUT', `/api/catalog/lists/materials/${material.id}`, entryChange(material, false));
    expect((await offered('/api/brands')).get(brand.id)).toBe(false);
    expect((await offered('/api/categories')).get(category.id)).toBe(false);
    expect((await offered('/api/materials')).get(material.id)).toBe(false);
  });

  it('a brand’s line retired: no longer offered, in its form marked, still named by its item; brought back', async () => {
    const kit = await prepareKit(ctx);
    const brand = await data('POST', '/api/catalog/brands', {
      name: 'Retiree lines',
      aliases: [],
      lines: [
        { id: null, name: 'Old line' },
        { id: null, name: 'New line' },
      ],
    });
    const [old, kept] = brand.lines as { id: number; name: string }[];
    const item = await register(ctx, kit, { brand_id: brand.id, type_id: old?.id });
    const lines = async (query = '') =>
      (
        ctx.json(
          await ctx.app.inject({
            method: 'GET',
            url: `/api/brand/${brand.id}/types${query}`,
            headers: { ...bearer(await ctx.login(DEMO.recorder)), lang: 'en' },
          }),
        ).data as { id: number; retired: boolean }[]
      ).map((line) => [line.id, line.retired]);

    const retiredOld = { id: old?.id ?? 0, name: 'Old line', retired: true };
    const changed = await data('PUT', `/api/catalog/brands/${brand.id}`, {
      name: brand.name,
      aliases: [],
      lines: [retiredOld],
    });
    expect(changed.lines).toEqual([
      { id: old?.id, name: 'Old line', retired: true },
      { id: kept?.id, name: 'New line', retired: false },
    ]);
    expect(await lines()).toEqual([[kept?.id, false]]);
    expect(await lines('?with_retired=1')).toEqual([
      [old?.id, true],
      [kept?.id, false],
    ]);
    const detail = ctx.json(await getDetail(ctx, kit.recorder.token, item.id)).data;
    expect(detail.type).toEqual({ id: old?.id, name: 'Old line' });

    // Renamed without a word of retiring, it stays retired; brought back, it is offered again.
    await data('PUT', `/api/catalog/brands/${brand.id}`, {
      name: brand.name,
      aliases: [],
      lines: [{ id: old?.id, name: 'Old line (1990s)' }],
    });
    expect(await lines()).toEqual([[kept?.id, false]]);
    await data('PUT', `/api/catalog/brands/${brand.id}`, {
      name: brand.name,
      aliases: [],
      lines: [{ ...retiredOld, retired: false }],
    });
    expect(await lines()).toEqual([
      [old?.id, false],
      [kept?.id, false],
    ]);
  });
  it('retiring again keeps when it first was', async () => {
    const { category } = await entries('b');
    const retiredAt = async () =>
      (await ctx.app.db.select().from(categories)).find((row) => row.id === category.id)?.retiredAt;
    await data('PUT', `/api/catalog/lists/categories/${category.id}`, entryChange(category, true));
    const first = await retiredAt();
    expect(first).toBeInstanceOf(Date);
    await data('PUT', `/api/catalog/lists/categories/${category.id}`, entryChange(category, true));
    expect(await retiredAt()).toEqual(first);
  });

  it('a recorder cannot retire; bad input is refused; each changes nothing', async () => {
    const { brand, category } = await entries('c');
    const before = await rows();
    const byRecorder = await call('PUT', `/api/catalog/brands/${brand.id}`, brandChange(brand, true), DEMO.recorder);
    expect(byRecorder.statusCode).toBe(403);
    expect(ctx.json(byRecorder)).toMatchObject({ code: NOT_MANAGER });
    const entryByRecorder = await call(
      'PUT',
      `/api/catalog/lists/categories/${category.id}`,
      entryChange(category, true),
      DEMO.recorder,
    );
    expect(ctx.json(entryByRecorder)).toMatchObject({ code: NOT_MANAGER });
    for (const [url, body] of [
      [`/api/catalog/brands/${brand.id}`, { ...brandChange(brand), retired: 'yes' }],
      [`/api/catalog/lists/categories/${category.id}`, { ...entryChange(category), retired: 1 }],
    ] as const) {
      const refused = await call('PUT', url, body);
      expect(ctx.json(refused)).toMatchObject({ code: VALIDATION, data: { field: 'retired' } });
    }
    const unknown = await call('PUT', '/api/catalog/brands/999999', { ...brandChange(brand, true), name: 'Nobody' });
    expect(unknown.statusCode).toBe(404);
    expect(await rows()).toEqual(before);
  });
});
