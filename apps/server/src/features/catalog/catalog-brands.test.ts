import { count } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { brands, brandTypes } from '../../db/schema.ts';
import { managerCalls } from '../../test/manager-calls.ts';
import { bearer, DEMO, describeOnDatabases } from '../../test/test-app.ts';

// A brand added and changed by a manager (issue 28 item 5). Written from the issue: a brand has
// the name its maker writes, other names staff type for it ("typing 卡地 finds Cartier, カルティエ
// too") and lines; every picker offers a change at once; nothing items name is removed (a line
// left out of a save stays); a brand's name is its own, a line's name its brand's own.

const BRAND_NAME_TAKEN = 5103;
const REFERENCE_UNKNOWN = 5102;
const VALIDATION = 1001;

describeOnDatabases('catalog brands', (ctx) => {
  const { call, data } = managerCalls(ctx);
  /** What a recorder's pickers offer: the brands found by a typed name, and a brand's lines. */
  const picked = async (id: number) => {
    const recorder = { ...bearer(await ctx.login(DEMO.recorder)), lang: 'en' };
    const all = ctx.json(await ctx.app.inject({ method: 'GET', url: '/api/brands', headers: recorder })).data;
    const lines = ctx.json(
      await ctx.app.inject({ method: 'GET', url: `/api/brand/${id}/types`, headers: recorder }),
    ).data;
    return {
      brand: all.find((brand: { id: number }) => brand.id === id),
      lines: lines.map((line: { name: string }) => line.name),
    };
  };
  const rows = async () =>
    JSON.stringify([
      await ctx.app.db.select({ n: count() }).from(brands),
      await ctx.app.db.select().from(brandTypes),
      await ctx.app.db.select().from(brands),
    ]);

  it('a brand added with its other names and lines is offered at once, with them', async () => {
    const added = await data('POST', '/api/catalog/brands', {
      name: 'Boucheron',
      aliases: ['宝诗龙', '寶詩龍', 'ブシュロン'],
      lines: [
        { id: null, name: 'Quatre' },
        { id: null, name: 'Serpent Bohème' },
      ],
    });
    expect(added).toMatchObject({ name: 'Boucheron', aliases: ['宝诗龙', '寶詩龍', 'ブシュロン'] });
    expect(added.lines.map((line: { name: string }) => line.name)).toEqual(['Quatre', 'Serpent Bohème']);
    const offered = await picked(added.id);
    expect(offered.brand).toMatchObject({ name: 'Boucheron', aliases: ['宝诗龙', '寶詩龍', 'ブシュロン'] });
    expect(offered.lines).toEqual(['Quatre', 'Serpent Bohème']);
    expect(await data('GET', `/api/catalog/brands/${added.id}`)).toEqual(added);
  });

  it('a brand’s names by language: only those given are kept, trimmed; left out of a change, they stay', async () => {
    const added = await data('POST', '/api/catalog/brands', {
      name: 'Piaget',
      names: { 'zh-Hans': '伯爵', 'zh-Hant': '伯爵表', en: '', ja: ' ピアジェ ' },
      aliases: [],
      lines: [],
    });
    const given = { 'zh-Hans': '伯爵', 'zh-Hant': '伯爵表', ja: 'ピアジェ' };
    expect(added.names).toEqual(given);
    expect((await picked(added.id)).brand.names).toEqual(given);
    // A change without them (an older form) keeps them; with them, a language emptied goes.
    const kept = await data('PUT', `/api/catalog/brands/${added.id}`, { name: 'Piaget', aliases: [], lines: [] });
    expect(kept.names).toEqual(given);
    const changed = await data('PUT', `/api/catalog/brands/${added.id}`, {
      name: 'Piaget',
      names: { 'zh-Hans': '伯爵', 'zh-Hant': '', en: '', ja: 'ピアジェ' },
      aliases: [],
      lines: [],
    });
    expect(changed.names).toEqual({ 'zh-Hans': '伯爵', ja: 'ピアジェ' });
  });

  it('a change renames the brand and a line, adds a line, and keeps a line left out', async () => {
    const brand = await data('POST', '/api/catalog/brands', {
      name: 'Chaumet',
      aliases: [],
      lines: [
        { id: null, name: 'Joséphine' },
        { id: null, name: 'Liens' },
      ],
    });
    const [josephine] = brand.lines;
    const changed = await data('PUT', `/api/catalog/brands/${brand.id}`, {
      name: 'CHAUMET Paris',
      aliases: ['尚美巴黎', 'ショーメ'],
      // Liens is left out: it stays, since items may name it.
      lines: [
        { id: josephine.id, name: 'Joséphine Aigrette' },
        { id: null, name: 'Bee My Love' },
      ],
    });
    expect(changed).toMatchObject({ id: brand.id, name: 'CHAUMET Paris', aliases: ['尚美巴黎', 'ショーメ'] });
    expect(changed.lines).toEqual([
      { id: josephine.id, name: 'Joséphine Aigrette', retired: false },
      { id: brand.lines[1].id, name: 'Liens', retired: false },
      { id: expect.any(Number), name: 'Bee My Love', retired: false },
    ]);
    expect((await picked(brand.id)).lines).toEqual(['Joséphine Aigrette', 'Liens', 'Bee My Love']);
  });

  it('refuses, changing nothing: a name another brand has (in any case), another brand’s line, a line name twice', async () => {
    const brand = await data('POST', '/api/catalog/brands', {
      name: 'Pomellato',
      aliases: [],
      lines: [{ id: null, name: 'Nudo' }],
    });
    const [cartierLine] = await data('GET', `/api/brand/${(await data('GET', '/api/brands'))[0].id}/types`);
    const before = await rows();
    const refusals: [object, number, string][] = [
      [{ name: 'cartier', aliases: [], lines: [] }, BRAND_NAME_TAKEN, 'name'],
      [
        { name: 'Pomellato', aliases: [], lines: [{ id: cartierLine.id, name: 'Stolen line' }] },
        REFERENCE_UNKNOWN,
        'lines.0.id',
      ],
      // "Nudo" is kept as it is (left out), so a new line may not take its name.
      [{ name: 'Pomellato', aliases: [], lines: [{ id: null, name: 'NUDO' }] }, VALIDATION, 'lines.0.name'],
      [
        {
          name: 'Pomellato',
          aliases: [],
          lines: [
            { id: null, name: 'Iconica' },
            { id: null, name: 'iconica' },
          ],
        },
        VALIDATION,
        'lines',
      ],
      [{ name: 'Pomellato', aliases: ['ポメラート', 'ポメラート'], lines: [] }, VALIDATION, 'aliases'],
      [{ name: ' ', aliases: [], lines: [] }, VALIDATION, 'name'],
    ];
    for (const [body, code, field] of refusals) {
      const response = await call('PUT', `/api/catalog/brands/${brand.id}`, body);
      expect(ctx.json(response), JSON.stringify(body)).toMatchObject({ code, data: { field } });
    }
    const taken = await call('POST', '/api/catalog/brands', { name: 'CARTIER', aliases: [], lines: [] });
    expect(taken.statusCode).toBe(409);
    expect(ctx.json(taken)).toMatchObject({ code: BRAND_NAME_TAKEN, msg: 'There is already a brand named CARTIER.' });
    expect(await rows()).toBe(before);
  });

  it('is for managers only', async () => {
    const before = await rows();
    const refused = await call(
      'POST',
      '/api/catalog/brands',
      { name: 'Clerk brand', aliases: [], lines: [] },
      DEMO.recorder,
    );
    expect(refused.statusCode).toBe(403);
    expect(await rows()).toBe(before);
  });
});
