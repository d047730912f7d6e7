import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { categories, photoGuideShots } from '../../db/schema.ts';
import { ImportRefusedError } from '../../lib/import-refused.ts';
import {
  commodityInput,
  enroll,
  enrollBody,
  getDetail,
  outcome,
  prepareKit,
  register,
} from '../../test/commodity-kit.ts';
import { bearer, DEMO, describeOnDatabases } from '../../test/test-app.ts';
import { importProducts } from './catalog-import.ts';

const HEADER = 'category,shot,zh-Hans,zh-Hant,en,ja,outline';

describeOnDatabases('photo guide', (ctx) => {
  const guideFile = async (rows: string[]) => {
    const file = path.join(await mkdtemp(path.join(tmpdir(), 'jewel-guide-')), 'photo-guides.csv');
    await writeFile(file, [HEADER, ...rows].join('\n'));
    return file;
  };
  const shotsOf = async (code: string) => {
    const [category] = await ctx.app.db.select().from(categories).where(eq(categories.code, code));
    return ctx.app.db
      .select({ code: photoGuideShots.code, outline: photoGuideShots.outline })
      .from(photoGuideShots)
      .where(eq(photoGuideShots.categoryId, category?.id ?? 0))
      .orderBy(asc(photoGuideShots.sort));
  };

  it('the seed gives every category a shot list of 3 to 7 shots', async () => {
    const all = await ctx.app.db.select().from(categories);
    for (const category of all) {
      const shots = await shotsOf(category.code);
      expect(shots.length, category.code).toBeGreaterThanOrEqual(3);
      expect(shots.length, category.code).toBeLessThanOrEqual(7);
    }
    expect((await shotsOf('bag')).map((shot) => shot.code)).toEqual([
      'front',
      'back',
      'base',
      'corners',
      'hardware',
      'label',
      'serial',
    ]);
  });

  it('the categories answer their shots in the reader’s language', async () => {
    const token = await ctx.login(DEMO.recorder);
    const read = async (lang: string) =>
      ctx.json(await ctx.app.inject({ method: 'GET', url: '/api/categories', headers: { ...bearer(token), lang } }))
        .data as { name: string; shots: { code: string; name: string; outline: string; covers: string | null }[] }[];
    const bagOf = (list: Awaited<ReturnType<typeof read>>, name: string) => list.find((c) => c.name === name);
    const en = bagOf(await read('en'), 'Bag');
    const ja = bagOf(await read('ja'), 'バッグ');
    expect(en?.shots[2]).toEqual({ code: 'base', name: 'Base', outline: 'bag-base', covers: null });
    expect(ja?.shots[2]).toEqual({ code: 'base', name: '底面', outline: 'bag-base', covers: null });
    expect(ja?.shots.find((shot) => shot.code === 'hardware')?.name).toBe('金具');
  });

  it('the categories say which photo section a shot takes: a ring’s, a watch’s, a bag’s and a wallet’s', async () => {
    const token = await ctx.login(DEMO.recorder);
    const answer = ctx.json(
      await ctx.app.inject({ method: 'GET', url: '/api/categories', headers: { ...bearer(token), lang: 'en' } }),
    ).data as { name: string; shots: { code: string; covers: string | null }[] }[];
    const covers = (name: string) =>
      Object.fromEntries((answer.find((c) => c.name === name)?.shots ?? []).map((shot) => [shot.code, shot.covers]));
    expect(covers('Ring')).toEqual({
      top: null,
      side: null,
      inside: 'engraving_pics',
      hallmark: 'material_pics',
      stone: 'inlay_pics',
    });
    // A watch's material is stamped on its case back, its serial number engraved (issue 29 item 10).
    expect(covers('Watch')).toEqual({
      dial: null,
      side: null,
      caseback: 'material_pics',
      clasp: null,
      serial: 'engraving_pics',
    });
    // A bag's and a wallet's engravings are the stamp on the inside label and the serial or date
    // code; their material and inlay photos are no shot's.
    expect(covers('Bag')).toEqual({
      front: null,
      back: null,
      base: null,
      corners: null,
      hardware: null,
      label: 'engraving_pics',
      serial: 'engraving_pics',
    });
    expect(covers('Wallet')).toEqual({
      front: null,
      open: null,
      corners: null,
      label: 'engraving_pics',
      serial: 'engraving_pics',
    });
    // A category with no such shot (a loose gem) takes none.
    expect(Object.values(covers('Loose gemstone')).every((section) => section === null)).toBe(true);
  });

  it('the covers column: written when given, kept from the old list when the file has none', async () => {
    const coversOf = async (code: string) => {
      const [category] = await ctx.app.db.select().from(categories).where(eq(categories.code, code));
      return ctx.app.db
        .select({ code: photoGuideShots.code, covers: photoGuideShots.covers })
        .from(photoGuideShots)
        .where(eq(photoGuideShots.categoryId, category?.id ?? 0))
        .orderBy(asc(photoGuideShots.sort));
    };
    const withCovers = path.join(await mkdtemp(path.join(tmpdir(), 'jewel-guide-')), 'photo-guides.csv');
    await writeFile(
      withCovers,
      [
        `${HEADER},covers`,
        'pendant,front,正面,正面,Front,正面,pendant,',
        'pendant,engraved,背面刻字,背面刻字,Engraved back,裏の刻印,pendant-back,engraving_pics',
        'pendant,bail,吊环,吊環,Bail,バチカン,generic,material_pics',
      ].join('\n'),
    );
    expect(await importProducts(ctx.app.db, withCovers)).toMatchObject({ photo_guides: 1 });
    expect(await coversOf('pendant')).toEqual([
      { code: 'front', covers: null },
      { code: 'engraved', covers: 'engraving_pics' },
      { code: 'bail', covers: 'material_pics' },
    ]);
    // A file from before the column: its shots keep what they covered; a new shot covers nothing.
    const old = await guideFile([
      'pendant,engraved,背面刻字,背面刻字,Engraved back,裏の刻印,pendant-back',
      'pendant,front,正面,正面,Front,正面,pendant',
      'pendant,chain,链,鏈,Chain,チェーン,chain',
    ]);
    expect(await importProducts(ctx.app.db, old)).toMatchObject({ photo_guides: 1 });
    expect(await coversOf('pendant')).toEqual([
      { code: 'engraved', covers: 'engraving_pics' },
      { code: 'front', covers: null },
      { code: 'chain', covers: null },
    ]);
  });

  it('refuses a covers value that is no photo section, changing nothing', async () => {
    const before = await ctx.app.db.select().from(photoGuideShots);
    const file = path.join(await mkdtemp(path.join(tmpdir(), 'jewel-guide-')), 'photo-guides.csv');
    await writeFile(
      file,
      [
        `${HEADER},covers`,
        'ring,top,a,b,c,d,ring-top,',
        'ring,inside,a,b,c,d,ring-inside,engraving',
        'ring,side,a,b,c,d,ring-side,product_pics',
        'ring,stone,a,b,c,d,gem-top,inlay_pics',
      ].join('\n'),
    );
    const refused = (await importProducts(ctx.app.db, file).catch((error: unknown) => error)) as ImportRefusedError;
    expect(refused).toBeInstanceOf(ImportRefusedError);
    expect(refused.problems).toEqual([
      {
        file: 'photo-guides.csv',
        line: 3,
        message: 'unknown covers "engraving" (one of: engraving_pics, inlay_pics, material_pics, or empty)',
      },
      {
        file: 'photo-guides.csv',
        line: 4,
        message: 'unknown covers "product_pics" (one of: engraving_pics, inlay_pics, material_pics, or empty)',
      },
    ]);
    expect(await ctx.app.db.select().from(photoGuideShots)).toEqual(before);
  });

  it('a file replaces the shot lists of the categories it names, and only those', async () => {
    const ringBefore = await shotsOf('ring');
    const file = await guideFile([
      'wallet,front,正面,正面,Front,正面,wallet-front',
      'wallet,zip,拉链,拉鏈,Zip pull,ファスナー,hardware',
    ]);
    expect(await importProducts(ctx.app.db, file)).toMatchObject({ photo_guides: 1 });
    expect(await shotsOf('wallet')).toEqual([
      { code: 'front', outline: 'wallet-front' },
      { code: 'zip', outline: 'hardware' },
    ]);
    expect(await shotsOf('ring')).toEqual(ringBefore);
    // The seed's own file back again: one shot list per category of the demo catalog (twelve,
    // and issue 27's eight of 古物営業法施行規則 §16).
    const seed = path.join(import.meta.dirname, '../../../seed/catalog/photo-guides.csv');
    expect((await importProducts(ctx.app.db, seed)).photo_guides).toBe(12 + 8);
    expect(await shotsOf('wallet')).toHaveLength(5);
  });

  it('refuses an unknown category, an unknown outline or a shot listed twice, changing nothing', async () => {
    const before = await ctx.app.db.select().from(photoGuideShots);
    const refusal = async (rows: string[]) =>
      (await importProducts(ctx.app.db, await guideFile(rows)).catch((error: unknown) => error)) as ImportRefusedError;
    const bad = await refusal([
      'ring,top,a,b,c,d,ring-top',
      'ring,side,a,b,c,d,squiggle',
      'ring,top,a,b,c,d,ring-top',
      'ring,Bad Code,a,b,c,d,ring-top',
      'ring,inside,a,,c,d,ring-inside',
    ]);
    expect(bad).toBeInstanceOf(ImportRefusedError);
    expect(bad.message).toContain('photo-guides.csv:3: unknown outline "squiggle"');
    expect(bad.message).toContain('photo-guides.csv:4: shot "top" of ring is already on line 2');
    expect(bad.message).toContain('photo-guides.csv:5: the shot needs');
    expect(bad.message).toContain('photo-guides.csv:6: the name is missing in zh-Hant');
    const unknown = await refusal(['ring,top,a,b,c,d,ring-top', 'tiara,front,a,b,c,d,generic']);
    expect(unknown.problems).toEqual([{ file: 'photo-guides.csv', line: 3, message: 'unknown category code "tiara"' }]);
    expect(await ctx.app.db.select().from(photoGuideShots)).toEqual(before);
  });

  it('enrollment keeps each product photo’s shot; a wrong count or an unknown shot is refused', async () => {
    const kit = await prepareKit(ctx); // its category is the first, ring
    const item = await register(ctx, kit, { product_pic_shots: ['top', ''] });
    const detail = outcome(ctx, await getDetail(ctx, kit.recorder.token, item.id)).data;
    expect(detail.product_pic_shots).toEqual(['top', '']);
    const plain = await register(ctx, kit);
    expect(outcome(ctx, await getDetail(ctx, kit.recorder.token, plain.id)).data.product_pic_shots).toEqual([]);

    const send = (shots: string[]) =>
      enroll(ctx, kit.recorder.token, enrollBody([commodityInput(kit, { product_pic_shots: shots })]));
    expect(outcome(ctx, await send(['top']))).toMatchObject({
      code: 5080,
      data: { field: 'commodities.0.product_pic_shots' },
    });
    const unknown = ctx.json(await send(['top', 'caseback']));
    expect(unknown).toMatchObject({ code: 5081, data: { field: 'commodities.0.product_pic_shots.1' } });
    expect(unknown.msg).toContain('"caseback"');
  });
});
