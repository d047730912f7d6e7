import { CATALOG_COLUMNS, CATALOG_FILE_KINDS } from '@jewel/contract/values/catalog-files';
import { DEMO_MOBILES } from '@jewel/contract/values/demo';
import { count, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { brands, brandTypes, categories, products } from '../../db/schema.ts';
import { parseCsv } from '../../lib/csv.ts';
import { bearer, DEMO, describeOnDatabases } from '../../test/test-app.ts';

// The catalog's files in the browser (issue 28 item 5): a manager imports with the CLI's rule
// (every row checked first, one bad row refuses all, its line named in the reader's language),
// and downloads each list, or its template, as the file the import reads back.

describeOnDatabases('catalog files', (ctx) => {
  const call = async (mobile: string, method: 'GET' | 'POST', url: string, payload?: unknown, lang = 'en') =>
    ctx.app.inject({ method, url, payload: payload as object, headers: { ...bearer(await ctx.login(mobile)), lang } });
  const importAs = (mobile: string, files: Record<string, string>, lang = 'en') =>
    call(mobile, 'POST', '/api/catalog/import', { files }, lang);
  const tally = async () => ({
    brands: (await ctx.app.db.select({ n: count() }).from(brands))[0]?.n,
    types: (await ctx.app.db.select({ n: count() }).from(brandTypes))[0]?.n,
    categories: (await ctx.app.db.select({ n: count() }).from(categories))[0]?.n,
    products: (await ctx.app.db.select({ n: count() }).from(products))[0]?.n,
  });

  const GOOD = {
    categories: 'code,zh-Hans,zh-Hant,en,ja\nkanzashi,发簪,髮簪,Kanzashi,かんざし\n',
    brands: 'brand,type\nMaison Aurore,Étoile\n',
    products: 'brand,type,category,material,name,code\nMaison Aurore,Étoile,kanzashi,gold_18k,Étoile brooch,MA-001\n',
  };

  it('a file with a bad row writes nothing, even from the good files beside it; each problem names its file and line', async () => {
    const before = await tally();
    const files = {
      ...GOOD,
      // Line 3: a brand the import does not know; line 4: a replenish status out of range.
      products: `${GOOD.products}Nobody,,kanzashi,,Ghost,X-1\nMaison Aurore,,kanzashi,,Other,MA-002,7\n`,
    };
    const refused = await importAs(DEMO_MOBILES.manager, files);
    expect(refused.statusCode).toBe(400);
    expect(ctx.json(refused)).toEqual({
      code: 5100,
      msg: 'Nothing was imported. Correct the problems listed and import the files again.',
      data: {
        problems: [
          { file: 'products.csv', line: 3, message: 'unknown brand "Nobody"' },
          { file: 'products.csv', line: 4, message: '7 fields where the header has 6' },
        ],
      },
    });
    expect(await tally()).toEqual(before);
  });

  it('problems are told in the reader’s language', async () => {
    const bad = { categories: 'code,zh-Hans,zh-Hant,en,ja\nBAD CODE,胸针,胸針,Brooch,\n' };
    const answers = await Promise.all(
      ['zh-Hans', 'zh-Hant', 'ja'].map(async (lang) => ctx.json(await importAs(DEMO_MOBILES.manager, bad, lang))),
    );
    expect(answers.map((answer) => answer.data.problems.map((p: { message: string }) => p.message))).toEqual([
      ['代码需为 1 至 60 个小写字母、数字、_ 或 -：“BAD CODE”', '缺少以下语言的名称：ja'],
      ['代碼需為 1 至 60 個小寫字母、數字、_ 或 -：「BAD CODE」', '缺少以下語言的名稱：ja'],
      ['コードは 1〜60 文字の小文字英字・数字・_・- です：「BAD CODE」', '次の言語の名称がありません：ja'],
    ]);
    expect(answers[2].msg).toBe('何も取り込まれていません。一覧の問題を修正してから、もう一度取り込んでください。');
  });

  it('good files are written together: the category, the brand and its line, then the product that uses them', async () => {
    const before = await tally();
    const answer = await importAs(DEMO_MOBILES.manager, GOOD);
    expect(ctx.json(answer)).toMatchObject({
      code: 0,
      data: { rows: 1, created: 1, updated: 0, categories: 1, materials: 0, brands: 1, photo_guides: 0 },
    });
    expect(await tally()).toEqual({
      brands: (before.brands ?? 0) + 1,
      types: (before.types ?? 0) + 1,
      categories: (before.categories ?? 0) + 1,
      products: (before.products ?? 0) + 1,
    });
    // Imported again: the same product (brand and code) is updated, nothing added.
    const again = await importAs(DEMO_MOBILES.manager, { products: GOOD.products.replace('Étoile brooch', 'Étoile') });
    expect(ctx.json(again).data).toMatchObject({ rows: 1, created: 0, updated: 1 });
    const [product] = await ctx.app.db.select().from(products).where(eq(products.code, 'MA-001'));
    expect(product?.name).toBe('Étoile');
  });

  it('each list downloads as the file its import reads back, and each template has the columns and one example', async () => {
    for (const kind of CATALOG_FILE_KINDS) {
      const file = await call(DEMO_MOBILES.manager, 'GET', `/api/catalog/files/${kind}`);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(file.headers['content-disposition']).toBe(`attachment; filename="${kind}.csv"`);
      const [header, ...rows] = parseCsv(file.body);
      expect(header?.fields).toEqual([...CATALOG_COLUMNS[kind]]);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((row) => row.fields.length === CATALOG_COLUMNS[kind].length)).toBe(true);

      const template = await call(DEMO_MOBILES.manager, 'GET', `/api/catalog/files/${kind}?template=1`);
      expect(template.headers['content-disposition']).toBe(`attachment; filename="${kind}-template.csv"`);
      const [templateHeader, ...examples] = parseCsv(template.body);
      expect(templateHeader?.fields).toEqual([...CATALOG_COLUMNS[kind]]);
      expect(examples).toHaveLength(1);
    }
    // The whole catalog exported and imported back changes nothing.
    const before = await tally();
    const files = Object.fromEntries(
      await Promise.all(
        CATALOG_FILE_KINDS.map(async (kind) => [
          kind,
          (await call(DEMO_MOBILES.manager, 'GET', `/api/catalog/files/${kind}`)).body,
        ]),
      ),
    );
    const back = await importAs(DEMO_MOBILES.manager, files);
    expect(ctx.json(back).data).toMatchObject({ created: 0, updated: before.products });
    expect(await tally()).toEqual(before);
  });

  it('a recorder or a valuer who does not manage is refused, and nothing is written', async () => {
    const before = await tally();
    for (const mobile of [DEMO.recorder, DEMO.valuer1]) {
      const refused = await importAs(mobile, GOOD);
      expect(ctx.json(refused)).toMatchObject({ code: 2033 });
      expect((await call(mobile, 'GET', '/api/catalog/files/products')).statusCode).toBe(403);
    }
    expect(await tally()).toEqual(before);
  });

  it('an import without any file, or with a file the catalog has no list for, is refused by its shape', async () => {
    expect(ctx.json(await importAs(DEMO_MOBILES.manager, {}))).toMatchObject({ code: 1001 });
    expect(ctx.json(await importAs(DEMO_MOBILES.manager, { workflows: 'code\nx\n' }))).toMatchObject({ code: 1001 });
    expect(ctx.json(await call(DEMO_MOBILES.manager, 'GET', '/api/catalog/files/workflows'))).toMatchObject({
      code: 1001,
    });
  });
});
