import { asc, count, desc, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import {
  brands,
  brandTypes,
  categories,
  knowledgeArticles,
  knowledgeArticleTranslations,
  knowledgeCategories,
  materials,
  products,
} from '../db/schema.ts';
import { describeOnDatabases } from '../test/test-app.ts';

/**
 * The demo data, loaded from apps/server/seed/ by the importers, is what the TypeScript seed data
 * held before (issue 11): the expected values were read from that data, not from the files.
 */
describeOnDatabases('demo seed', (ctx) => {
  const rows = async (table: typeof products | typeof brands | typeof brandTypes | typeof categories) =>
    (await ctx.app.db.select({ n: count() }).from(table))[0]?.n;

  // Issue 27 adds the eight categories of 古物営業法施行規則 §16 checked at any price (motorcycles,
  // game software, CD/DVD/BD, books, air-conditioner outdoor units, heat pumps, electric wire,
  // metal gratings) to the twelve before.
  it('has the catalog: 75 products of 13 brands with 57 lines, 20 categories, 18 materials', async () => {
    expect(await rows(products)).toBe(75);
    expect(await rows(brands)).toBe(13);
    expect(await rows(brandTypes)).toBe(57);
    expect(await rows(categories)).toBe(12 + 8);
    expect((await ctx.app.db.select({ n: count() }).from(materials))[0]?.n).toBe(18);
  });

  it('keeps each product’s brand, line, category, material, name and status', async () => {
    const product = (code: string) =>
      ctx.app.db
        .select({
          brand: brands.name,
          type: brandTypes.name,
          category: categories.code,
          material: materials.code,
          name: products.name,
          replenish: products.replenishStatus,
        })
        .from(products)
        .innerJoin(brands, eq(brands.id, products.brandId))
        .leftJoin(brandTypes, eq(brandTypes.id, products.typeId))
        .innerJoin(categories, eq(categories.id, products.categoryId))
        .leftJoin(materials, eq(materials.id, products.materialId))
        .where(eq(products.code, code));
    expect(await product('B6035517')).toEqual([
      {
        brand: 'Cartier',
        type: 'Love',
        category: 'bracelet',
        material: 'gold_18k',
        name: 'Love bracelet, 18K yellow gold',
        replenish: 2,
      },
    ]);
    expect(await product('M42616')).toEqual([
      {
        brand: 'Louis Vuitton',
        type: null,
        category: 'wallet',
        material: 'canvas',
        name: 'Zippy Wallet, Monogram canvas',
        replenish: 0,
      },
    ]);
    const [gold] = await ctx.app.db.select().from(materials).where(eq(materials.code, 'gold_18k'));
    expect(gold).toMatchObject({
      purity: 0.75,
      sort: 3,
      name: { 'zh-Hans': '18K金', 'zh-Hant': '18K金', en: '18K gold', ja: 'K18' },
    });
    const [ring] = await ctx.app.db.select().from(categories).orderBy(asc(categories.sort)).limit(1);
    expect(ring).toMatchObject({
      code: 'ring',
      name: { 'zh-Hans': '戒指', 'zh-Hant': '戒指', en: 'Ring', ja: 'リング' },
    });
    const cartierLines = await ctx.app.db
      .select({ name: brandTypes.name })
      .from(brandTypes)
      .innerJoin(brands, eq(brands.id, brandTypes.brandId))
      .where(eq(brands.name, 'Cartier'))
      .orderBy(asc(brandTypes.sort));
    expect(cartierLines.map((line) => line.name)).toEqual([
      'Love',
      'Juste un Clou',
      'Panthère de Cartier',
      'Santos de Cartier',
      'Tank',
    ]);
  });

  it('has the knowledge base: 9 articles in five categories, each in four languages', async () => {
    const perCategory = await ctx.app.db
      .select({ category: knowledgeCategories.code, lang: knowledgeArticleTranslations.lang, n: count() })
      .from(knowledgeArticleTranslations)
      .innerJoin(knowledgeArticles, eq(knowledgeArticles.id, knowledgeArticleTranslations.articleId))
      .innerJoin(knowledgeCategories, eq(knowledgeCategories.id, knowledgeArticles.categoryId))
      .groupBy(knowledgeCategories.code, knowledgeArticleTranslations.lang);
    const expected = { 'precious-metals': 1, gemstones: 3, bags: 2, watches: 1, practice: 2 };
    expect(perCategory).toHaveLength(5 * 4);
    for (const row of perCategory) expect(row.n).toBe(expected[row.category as keyof typeof expected]);
    const order = await ctx.app.db
      .select({ code: knowledgeCategories.code })
      .from(knowledgeCategories)
      .orderBy(asc(knowledgeCategories.sort));
    expect(order.map((row) => row.code)).toEqual(['precious-metals', 'gemstones', 'bags', 'watches', 'practice']);
  });

  it('shows the gold purity article first, with its title and body in each language', async () => {
    const [newest] = await ctx.app.db
      .select({ id: knowledgeArticles.id, slug: knowledgeArticles.slug, cover: knowledgeArticles.cover })
      .from(knowledgeArticles)
      .orderBy(desc(knowledgeArticles.createdAt), desc(knowledgeArticles.id))
      .limit(1);
    expect(newest).toMatchObject({ slug: 'gold-purity-marks', cover: '/knowledge/precious-metals.svg' });
    const versions = await ctx.app.db
      .select({
        lang: knowledgeArticleTranslations.lang,
        title: knowledgeArticleTranslations.title,
        tags: knowledgeArticleTranslations.tags,
        markdown: knowledgeArticleTranslations.bodyMarkdown,
      })
      .from(knowledgeArticleTranslations)
      .where(eq(knowledgeArticleTranslations.articleId, newest?.id ?? 0))
      .orderBy(asc(knowledgeArticleTranslations.lang));
    const byLang = Object.fromEntries(versions.map((version) => [version.lang, version]));
    expect(byLang.en).toMatchObject({
      title: 'How to read gold and platinum purity marks',
      tags: ['gold', 'platinum', 'purity', 'hallmarks'],
    });
    expect(byLang.en?.markdown).toMatch(/^A purity mark is the first thing to read on a precious-metal piece, but/);
    expect(byLang.ja?.title).toBe('金・プラチナの品位刻印の読み方');
    expect(byLang.ja?.markdown).toMatch(/^品位刻印は貴金属を査定するときに最初に見るものですが/);
    expect(byLang['zh-Hans']?.title).toBe('如何读懂黄金与铂金的成色印记');
    expect(byLang['zh-Hans']?.markdown).toMatch(/^成色印记是判断贵金属饰品价值的第一步/);
    expect(byLang['zh-Hant']?.title).toBe('如何讀懂黃金與鉑金的成色印記');
    expect(byLang['zh-Hant']?.markdown).toMatch(/^成色印記是判斷貴金屬飾品價值的第一步/);
    // The body ends where the TypeScript data's did: the file's trailing newline is not kept.
    expect(byLang['zh-Hans']?.markdown.endsWith('一律以检测为准，并在鉴定记录中注明“印记不符”。')).toBe(true);
  });
});
