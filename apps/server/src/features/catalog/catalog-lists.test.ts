import { expect, it } from 'vitest';
import { categories, materials } from '../../db/schema.ts';
import { managerCalls } from '../../test/manager-calls.ts';
import { bearer, DEMO, describeOnDatabases } from '../../test/test-app.ts';

// Categories and materials one by one (issue 28 item 5). Written from the issue: each has a code
// and a name in the four languages, a category carries the "always check identity" flag and a
// material its purity (the metal calculator's); every picker follows at once, in the reader's
// language; a code is its list's own; what items name keeps its id.

const LIST_CODE_TAKEN = 5104;
const VALIDATION = 1001;

const NAMES = { 'zh-Hans': '胸针', 'zh-Hant': '胸針', en: 'Brooch', ja: 'ブローチ' };

describeOnDatabases('catalog categories and materials', (ctx) => {
  const { call, data } = managerCalls(ctx);
  /** What a recorder's pickers offer, in `lang`. */
  const offered = async (url: string, lang: string) =>
    ctx.json(await ctx.app.inject({ method: 'GET', url, headers: { ...bearer(await ctx.login(DEMO.recorder)), lang } }))
      .data;
  const rows = async () =>
    JSON.stringify([await ctx.app.db.select().from(categories), await ctx.app.db.select().from(materials)]);

  it('a category added with its names and the identity rule is offered at once, in each language', async () => {
    const added = await data('POST', '/api/catalog/lists/categories', {
      code: 'brooch-test',
      name: NAMES,
      purity: null,
      id_check_any_price: true,
      precious: false,
    });
    expect(added).toEqual({
      id: expect.any(Number),
      code: 'brooch-test',
      name: NAMES,
      purity: null,
      id_check_any_price: true,
      precious: false,
      retired: false,
    });
    const inJapanese = await offered('/api/categories', 'ja');
    expect(inJapanese.find((category: { id: number }) => category.id === added.id)).toMatchObject({ name: 'ブローチ' });
    expect((await data('GET', '/api/catalog/lists/categories')).at(-1)).toEqual(added);
  });

  it('a material changed keeps its id: a new name, purity and flags reach the pickers', async () => {
    const [first] = await data('GET', '/api/catalog/lists/materials');
    const changed = await data('PUT', `/api/catalog/lists/materials/${first.id}`, {
      ...first,
      id: undefined,
      name: { ...first.name, en: 'Gold 18K (750)' },
      purity: 0.75,
      precious: true,
    });
    expect(changed).toMatchObject({ id: first.id, code: first.code, purity: 0.75, precious: true });
    const inEnglish = await offered('/api/materials', 'en');
    expect(inEnglish.find((material: { id: number }) => material.id === first.id)).toEqual({
      id: first.id,
      name: 'Gold 18K (750)',
      purity: 0.75,
      retired: false,
    });
  });

  it('refuses, changing nothing: a code the list has, a bad code, a missing name, a purity out of range or on a category', async () => {
    const [first, second] = await data('GET', '/api/catalog/lists/materials');
    const [category] = await data('GET', '/api/catalog/lists/categories');
    const entry = { code: 'fresh-code', name: NAMES, purity: null, id_check_any_price: false, precious: false };
    const before = await rows();
    const refusals: [string, string, object, number, string][] = [
      ['PUT', `/api/catalog/lists/materials/${second.id}`, { ...entry, code: first.code }, LIST_CODE_TAKEN, 'code'],
      ['POST', '/api/catalog/lists/materials', { ...entry, code: 'Gold 18K' }, VALIDATION, 'code'],
      ['POST', '/api/catalog/lists/materials', { ...entry, name: { ...NAMES, ja: ' ' } }, VALIDATION, 'name.ja'],
      ['POST', '/api/catalog/lists/materials', { ...entry, purity: 1.2 }, VALIDATION, 'purity'],
      ['PUT', `/api/catalog/lists/categories/${category.id}`, { ...entry, purity: 0.5 }, VALIDATION, 'purity'],
      ['POST', '/api/catalog/lists/stones', entry, VALIDATION, 'kind'],
    ];
    for (const [method, url, body, code, field] of refusals) {
      const response = await call(method as 'POST' | 'PUT', url, body);
      expect(ctx.json(response), `${url} ${JSON.stringify(body)}`).toMatchObject({ code, data: { field } });
    }
    const taken = await call('POST', '/api/catalog/lists/materials', { ...entry, code: first.code });
    expect(taken.statusCode).toBe(409);
    expect(ctx.json(taken).msg).toBe(`Another entry of this list already has the code ${first.code}.`);
    expect(await rows()).toBe(before);
  });

  it('is for managers only', async () => {
    const before = await rows();
    const refused = await call(
      'POST',
      '/api/catalog/lists/categories',
      { code: 'clerk', name: NAMES, purity: null, id_check_any_price: false, precious: false },
      DEMO.recorder,
    );
    expect(refused.statusCode).toBe(403);
    expect(await rows()).toBe(before);
  });
});
