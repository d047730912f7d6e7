import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { commands, RefusedError } from '../../cli/operator-commands.ts';
import { knowledgeArticles, knowledgeCategories, users } from '../../db/schema.ts';
import { ImportRefusedError } from '../../lib/import-refused.ts';
import { bearer, DEMO, describeOnDatabases } from '../../test/test-app.ts';
import { importKnowledge } from './knowledge-import.ts';
import { upsertArticle } from './knowledge-write.ts';

type Summary = { id: number; title: string; language: string; category: { id: number; code: string } };

describeOnDatabases('knowledge base', (ctx) => {
  let token = '';
  const get = async (url: string, lang = 'en', as?: string) => {
    token ||= await ctx.login(DEMO.recorder);
    return ctx.app.inject({ method: 'GET', url, headers: { ...bearer(as ?? token), lang } });
  };
  const data = async (url: string, lang = 'en') => {
    const response = await get(url, lang);
    expect(response.statusCode, response.body).toBe(200);
    return ctx.json(response).data;
  };
  const categoryId = async (code: string) => {
    const [row] = await ctx.app.db.select().from(knowledgeCategories).where(eq(knowledgeCategories.code, code));
    if (!row) throw new Error(`no category ${code}`);
    return row.id;
  };
  const dirs: string[] = [];
  const tempDir = async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'jewel-knowledge-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('categories in the caller language, and the seeded articles in four languages', async () => {
    const en = await data('/api/knowledge/categories', 'en');
    const ja = await data('/api/knowledge/categories', 'ja');
    expect(en.map((c: { code: string }) => c.code)).toEqual([
      'precious-metals',
      'gemstones',
      'bags',
      'watches',
      'practice',
    ]);
    expect(en[0].name).toBe('Precious metals');
    expect(ja[0]).toMatchObject({ id: en[0].id, name: '貴金属' });

    for (const lang of ['zh_CN', 'zh_TW', 'en', 'ja']) {
      const page = await data('/api/knowledge/articles?page_size=50', lang);
      expect(page.total).toBeGreaterThanOrEqual(8);
      const expected = { zh_CN: 'zh-Hans', zh_TW: 'zh-Hant', en: 'en', ja: 'ja' }[lang];
      expect(page.items.every((a: Summary) => a.language === expected)).toBe(true);
    }
    const zh = await data('/api/knowledge/articles', 'zh_CN');
    expect(zh.items[0]).toMatchObject({
      title: '如何读懂黄金与铂金的成色印记',
      category: { code: 'precious-metals', name: '贵金属' },
      cover: '/knowledge/precious-metals.svg',
      tags: expect.arrayContaining(['黄金']),
    });
    expect(zh.items[0].summary.length).toBeGreaterThan(10);
  });

  it('pages, filters by category and searches title and body', async () => {
    const all = await data('/api/knowledge/articles?page_size=50');
    const paged = await data('/api/knowledge/articles?page=2&page_size=3');
    expect(paged).toMatchObject({ page: 2, page_size: 3, total: all.total });
    expect(paged.items.map((a: Summary) => a.id)).toEqual(all.items.slice(3, 6).map((a: Summary) => a.id));

    const bags = await categoryId('bags');
    const byCategory = await data(`/api/knowledge/articles?category_id=${bags}`);
    expect(byCategory.total).toBe(2);
    expect(byCategory.items.every((a: Summary) => a.category.id === bags)).toBe(true);

    // In a title (case-insensitive) …
    const byTitle = await data(`/api/knowledge/articles?keyword=${encodeURIComponent('rolex')}`);
    expect(byTitle.items.map((a: Summary) => a.title)).toContain('Rolex: reference numbers and serials');
    // … and only in a body: "vachetta" is in the text of the condition ranks and LV articles.
    const byBody = await data('/api/knowledge/articles?keyword=vachetta');
    expect(byBody.items.map((a: Summary) => a.title).sort()).toEqual([
      'Condition ranks N, S, SA, A, AB, B, BC and C',
      'Louis Vuitton: date codes, stitching and canvas',
    ]);
    // Markup is not searched: every article's HTML has "<thead>", none of their texts.
    expect((await data('/api/knowledge/articles?keyword=thead')).total).toBe(0);
    // Keywords in the caller's language, category and keyword together.
    const ja = await data(`/api/knowledge/articles?keyword=${encodeURIComponent('刻印')}&category_id=${bags}`, 'ja');
    expect(ja.total).toBe(2);
    // `%` and `_` match themselves, not anything.
    const percent = await data('/api/knowledge/articles?keyword=%25&page_size=50');
    expect(percent.total).toBeGreaterThan(0);
    expect(percent.total).toBeLessThan(all.total);
    for (const item of percent.items) {
      expect((await data(`/api/knowledge/articles/${item.id}`)).body_html).toContain('%');
    }
    expect((await data('/api/knowledge/articles?keyword=g_ld')).total).toBe(0);
    expect((await data('/api/knowledge/articles?keyword=state_level')).total).toBe(1);
  });

  it('the detail has the rendered body; unknown and malformed ids are refused', async () => {
    const list = await data('/api/knowledge/articles?keyword=4C');
    const detail = await data(`/api/knowledge/articles/${list.items[0].id}`);
    expect(detail.title).toBe('Diamond 4C: carat, colour, clarity and cut');
    expect(detail.body_html).toContain('<h2>Carat</h2>');
    expect(detail.body_html).toContain('<table>');
    expect(detail.body_html).toContain('<strong>0.5, 0.7, 1.0, 1.5 and 2.0 ct</strong>');
    expect(detail.body_html).not.toContain('**');

    const unknown = await get('/api/knowledge/articles/999999');
    expect(unknown.statusCode).toBe(404);
    expect(ctx.json(unknown).code).toBe(1002);
    expect(ctx.json(await get('/api/knowledge/articles/abc'))).toMatchObject({ code: 1001, data: { field: 'id' } });
    expect(ctx.json(await get('/api/knowledge/articles?page_size=101')).data.field).toBe('page_size');
  });

  it('falls back to zh-Hans, then en, then any version', async () => {
    const categoryIdOf = await categoryId('practice');
    const version = (lang: 'zh-Hans' | 'zh-Hant' | 'en' | 'ja', title: string) => ({
      lang,
      title,
      summary: '',
      tags: [],
      markdown: `${title} body text.`,
    });
    const both = await upsertArticle(ctx.app.db, {
      slug: 'fallback-both',
      categoryId: categoryIdOf,
      cover: '',
      versions: [version('en', 'Both EN'), version('zh-Hans', 'Both 简体')],
    });
    const englishOnly = await upsertArticle(ctx.app.db, {
      slug: 'fallback-en',
      categoryId: categoryIdOf,
      cover: '',
      versions: [version('en', 'Only EN')],
    });
    const japaneseOnly = await upsertArticle(ctx.app.db, {
      slug: 'fallback-ja',
      categoryId: categoryIdOf,
      cover: '',
      versions: [version('ja', 'Only JA')],
    });
    const detail = (id: number, lang: string) => data(`/api/knowledge/articles/${id}`, lang);
    expect(await detail(both.id, 'ja')).toMatchObject({ title: 'Both 简体', language: 'zh-Hans' });
    expect(await detail(both.id, 'en')).toMatchObject({ title: 'Both EN', language: 'en' });
    expect(await detail(englishOnly.id, 'zh_TW')).toMatchObject({ title: 'Only EN', language: 'en' });
    expect(await detail(japaneseOnly.id, 'en')).toMatchObject({ title: 'Only JA', language: 'ja' });
    // The summary defaults to the start of the text; the list shows the same choice.
    expect((await detail(englishOnly.id, 'en')).summary).toBe('Only EN body text.');
    const list = await data('/api/knowledge/articles?keyword=Both', 'ja');
    expect(list.items).toEqual([expect.objectContaining({ id: both.id, language: 'zh-Hans' })]);
    expect(both.created && englishOnly.created).toBe(true);
  });

  it('an article cannot run script: its body renders inert', async () => {
    const markdown = [
      '# Heading',
      '',
      'Text <script>alert(1)</script> and <img src=x onerror=alert(1)> here.',
      '',
      '[click](javascript:alert(1)) <a href="javascript:alert(2)">raw</a> <a href="JaVaScRiPt&#58;alert(3)">encoded</a>',
      '',
      '<iframe src="https://evil.example/"></iframe><p style="color:red" onclick="alert(4)">styled</p>',
      '',
      '![pixel](data:image/png;base64,iVBORw0KGgo=) ![ours](/api/files/abc.jpg) ![far](//evil.example/x.png)',
      '',
      '<svg onload="alert(5)"><circle/></svg><object data="x.swf"></object><form action="/x"><input></form>',
      '',
      '[site](https://example.com) [mail](mailto:shop@example.com) [inside](/pages/know/index)',
    ].join('\n');
    const { id } = await upsertArticle(ctx.app.db, {
      slug: 'xss',
      categoryId: await categoryId('practice'),
      cover: '',
      versions: [{ lang: 'en', title: 'XSS', summary: '', tags: [], markdown }],
    });
    const html: string = (await data(`/api/knowledge/articles/${id}`)).body_html;
    for (const bad of [
      /<script/i,
      /alert\(1\)/,
      /onerror/i,
      /onclick/i,
      /onload/i,
      /javascript:/i,
      /<iframe/i,
      /style=/i,
      /data:/i,
      /<svg/i,
      /<object/i,
      /<form/i,
      /<input/i,
      /src="x"/,
      /\/\/evil/,
      /<h1/i,
    ]) {
      expect(html, String(bad)).not.toMatch(bad);
    }
    expect(html).toContain('<h2>Heading</h2>');
    expect(html).toContain('<p>styled</p>');
    expect(html).toContain('<img src="/api/files/abc.jpg" alt="ours"');
    expect(html).toContain('<a href="https://example.com" rel="noopener noreferrer" target="_blank">site</a>');
    expect(html).toContain('<a href="mailto:shop@example.com" rel="noopener noreferrer" target="_blank">mail</a>');
    expect(html).toContain('<a href="/pages/know/index">inside</a>');
    expect(html).toContain('<a>click</a>');
    // The list's text holds the words, not the markup.
    expect((await data('/api/knowledge/articles?keyword=onerror')).total).toBe(0);
  });

  it('only users whose knowledge_show is 1 may read; guests with it may', async () => {
    const valuer = await ctx.login(DEMO.valuer3);
    await ctx.app.db.update(users).set({ knowledgeShow: false }).where(eq(users.mobile, DEMO.valuer3));
    for (const url of ['/api/knowledge/categories', '/api/knowledge/articles', '/api/knowledge/articles/1']) {
      const refused = await get(url, 'en', valuer);
      expect(refused.statusCode, url).toBe(403);
      expect(ctx.json(refused).code).toBe(1003);
    }
    await ctx.app.db.update(users).set({ knowledgeShow: true }).where(eq(users.mobile, DEMO.valuer3));
    expect((await get('/api/knowledge/categories', 'en', valuer)).statusCode).toBe(200);

    expect((await ctx.app.inject({ method: 'GET', url: '/api/knowledge/articles' })).statusCode).toBe(401);

    const link = ctx.json(
      await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/tmp',
        payload: { role: 'recorder' },
        headers: bearer(await ctx.login(DEMO.recorder)),
      }),
    ).data;
    const guest = ctx.json(
      await ctx.app.inject({ method: 'POST', url: '/api/auth/guest', payload: { uuid: link.uuid } }),
    ).data;
    expect(ctx.json(await get('/api/knowledge/articles', 'en', guest.token)).data.total).toBeGreaterThanOrEqual(8);
  });

  const file = (front: Record<string, string>, body = 'Some **Markdown** body.') =>
    `---\n${Object.entries(front)
      .map(([key, value]) => `${key}: ${value}`)
      .join('\n')}\n---\n\n${body}\n`;

  it('imports Markdown files with front matter, grouped by slug; a re-import updates', async () => {
    const dir = await tempDir();
    await mkdir(path.join(dir, 'silver'));
    await writeFile(
      path.join(dir, 'silver', 'en.md'),
      file({
        slug: 'silver-marks',
        language: 'en',
        title: 'Reading silver marks',
        category: 'precious-metals',
        tags: '[silver, "925"]',
        summary: 'Sterling, Britannia and 800.',
      }),
    );
    await writeFile(
      path.join(dir, 'silver', 'ja.md'),
      file({ slug: 'silver-marks', language: 'ja', title: 'シルバー刻印の読み方', category: 'precious-metals' }),
    );
    const result = await importKnowledge(ctx.app.db, dir);
    expect(result).toEqual({ files: 2, categories: 0, articles: 1, created: 1, updated: 0 });

    const found = await data('/api/knowledge/articles?keyword=silver', 'en');
    expect(found.items[0]).toMatchObject({
      title: 'Reading silver marks',
      tags: ['silver', '925'],
      summary: 'Sterling, Britannia and 800.',
    });
    const id = found.items[0].id;
    expect(await data(`/api/knowledge/articles/${id}`, 'ja')).toMatchObject({
      title: 'シルバー刻印の読み方',
      summary: 'Some Markdown body.',
      body_html: '<p>Some <strong>Markdown</strong> body.</p>',
    });

    await writeFile(
      path.join(dir, 'silver', 'ja.md'),
      file({ slug: 'silver-marks', language: 'ja', title: 'シルバー刻印', category: 'precious-metals' }),
    );
    const message = await commands['import-knowledge'](ctx.app.database, { args: [dir] });
    expect(message).toBe('imported from 2 files: 1 articles (0 new, 1 updated), 0 categories');
    expect((await data(`/api/knowledge/articles/${id}`, 'ja')).title).toBe('シルバー刻印');
  });

  it('categories.yml adds categories for the articles to use (an unseeded database has none)', async () => {
    const dir = await tempDir();
    await writeFile(
      path.join(dir, 'categories.yml'),
      '- code: coins\n  name: { zh-Hans: 钱币, zh-Hant: 錢幣, en: Coins, ja: コイン }\n- code: bags\n  name: { zh-Hans: 包袋, zh-Hant: 包袋, en: Handbags, ja: バッグ }\n',
    );
    await writeFile(
      path.join(dir, 'panda.md'),
      file({ slug: 'panda-coins', language: 'en', title: 'Panda gold coins', category: 'coins' }),
    );
    const result = await importKnowledge(ctx.app.db, dir);
    expect(result).toMatchObject({ categories: 2, articles: 1, created: 1 });
    const categories = await data('/api/knowledge/categories', 'ja');
    expect(categories.map((c: { code: string }) => c.code).slice(-1)).toEqual(['coins']);
    expect(categories.find((c: { code: string }) => c.code === 'coins').name).toBe('コイン');
    // An existing category keeps its place and takes the new name.
    expect((await data('/api/knowledge/categories', 'en')).find((c: { code: string }) => c.code === 'bags').name).toBe(
      'Handbags',
    );
    const found = await data('/api/knowledge/articles?keyword=panda');
    expect(found.items[0].category).toMatchObject({ code: 'coins', name: 'Coins' });

    const bad = await tempDir();
    await writeFile(
      path.join(bad, 'categories.yml'),
      '- code: rings\n  name: { en: Rings }\n- code: Bad Code\n  name: { zh-Hans: a, zh-Hant: b, en: c, ja: d }\n',
    );
    await writeFile(
      path.join(bad, 'ring.md'),
      file({ slug: 'rings', language: 'en', title: 'Rings', category: 'rings' }),
    );
    const error = await importKnowledge(ctx.app.db, bad).catch((e: unknown) => e);
    expect((error as ImportRefusedError).problems.map((p) => `${p.file}:${p.line}: ${p.message}`)).toEqual([
      'categories.yml:1: "name" needs a text for each of zh-Hans, zh-Hant, en, ja (missing zh-Hans, zh-Hant, ja)',
      'categories.yml:3: "code" must be lower-case letters, digits and hyphens: "Bad Code"',
    ]);
    expect((await data('/api/knowledge/categories')).some((c: { code: string }) => c.code === 'rings')).toBe(false);
  });

  it('refuses an import whole when any file is bad, naming file and line', async () => {
    const dir = await tempDir();
    const good = file({ slug: 'good-one', language: 'en', title: 'Importable zebra', category: 'watches' });
    await writeFile(path.join(dir, '1-good.md'), good);
    await writeFile(
      path.join(dir, '2-bad-language.md'),
      file({ slug: 'bad-one', title: 'Bad', category: 'watches', language: 'fr' }),
    );
    await writeFile(
      path.join(dir, '3-unknown-category.md'),
      file({ slug: 'bad-two', language: 'en', title: 'Bad', category: 'cars', colour: 'red' }),
    );
    await writeFile(path.join(dir, '4-no-front-matter.md'), '# Just Markdown\n');
    await writeFile(path.join(dir, '5-broken-yaml.md'), '---\nslug: x\ntags: [a, b\ntitle: y\n---\nbody\n');
    await writeFile(path.join(dir, '6-twin.md'), good);
    await writeFile(
      path.join(dir, '7-missing.md'),
      file({ slug: 'Bad Slug', language: 'en', category: 'watches', cover: 'javascript:alert(1)' }, ''),
    );
    // A picture from elsewhere would never show (the CSP allows the app's own origin only).
    await writeFile(
      path.join(dir, '8-remote-cover.md'),
      file({
        slug: 'remote-cover',
        language: 'en',
        title: 'Remote',
        category: 'watches',
        cover: 'https://example.com/cover.png',
      }),
    );
    const articlesBefore = (await ctx.app.db.select().from(knowledgeArticles)).length;

    const error = await importKnowledge(ctx.app.db, dir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImportRefusedError);
    const problems = (error as ImportRefusedError).problems.map((p) => `${p.file}:${p.line}: ${p.message}`);
    expect(problems).toEqual([
      expect.stringMatching(/^2-bad-language\.md:5: "language" must be one of/),
      expect.stringMatching(/^3-unknown-category\.md:6: unknown field "colour"/),
      expect.stringMatching(/^3-unknown-category\.md:5: unknown category "cars"/),
      expect.stringMatching(/^4-no-front-matter\.md:1: the file must begin with front matter/),
      expect.stringMatching(/^5-broken-yaml\.md:4: front matter:/),
      expect.stringMatching(/^7-missing\.md:2: "slug" must be lower-case/),
      expect.stringMatching(/^7-missing\.md:1: "title" is required/),
      expect.stringMatching(/^7-missing\.md:5: "cover" must be/),
      expect.stringMatching(/^7-missing\.md:7: the article has no body/),
      expect.stringMatching(
        /^8-remote-cover\.md:6: "cover" must be a stored photo \(\/api\/files\/…\) or one of the app's pictures/,
      ),
      expect.stringMatching(/^6-twin\.md:3: "good-one" already has a en version in 1-good\.md/),
    ]);
    // Nothing was written, not even the good file.
    expect((await ctx.app.db.select().from(knowledgeArticles)).length).toBe(articlesBefore);
    expect((await data('/api/knowledge/articles?keyword=zebra')).total).toBe(0);

    // The command line says the same, without the usage.
    const refused = await commands['import-knowledge'](ctx.app.database, { args: [dir] }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RefusedError);
    expect((refused as Error).message).toMatch(/^nothing imported: 11 problems\n {2}2-bad-language\.md:5: /);
  });
});
