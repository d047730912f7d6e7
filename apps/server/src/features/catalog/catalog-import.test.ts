import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { brands, brandTypes, categories, materials, products } from '../../db/schema.ts';
import { ImportRefusedError } from '../../lib/import-refused.ts';
import { describeOnDatabases } from '../../test/test-app.ts';
import { importProducts } from './catalog-import.ts';

describeOnDatabases('catalog import', (ctx) => {
  const csvFile = async (text: string) => {
    const file = path.join(await mkdtemp(path.join(tmpdir(), 'jewel-import-')), 'products.csv');
    await writeFile(file, text);
    return file;
  };
  const count = async () => (await ctx.app.db.select({ id: products.id }).from(products)).length;

  it('adds new products and updates those with the same brand and code', async () => {
    const before = await count();
    const [existing] = await ctx.app.db.select().from(products).where(eq(products.code, 'B6035517'));
    const file = await csvFile(
      [
        'brand,type,category,material,name,code,replenish_status',
        'cartier,Love,bracelet,,"Love bracelet, 18K yellow gold (updated)",B6035517,2',
        'Tiffany & Co.,Tiffany T,ring,,"T Wire ring, ""narrow""",TT-WIRE-1,1',
        'Rolex,,watch,,Oyster Perpetual 36,126000,',
      ].join('\n'),
    );
    expect(await importProducts(ctx.app.db, file)).toEqual({
      rows: 3,
      created: 2,
      updated: 1,
      categories: 0,
      materials: 0,
      brands: 0,
      photo_guides: 0,
    });
    expect(await count()).toBe(before + 2);
    const [updated] = await ctx.app.db
      .select()
      .from(products)
      .where(eq(products.id, existing?.id ?? 0));
    // A file without the language or image columns leaves the product's names and picture.
    expect(updated).toMatchObject({
      name: 'Love bracelet, 18K yellow gold (updated)',
      names: {
        'zh-Hans': 'LOVE手镯，18K黄金',
        'zh-Hant': 'LOVE手鐲，18K黃金',
        ja: 'ラブ ブレスレット K18イエローゴールド',
      },
      image: '/products/bracelet.svg',
      replenishStatus: 2,
    });
    const [added] = await ctx.app.db.select().from(products).where(eq(products.code, 'TT-WIRE-1'));
    expect(added).toMatchObject({ name: 'T Wire ring, "narrow"', names: {}, image: '', replenishStatus: 1 });
  });

  it('reads a name per language and a picture; an empty column clears, a missing one keeps', async () => {
    const file = await csvFile(
      [
        'brand,type,category,material,name,name_zh-Hans,name_ja,name_en,code,image',
        'Cartier,Love,bracelet,,Love bracelet,LOVE手镯（新）,,Love bracelet (en),B6035517,/products/ring.svg',
        'Rolex,,watch,,Air-King 40,空霸40,エアキング 40,,126900,/products/watch.svg',
      ].join('\n'),
    );
    expect(await importProducts(ctx.app.db, file)).toMatchObject({ rows: 2, created: 1, updated: 1 });
    const [updated] = await ctx.app.db.select().from(products).where(eq(products.code, 'B6035517'));
    // zh-Hant has no column: kept; ja is empty: cleared.
    expect(updated).toMatchObject({
      name: 'Love bracelet',
      names: { 'zh-Hans': 'LOVE手镯（新）', 'zh-Hant': 'LOVE手鐲，18K黃金', en: 'Love bracelet (en)' },
      image: '/products/ring.svg',
    });
    expect(updated?.names).not.toHaveProperty('ja');
    const [added] = await ctx.app.db.select().from(products).where(eq(products.code, '126900'));
    expect(added).toMatchObject({
      name: 'Air-King 40',
      names: { 'zh-Hans': '空霸40', ja: 'エアキング 40' },
      image: '/products/watch.svg',
    });
  });

  it('refuses a picture that is not a path in the app, and a name too long in one language', async () => {
    const long = 'x'.repeat(201);
    const file = await csvFile(
      [
        'brand,category,name,name_ja,code,image',
        'Cartier,ring,Ring A,,IMG-1,https://example.com/a.png',
        'Cartier,ring,Ring B,,IMG-2,//example.com/b.png',
        'Cartier,ring,Ring C,,IMG-3,"/products/a b.svg"',
        `Cartier,ring,Ring D,${long},IMG-4,`,
      ].join('\n'),
    );
    const refused = (await importProducts(ctx.app.db, file).catch((error: unknown) => error)) as ImportRefusedError;
    expect(refused.problems.map((problem) => `${problem.line}: ${problem.message}`)).toEqual([
      '2: the image is a path in the app, such as /products/ring.svg, not "https://example.com/a.png"',
      '3: the image is a path in the app, such as /products/ring.svg, not "//example.com/b.png"',
      '4: the image is a path in the app, such as /products/ring.svg, not "/products/a b.svg"',
      '5: name_ja has more than 200 characters',
    ]);
  });

  it('refuses the whole file with each bad row’s line, writing nothing', async () => {
    const before = await count();
    const file = await csvFile(
      [
        'brand,type,category,material,name,code,replenish_status',
        'Cartier,Love,ring,,Good row,NEW-OK-1,0',
        'Nobrand,,ring,,Row of an unknown brand,X1,0',
        'Cartier,Submariner,ring,,A line of another brand,X2,0',
        'Cartier,,spaceship,,Unknown category,X3,0',
        'Cartier,,ring,unobtainium,Unknown material,X4,0',
        'Cartier,,ring,,Bad status,X5,7',
        'Cartier,,ring,,,X6,0',
        'Cartier,,ring,,Twice,NEW-OK-1,0',
        'Cartier,,ring',
      ].join('\n'),
    );
    const refused = await importProducts(ctx.app.db, file).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ImportRefusedError);
    const lines = (refused as ImportRefusedError).problems.map((problem) => problem.line);
    expect(lines).toEqual([3, 4, 5, 6, 7, 8, 9, 10]);
    expect((refused as ImportRefusedError).message).toContain('products.csv:3: unknown brand "Nobrand"');
    expect(await count()).toBe(before);
  });

  it('refuses a file with an unknown or a missing column', async () => {
    const file = await csvFile('brand,colour,name\nCartier,red,Ring\n');
    const refused = (await importProducts(ctx.app.db, file).catch((error: unknown) => error)) as ImportRefusedError;
    expect(refused.problems.map((problem) => problem.message)).toEqual([
      'unknown column "colour"',
      'missing column "category"',
    ]);
  });

  const importDir = async (files: Record<string, string>) => {
    const dir = await mkdtemp(path.join(tmpdir(), 'jewel-import-'));
    for (const [name, text] of Object.entries(files)) await writeFile(path.join(dir, name), text);
    return dir;
  };

  it('a directory adds and renames categories, materials, brands and lines before its products', async () => {
    const dir = await importDir({
      'categories.csv':
        'code,zh-Hans,zh-Hant,en,ja\nring,戒指,戒指,Finger ring,リング\nanklet,脚链,腳鏈,Anklet,アンクレット\n',
      'materials.csv':
        'code,zh-Hans,zh-Hant,en,ja,purity\npalladium,钯金,鈀金,Palladium,パラジウム,0.95\nresin,树脂,樹脂,Resin,樹脂,\n',
      'brands.csv': 'brand,type\ncartier,Trinity\nCartier,Love\nPomellato,Nudo\nPomellato,\n',
      'products.csv': [
        'brand,type,category,material,name,code,replenish_status',
        'Pomellato,Nudo,anklet,palladium,Nudo anklet,PN-1,1',
        'Cartier,Trinity,ring,resin,Trinity ring,CT-1,0',
      ].join('\n'),
    });
    expect(await importProducts(ctx.app.db, dir)).toEqual({
      rows: 2,
      created: 2,
      updated: 0,
      categories: 2,
      materials: 2,
      brands: 2,
      photo_guides: 0,
    });
    const [ring] = await ctx.app.db.select().from(categories).where(eq(categories.code, 'ring'));
    expect(ring).toMatchObject({ sort: 1, name: { en: 'Finger ring', ja: 'リング' } });
    const [anklet] = await ctx.app.db.select().from(categories).where(eq(categories.code, 'anklet'));
    expect(anklet?.sort).toBeGreaterThan(12);
    const added = await ctx.app.db.select().from(materials).where(eq(materials.code, 'palladium'));
    expect(added).toMatchObject([{ purity: 0.95, name: { en: 'Palladium' } }]);
    const cartier = await ctx.app.db.select().from(brands).where(eq(brands.name, 'Cartier'));
    expect(cartier).toHaveLength(1);
    const lines = await ctx.app.db
      .select({ name: brandTypes.name, sort: brandTypes.sort })
      .from(brandTypes)
      .where(eq(brandTypes.brandId, cartier[0]?.id ?? 0));
    expect(lines.filter((line) => line.name === 'Love')).toHaveLength(1);
    expect(lines.find((line) => line.name === 'Trinity')?.sort).toBe(Math.max(...lines.map((line) => line.sort)));
    const [nudo] = await ctx.app.db.select().from(products).where(eq(products.code, 'PN-1'));
    expect(nudo).toMatchObject({ name: 'Nudo anklet', replenishStatus: 1 });
  });

  it('refuses a directory with bad lists, or whose products fail, writing none of its lists', async () => {
    const badLists = await importDir({
      'categories.csv': 'code,zh-Hans,zh-Hant,en,ja\nBad Code,a,b,c,d\nfine,a,,c,d\n',
      'materials.csv': 'code,zh-Hans,zh-Hant,en,ja,purity\ngold_30k,a,b,c,d,1.25\n',
      'brands.csv': 'brand,type\nAcme,Rocket\nACME,rocket\n',
      'products.csv': 'brand,category,name\nCartier,ring,Ring\n',
    });
    const refused = (await importProducts(ctx.app.db, badLists).catch((error: unknown) => error)) as ImportRefusedError;
    expect(refused).toBeInstanceOf(ImportRefusedError);
    expect(refused.problems.map((problem) => `${problem.file}:${problem.line}`)).toEqual([
      'categories.csv:2',
      'categories.csv:3',
      'materials.csv:2',
      'brands.csv:3',
    ]);

    const badProducts = await importDir({
      'categories.csv': 'code,zh-Hans,zh-Hant,en,ja\ntiara,a,b,c,d\n',
      'products.csv': 'brand,category,name\nNobrand,tiara,Tiara\n',
    });
    const refusedProducts = await importProducts(ctx.app.db, badProducts).catch((error: unknown) => error);
    expect((refusedProducts as ImportRefusedError).message).toContain('products.csv:2: unknown brand "Nobrand"');
    expect(await ctx.app.db.select().from(categories).where(eq(categories.code, 'tiara'))).toEqual([]);

    const noProducts = await importDir({ 'brands.csv': 'brand\nAcme\n' });
    const missing = (await importProducts(ctx.app.db, noProducts).catch(
      (error: unknown) => error,
    )) as ImportRefusedError;
    expect(missing.problems).toEqual([{ file: 'products.csv', line: 0, message: 'the file is missing' }]);
  });
});
