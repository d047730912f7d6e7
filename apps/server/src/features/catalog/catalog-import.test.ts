import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { products } from '../../db/schema.ts';
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
    expect(await importProducts(ctx.app.db, file)).toEqual({ rows: 3, created: 2, updated: 1 });
    expect(await count()).toBe(before + 2);
    const [updated] = await ctx.app.db
      .select()
      .from(products)
      .where(eq(products.id, existing?.id ?? 0));
    expect(updated).toMatchObject({ name: 'Love bracelet, 18K yellow gold (updated)', replenishStatus: 2 });
    const [added] = await ctx.app.db.select().from(products).where(eq(products.code, 'TT-WIRE-1'));
    expect(added).toMatchObject({ name: 'T Wire ring, "narrow"', replenishStatus: 1 });
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
});
