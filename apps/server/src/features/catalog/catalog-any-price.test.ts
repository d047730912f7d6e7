import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { categories, materials } from '../../db/schema.ts';
import { ImportRefusedError } from '../../lib/import-refused.ts';
import { describeOnDatabases } from '../../test/test-app.ts';
import { importProducts } from './catalog-import.ts';

/**
 * The goods checked whatever the price are catalog data (issue 27 item 2): the
 * `id_check_any_price` column of categories.csv and materials.csv, set in the demo catalog for
 * 古物営業法施行規則 §16's list and the demo shop's policy.
 */
describeOnDatabases('goods checked at any price in the catalog', (ctx) => {
  const importDir = async (files: Record<string, string>) => {
    const dir = await mkdtemp(path.join(tmpdir(), 'jewel-any-price-'));
    for (const [name, text] of Object.entries(files)) await writeFile(path.join(dir, name), text);
    return importProducts(ctx.app.db, dir);
  };
  const flags = async (table: typeof categories | typeof materials, codes: string[]) =>
    Object.fromEntries(
      (await ctx.app.db.select().from(table).where(inArray(table.code, codes))).map((row) => [
        row.code,
        row.idCheckAnyPrice,
      ]),
    );
  const product = 'brand,category,name\nCartier,ring,Flag test ring\n';

  it("flags the demo catalog's §16 goods and precious metals, and nothing else of it", async () => {
    // Hand-written from 施行規則 §16 (as in force from 2025-10-01) and the demo shop's policy.
    expect(
      await flags(categories, [
        'motorcycle',
        'game_software',
        'optical_disc',
        'book',
        'aircon_outdoor_unit',
        'heat_pump',
        'electric_wire',
        'metal_grating',
        'gold_bar',
        'watch',
        'ring',
        'bag',
        'loose_gem',
        'other',
      ]),
    ).toEqual({
      motorcycle: true,
      game_software: true,
      optical_disc: true,
      book: true,
      aircon_outdoor_unit: true,
      heat_pump: true,
      electric_wire: true,
      metal_grating: true,
      gold_bar: true,
      watch: false,
      ring: false,
      bag: false,
      loose_gem: false,
      other: false,
    });
    expect(
      await flags(materials, [
        'gold_24k',
        'gold_22k',
        'gold_18k',
        'gold_14k',
        'pt950',
        'pt900',
        'silver_925',
        'diamond',
      ]),
    ).toEqual({
      gold_24k: true,
      gold_22k: true,
      gold_18k: true,
      gold_14k: true,
      pt950: true,
      pt900: true,
      silver_925: false,
      diamond: false,
    });
    const [book] = await ctx.app.db.select().from(categories).where(eq(categories.code, 'book'));
    expect(book?.name).toEqual({ 'zh-Hans': '书籍', 'zh-Hant': '書籍', en: 'Books', ja: '書籍' });
  });

  it('sets the flag from the column, keeps it without the column, and refuses another value', async () => {
    await importDir({
      'categories.csv':
        'code,zh-Hans,zh-Hant,en,ja,id_check_any_price\ntrading_card,卡牌,卡牌,Trading cards,トレカ,1\n',
      'materials.csv':
        'code,zh-Hans,zh-Hant,en,ja,purity,id_check_any_price\npalladium,钯金,鈀金,Palladium,パラジウム,0.95,1\n',
      'products.csv': product,
    });
    expect(await flags(categories, ['trading_card'])).toEqual({ trading_card: true });
    expect(await flags(materials, ['palladium'])).toEqual({ palladium: true });
    // Without the column: renamed, flag kept.
    await importDir({
      'categories.csv': 'code,zh-Hans,zh-Hant,en,ja\ntrading_card,卡牌,卡牌,Trading card games,トレカ\n',
      'products.csv': product,
    });
    expect(await flags(categories, ['trading_card'])).toEqual({ trading_card: true });
    // With it, empty: cleared.
    await importDir({
      'categories.csv': 'code,zh-Hans,zh-Hant,en,ja,id_check_any_price\ntrading_card,卡牌,卡牌,Trading cards,トレカ,\n',
      'products.csv': product,
    });
    expect(await flags(categories, ['trading_card'])).toEqual({ trading_card: false });
    const refused = importDir({
      'categories.csv':
        'code,zh-Hans,zh-Hant,en,ja,id_check_any_price\ntrading_card,卡牌,卡牌,Trading cards,トレカ,yes\n',
      'products.csv': product,
    });
    await expect(refused).rejects.toBeInstanceOf(ImportRefusedError);
    await expect(refused).rejects.toMatchObject({
      problems: [{ file: 'categories.csv', line: 2, message: 'id_check_any_price is 1, 0 or empty, not "yes"' }],
    });
    expect(await flags(categories, ['trading_card'])).toEqual({ trading_card: false });
  });
});
