import { DEMO_MOBILES } from '@jewel/contract/values/demo';
import { expect, it } from 'vitest';
import { knowledgeArticles, knowledgeArticleTranslations } from '../../db/schema.ts';
import { uploadPhoto } from '../../test/commodity-kit.ts';
import { bearer, DEMO, describeOnDatabases } from '../../test/test-app.ts';

// The knowledge editor, for managers (issue 28 item 6). Written from the issue: a manager writes
// an article's language versions in Markdown, with a category, a cover and tags; it waits
// unpublished, which no reader lists, finds or opens, until it is published; the body is shown
// through the reader's allow-list, in the preview as in the saved article; a refusal names its
// field in the caller's language and changes nothing.

const VALIDATION = 1001;
const NOT_FOUND = 1002;

const EN = {
  title: 'Reading a cushion-cut sapphire',
  summary: 'Colour, windows and the girdle.',
  body_markdown: '## Colour\n\nLook at the sapphire **face up** under daylight.',
  tags: ['sapphire', 'cushion'],
};
const JA = {
  title: 'クッションカットのサファイアを読む',
  summary: '色、ウィンドウ、ガードル。',
  body_markdown: '## 色\n\n昼光の下で**正面から**見ます。',
  tags: ['サファイア'],
};

describeOnDatabases('knowledge editor', (ctx) => {
  const call = async (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: unknown,
    { mobile = DEMO_MOBILES.manager, lang = 'en' }: { mobile?: string; lang?: string } = {},
  ) =>
    ctx.app.inject({
      method,
      url,
      payload: payload as object,
      headers: { ...bearer(await ctx.login(mobile)), lang },
    });
  const read = async (url: string, lang: string) => call('GET', url, undefined, { mobile: DEMO.recorder, lang });
  const categoryId = async () => ctx.json(await read('/api/knowledge/categories', 'en')).data[1].id as number;
  const rows = async () =>
    JSON.stringify([
      await ctx.app.db.select().from(knowledgeArticles).orderBy(knowledgeArticles.id),
      await ctx.app.db.select().from(knowledgeArticleTranslations).orderBy(knowledgeArticleTranslations.id),
    ]);

  it('written in two languages it waits unpublished, unseen by readers; published, they read it in theirs', async () => {
    const category = await categoryId();
    const body = { category_id: category, cover: '/knowledge/gemstones.svg', versions: { en: EN, ja: JA } };
    const created = ctx.json(await call('POST', '/api/knowledge/manage/articles', body)).data;
    expect(created).toEqual({
      id: expect.any(Number),
      category_id: category,
      cover: '/knowledge/gemstones.svg',
      published: false,
      versions: { 'zh-Hans': null, 'zh-Hant': null, en: EN, ja: JA },
      updated_at: expect.any(String),
    });
    const id = created.id as number;

    // Unpublished: not listed, not found by its words, not opened.
    const listed = async (lang: string, query = 'page_size=50') =>
      (ctx.json(await read(`/api/knowledge/articles?${query}`, lang)).data.items as { id: number }[]).map((a) => a.id);
    expect(await listed('en')).not.toContain(id);
    expect(await listed('en', 'keyword=cushion-cut')).toEqual([]);
    expect(ctx.json(await read(`/api/knowledge/articles/${id}`, 'ja'))).toMatchObject({ code: NOT_FOUND });

    // The managers' list has it, unpublished, with the languages it is written in (in the app's order).
    const managed = ctx.json(await call('GET', '/api/knowledge/manage/articles', undefined, { lang: 'ja' })).data;
    expect(managed.find((a: { id: number }) => a.id === id)).toMatchObject({
      title: JA.title,
      language: 'ja',
      languages: ['en', 'ja'],
      published: false,
      category: { id: category },
    });

    const published = ctx.json(
      await call('PUT', `/api/knowledge/manage/articles/${id}/published`, { published: true }),
    );
    expect(published.data.published).toBe(true);
    expect(await listed('en', 'keyword=cushion-cut')).toEqual([id]);
    const inJapanese = ctx.json(await read(`/api/knowledge/articles/${id}`, 'ja')).data;
    expect(inJapanese).toMatchObject({
      title: JA.title,
      language: 'ja',
      summary: JA.summary,
      tags: JA.tags,
      cover: '/knowledge/gemstones.svg',
      body_html: '<h2>色</h2>\n<p>昼光の下で<strong>正面から</strong>見ます。</p>',
    });
    // No Simplified Chinese version: a zh_CN reader gets the English one (the reader's order).
    expect(ctx.json(await read(`/api/knowledge/articles/${id}`, 'zh_CN')).data).toMatchObject({
      title: EN.title,
      language: 'en',
    });

    // Changed: a new English title and a Simplified Chinese version; Japanese, not sent, stays.
    const zhHans = { title: '读懂枕形蓝宝石', summary: '', body_markdown: '在日光下**正面**观察。', tags: [] };
    const changed = ctx.json(
      await call('PUT', `/api/knowledge/manage/articles/${id}`, {
        ...body,
        versions: { en: { ...EN, title: 'Cushion-cut sapphires' }, 'zh-Hans': zhHans },
      }),
    ).data;
    // No summary written: readers get the start of the text; the editor opens it empty again.
    expect(changed.versions).toEqual({
      'zh-Hans': zhHans,
      'zh-Hant': null,
      en: { ...EN, title: 'Cushion-cut sapphires' },
      ja: JA,
    });
    expect(changed.published).toBe(true);
    expect(ctx.json(await read(`/api/knowledge/articles/${id}`, 'zh_CN')).data).toMatchObject({
      title: '读懂枕形蓝宝石',
      summary: '在日光下正面观察。',
    });

    // Taken back: gone from readers again, still the managers' to edit; never deleted.
    await call('PUT', `/api/knowledge/manage/articles/${id}/published`, { published: false });
    expect(await listed('zh_CN')).not.toContain(id);
    expect(ctx.json(await read(`/api/knowledge/articles/${id}`, 'zh_CN'))).toMatchObject({ code: NOT_FOUND });
    const again = ctx.json(await call('GET', `/api/knowledge/manage/articles/${id}`)).data;
    expect(again).toMatchObject({ id, published: false, versions: { ja: JA } });
  });

  it('a hostile body loses its script, handlers and javascript: links, in the preview as in the article', async () => {
    const hostile = [
      'Safe words<script>alert(1)</script>',
      '',
      '<img src="/knowledge/gemstones.svg" onerror="alert(2)">',
      '',
      '[click](javascript:alert(3)) and <a href="javascript:alert(4)" onclick="alert(5)">tap</a>',
    ].join('\n');
    // What the reader's allow-list keeps: the words, the image from the app (lazy; a line of its own is
    // an HTML block in Markdown, not a paragraph), the links without their address.
    const expected =
      '<p>Safe words</p>\n<img src="/knowledge/gemstones.svg" loading="lazy" decoding="async" />' +
      '<p><a>click</a> and <a>tap</a></p>';

    const preview = ctx.json(await call('POST', '/api/knowledge/manage/preview', { body_markdown: hostile })).data;
    expect(preview).toEqual({ body_html: expected });

    const before = await rows();
    await call('POST', '/api/knowledge/manage/preview', { body_markdown: '# Nothing saved' });
    expect(await rows()).toBe(before);

    const version = { title: 'Hostile', summary: '', body_markdown: hostile, tags: [] };
    const created = ctx.json(
      await call('POST', '/api/knowledge/manage/articles', {
        category_id: await categoryId(),
        cover: '',
        versions: { en: version },
      }),
    ).data;
    // The Markdown is kept as written, for the editor; readers get it rendered through the allow-list.
    expect(created.versions.en.body_markdown).toBe(hostile);
    await call('PUT', `/api/knowledge/manage/articles/${created.id}/published`, { published: true });
    expect(ctx.json(await read(`/api/knowledge/articles/${created.id}`, 'en')).data.body_html).toBe(expected);
  });

  it('refuses, naming the field in the caller’s language and changing nothing', async () => {
    const category = await categoryId();
    const body = { category_id: category, cover: '', versions: { en: EN } };
    const existing = ctx.json(await call('POST', '/api/knowledge/manage/articles', body)).data.id as number;
    const clerkPhoto = await uploadPhoto(ctx, await ctx.login(DEMO.recorder), 120);
    const before = await rows();

    const refusals: [object, string][] = [
      [{ ...body, cover: clerkPhoto }, 'cover'],
      [{ ...body, cover: '/etc/passwd' }, 'cover'],
      [{ ...body, cover: 'https://evil.example.com/cover.png' }, 'cover'],
      [{ ...body, category_id: 999_999 }, 'category_id'],
      [{ ...body, versions: {} }, 'versions'],
      [{ ...body, versions: { en: { ...EN, title: '  ' } } }, 'versions.en.title'],
      [{ ...body, versions: { ja: { ...JA, body_markdown: '' } } }, 'versions.ja.body_markdown'],
      [{ ...body, versions: { en: { ...EN, tags: ['x'.repeat(41)] } } }, 'versions.en.tags.0'],
    ];
    for (const [payload, field] of refusals) {
      for (const [method, url] of [
        ['POST', '/api/knowledge/manage/articles'],
        ['PUT', `/api/knowledge/manage/articles/${existing}`],
      ] as const) {
        const answer = ctx.json(await call(method, url, payload, { lang: 'ja' }));
        expect(answer, `${method} ${JSON.stringify(payload)}`).toMatchObject({
          code: VALIDATION,
          msg: `入力エラー：${field}`,
          data: { field },
        });
      }
    }
    const inChinese = ctx.json(
      await call('POST', '/api/knowledge/manage/articles', { ...body, cover: '/etc/passwd' }, { lang: 'zh_CN' }),
    );
    expect(inChinese.msg).toBe('输入有误：cover');

    expect(ctx.json(await call('PUT', '/api/knowledge/manage/articles/999999', body))).toMatchObject({
      code: NOT_FOUND,
    });
    expect(
      ctx.json(await call('PUT', '/api/knowledge/manage/articles/999999/published', { published: true })),
    ).toMatchObject({ code: NOT_FOUND });
    expect((await call('POST', '/api/knowledge/manage/articles', body, { mobile: DEMO.recorder })).statusCode).toBe(
      403,
    );
    expect(
      (
        await call(
          'PUT',
          `/api/knowledge/manage/articles/${existing}/published`,
          { published: true },
          { mobile: DEMO.valuer1 },
        )
      ).statusCode,
    ).toBe(403);
    expect(await rows()).toBe(before);
  });

  it('a cover the manager uploaded is theirs to use; one kept as it was stays', async () => {
    const manager = await ctx.login(DEMO_MOBILES.manager);
    const cover = await uploadPhoto(ctx, manager, 90);
    const body = { category_id: await categoryId(), cover, versions: { en: EN } };
    const created = ctx.json(await call('POST', '/api/knowledge/manage/articles', body)).data;
    expect(created.cover).toBe(cover);
    const kept = ctx.json(
      await call('PUT', `/api/knowledge/manage/articles/${created.id}`, { ...body, versions: { ja: JA } }),
    ).data;
    expect(kept).toMatchObject({ cover, versions: { en: EN, ja: JA } });
  });
});
