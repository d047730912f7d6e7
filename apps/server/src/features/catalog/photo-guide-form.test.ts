import { expect, it } from 'vitest';
import { photoGuideShots } from '../../db/schema.ts';
import { managerCalls } from '../../test/manager-calls.ts';
import { bearer, DEMO, describeOnDatabases } from '../../test/test-app.ts';

// A category's photo guide in its form (issue 28 item 5: "categories (with the photo guide's
// shots and outlines ...): list, search, add, edit"). Written from the issue and from what
// photo-guides.csv already allows (docs/adr/0055): at most 12 shots, each a code of lower-case
// letters, digits, _ and -, named in all four languages, one of the shipped outlines, and at
// most one of the three photo sections; the order entered is the order the register page asks.

const VALIDATION = 1001;
const NOT_FOUND = 1002;

const names = (en: string, zh: string, ja: string) => ({ 'zh-Hans': zh, 'zh-Hant': zh, en, ja });
const FACE = { code: 'face', name: names('Face', '表盘', '文字盤'), outline: 'watch-dial', covers: null };
const BACK = {
  code: 'caseback',
  name: names('Caseback', '后盖', '裏蓋'),
  outline: 'watch-back',
  covers: 'engraving_pics',
};
const CLASP = { code: 'clasp', name: names('Clasp', '表扣', 'バックル'), outline: 'clasp', covers: null };

describeOnDatabases('catalog: a category’s photo guide in its form', (ctx) => {
  const { call, data } = managerCalls(ctx);
  const rows = async () => JSON.stringify(await ctx.app.db.select().from(photoGuideShots).orderBy(photoGuideShots.id));
  const newCategory = async (code: string) =>
    (await data('POST', '/api/catalog/lists/categories', {
      code,
      name: names('Pocket watch', '怀表', '懐中時計'),
      purity: null,
      id_check_any_price: false,
      precious: false,
    })) as { id: number };
  /** The shots the register page learns with the categories, as a recorder reading `lang`. */
  const registerShots = async (categoryId: number, lang: string) => {
    const answer = await ctx.app.inject({
      method: 'GET',
      url: '/api/categories',
      headers: { ...bearer(await ctx.login(DEMO.recorder)), lang },
    });
    return (ctx.json(answer).data as { id: number; shots: unknown[] }[]).find((c) => c.id === categoryId)?.shots;
  };

  it('replaces the shots in the order entered; the register page asks for them in its reader’s language', async () => {
    const { id } = await newCategory('pocket-watch');
    expect(await data('GET', `/api/catalog/categories/${id}/photo-guide`)).toEqual({ shots: [] });

    expect(await data('PUT', `/api/catalog/categories/${id}/photo-guide`, { shots: [BACK, FACE] })).toEqual({
      shots: [BACK, FACE],
    });
    expect(await registerShots(id, 'ja')).toEqual([
      { code: 'caseback', name: '裏蓋', outline: 'watch-back', covers: 'engraving_pics' },
      { code: 'face', name: '文字盤', outline: 'watch-dial', covers: null },
    ]);

    // Reordered, one left out, one added: the whole guide is what was sent.
    await data('PUT', `/api/catalog/categories/${id}/photo-guide`, { shots: [FACE, CLASP] });
    expect(await data('GET', `/api/catalog/categories/${id}/photo-guide`)).toEqual({ shots: [FACE, CLASP] });
    expect(await registerShots(id, 'en')).toEqual([
      { code: 'face', name: 'Face', outline: 'watch-dial', covers: null },
      { code: 'clasp', name: 'Clasp', outline: 'clasp', covers: null },
    ]);

    // None: the register page asks for its three photos again.
    await data('PUT', `/api/catalog/categories/${id}/photo-guide`, { shots: [] });
    expect(await registerShots(id, 'en')).toEqual([]);
  });

  it('refuses what photo-guides.csv refuses, naming the field, and changes nothing', async () => {
    const { id } = await newCategory('pocket-watch-refused');
    await data('PUT', `/api/catalog/categories/${id}/photo-guide`, { shots: [FACE] });
    const before = await rows();
    const thirteen = Array.from({ length: 13 }, (_, index) => ({ ...FACE, code: `shot-${index + 1}` }));
    const refusals: [unknown[], string][] = [
      [[FACE, { ...CLASP, code: 'face' }], 'shots'],
      [thirteen, 'shots'],
      [[{ ...FACE, code: 'Face Up' }], 'shots.0.code'],
      [[FACE, { ...CLASP, outline: 'teapot' }], 'shots.1.outline'],
      [[{ ...FACE, covers: 'box_pics' }], 'shots.0.covers'],
      [[{ ...FACE, name: { ...FACE.name, ja: ' ' } }], 'shots.0.name.ja'],
    ];
    for (const [shots, field] of refusals) {
      const response = await call('PUT', `/api/catalog/categories/${id}/photo-guide`, { shots });
      expect(response.statusCode, field).toBe(400);
      expect(ctx.json(response), field).toMatchObject({ code: VALIDATION, data: { field } });
    }
    const missing = await call('PUT', '/api/catalog/categories/999999/photo-guide', { shots: [FACE] });
    expect(missing.statusCode).toBe(404);
    expect(ctx.json(missing)).toMatchObject({ code: NOT_FOUND });
    expect((await call('GET', '/api/catalog/categories/999999/photo-guide')).statusCode).toBe(404);
    expect(await rows()).toBe(before);
  });

  it('is for managers only: a recorder’s change is refused and changes nothing', async () => {
    const { id } = await newCategory('pocket-watch-recorder');
    const before = await rows();
    const response = await ctx.app.inject({
      method: 'PUT',
      url: `/api/catalog/categories/${id}/photo-guide`,
      payload: { shots: [FACE] },
      headers: { ...bearer(await ctx.login(DEMO.recorder)), lang: 'en' },
    });
    expect(response.statusCode).toBe(403);
    expect(await rows()).toBe(before);
  });
});
