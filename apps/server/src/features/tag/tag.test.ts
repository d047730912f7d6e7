import { and, count, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { verificationLinks } from '../../db/schema.ts';
import { newVerificationId } from '../../lib/qr.ts';
import { enterAsGuest, insertAt, type Kit, type Person, prepareKit, register } from '../../test/commodity-kit.ts';
import { drawnPages, drawnText } from '../../test/pdf-glyphs.ts';
import { DEMO_WATERMARK, LICENCE_LINE, NAMED_SHOP, nameTheShop } from '../../test/shop-details.ts';
import { bearer, describeOnDatabases } from '../../test/test-app.ts';

describeOnDatabases('item tags and the scan', (ctx) => {
  let kit: Kit;
  let guestRecorder: Person;

  beforeAll(async () => {
    kit = await prepareKit(ctx);
    guestRecorder = await enterAsGuest(ctx, kit.recorder.token, 'recorder');
  }, 60_000);

  const print = (ids: unknown, token = kit.recorder.token, lang = 'en') =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/commodities/tags',
      headers: { ...bearer(token), lang },
      payload: { ids },
    });
  const scan = (id: string, token: string) =>
    ctx.app.inject({ method: 'GET', url: `/api/verifications/${id}/item`, headers: { ...bearer(token), lang: 'en' } });
  const tagsOf = (commodityId: number) =>
    ctx.app.db
      .select()
      .from(verificationLinks)
      .where(and(eq(verificationLinks.kind, 'tag'), eq(verificationLinks.commodityId, commodityId)));
  const linkCount = async () => (await ctx.app.db.select({ n: count() }).from(verificationLinks))[0]?.n ?? 0;

  it('prints a PDF sheet and keeps one tag per item across printings', async () => {
    const first = await register(ctx, kit, { product_name: 'Tank Louis Cartier with a long name for the label' });
    const second = await register(ctx, kit);
    const response = await print([first.id, second.id]);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="tags_${first.no}_2.pdf"`);
    expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // Each label names the shop (the demo's: the app's name) and says what its code is for (issue 28).
    expect(drawnText(response.rawPayload).text).toContain('Jewel Appraisal · Scan to verify');
    const [tag] = await tagsOf(first.id);
    expect(tag).toMatchObject({ kind: 'tag', flowId: null, createdBy: kit.recorder.id });
    expect(tag?.id).toMatch(/^[A-Za-z0-9_-]{22}$/);

    // Again, by a valuer, in another language: the same link, none added.
    const again = await print([second.id, first.id], kit.valuer1.token, 'ja');
    expect(again.statusCode).toBe(200);
    expect(await tagsOf(first.id)).toEqual([tag]);
    expect(await tagsOf(second.id)).toHaveLength(1);
  });

  it('prints more than one page for more than 21 labels', async () => {
    const ids: number[] = [];
    for (let index = 0; index < 5; index++) ids.push(await insertAt(ctx, kit, 'pendingAppraisal'));
    const response = await print([
      ...ids,
      ...(await Promise.all(Array.from({ length: 18 }, () => insertAt(ctx, kit, 'identifiedQuick')))),
    ]);
    expect(response.statusCode).toBe(200);
    const pages = response.rawPayload.toString('latin1').match(/\/Type \/Page\b/g) ?? [];
    expect(pages).toHaveLength(2);
  });

  it("marks every page of the demo's sheet DEMO, in the labels' language (issue 28)", async () => {
    // 22 labels: two A4 pages; two labels of a label printer: two pages.
    const many = await Promise.all(Array.from({ length: 22 }, () => insertAt(ctx, kit, 'pendingAppraisal')));
    for (const [payload, lang, pages] of [
      [{ ids: many }, 'ja', 2],
      [{ ids: many.slice(0, 2), layout: 'die-50x30' }, 'en', 2],
    ] as const) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/commodities/tags',
        headers: { ...bearer(kit.recorder.token), lang },
        payload,
      });
      expect(response.statusCode).toBe(200);
      const marks = drawnPages(response.rawPayload).map((page) => page.text.split(DEMO_WATERMARK[lang]).length - 1);
      expect(marks).toEqual(Array.from({ length: pages }, () => 1));
    }
  });

  it('refuses an unknown item by its id and makes no tag at all', async () => {
    const known = await register(ctx, kit);
    const before = await linkCount();
    const response = await print([known.id, 2_147_483_000]);
    expect(response.statusCode).toBe(404);
    const body = ctx.json(response);
    expect(body).toMatchObject({ code: 5060, data: { id: 2_147_483_000 } });
    expect(body.msg).toContain('2147483000');
    expect(await linkCount()).toBe(before);
    expect(await tagsOf(known.id)).toEqual([]);
  });

  it('refuses temporary users, too many ids, repeated ids and none', async () => {
    const item = await register(ctx, kit);
    const before = await linkCount();
    expect(ctx.json(await print([item.id], guestRecorder.token)).code).toBe(2031);
    const many = Array.from({ length: 61 }, (_, index) => index + 1);
    expect(ctx.json(await print(many)).code).toBe(1001);
    expect(ctx.json(await print([item.id, item.id])).code).toBe(1001);
    expect(ctx.json(await print([])).code).toBe(1001);
    expect(await linkCount()).toBe(before);
  });

  it('resolves a scanned tag or certificate to the item the caller may see', async () => {
    const staffItem = await register(ctx, kit);
    const guestItem = await insertAt(ctx, kit, 'pendingAppraisal', { recorder: guestRecorder.id });
    expect((await print([staffItem.id, guestItem])).statusCode).toBe(200);
    const [staffTag] = await tagsOf(staffItem.id);
    const [guestTag] = await tagsOf(guestItem);
    if (!staffTag || !guestTag) throw new Error('tags missing');

    // Staff see every item, by tag or by certificate.
    expect(ctx.json(await scan(staffTag.id, kit.valuer2.token))).toMatchObject({
      code: 0,
      data: { commodity_id: staffItem.id, no: staffItem.no },
    });
    const certificate = newVerificationId();
    await ctx.app.db
      .insert(verificationLinks)
      .values({ id: certificate, kind: 'certificate', commodityId: staffItem.id, createdBy: kit.recorder.id });
    expect(ctx.json(await scan(certificate, kit.recorder.token)).data).toEqual({
      commodity_id: staffItem.id,
      no: staffItem.no,
    });
    expect(ctx.json(await scan(guestTag.id, kit.recorder.token)).data.commodity_id).toBe(guestItem);

    // A guest recorder: their own item only; another's is not found, like an unknown id.
    expect(ctx.json(await scan(guestTag.id, guestRecorder.token)).data.commodity_id).toBe(guestItem);
    const refused = await scan(staffTag.id, guestRecorder.token);
    expect(refused.statusCode).toBe(404);
    expect(ctx.json(refused).code).toBe(5061);
    expect(ctx.json(await scan(newVerificationId(), kit.recorder.token)).code).toBe(5061);

    // Not an id: an input error before the database is asked; no session: 401.
    for (const bad of ['short', `${'a'.repeat(21)}!`, 'a'.repeat(23)]) {
      expect(ctx.json(await scan(encodeURIComponent(bad), kit.recorder.token)).code, bad).toBe(1001);
    }
    const anonymous = await ctx.app.inject({ method: 'GET', url: `/api/verifications/${staffTag.id}/item` });
    expect(anonymous.statusCode).toBe(401);
  });
});

/*
 * Issue 28 item 4: a named shop's tag sheet says whose tags they are. Each label names the shop
 * beside "scan to verify"; the A4 sheet, whose labels have no room for more, also carries the
 * shop's licence, address and phone on one line above them, on every page.
 */
describeOnDatabases("a named shop's tag sheet", (ctx) => {
  let kit: Kit;

  beforeAll(async () => {
    kit = await prepareKit(ctx);
    await nameTheShop(ctx);
  }, 60_000);

  const print = (payload: object) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/commodities/tags',
      headers: { ...bearer(kit.recorder.token), lang: 'en' },
      payload,
    });

  it('names the shop on every label, and the shop in full above the labels of each A4 page', async () => {
    // 22 labels: a full sheet and one on the next.
    const ids = await Promise.all(Array.from({ length: 22 }, () => insertAt(ctx, kit, 'pendingAppraisal')));
    const response = await print({ ids, lang: 'zh-Hans' });
    expect(response.statusCode).toBe(200);
    const pages = drawnPages(response.rawPayload);
    expect(pages).toHaveLength(2);
    const issuer = [NAMED_SHOP.name, LICENCE_LINE['zh-Hans'], NAMED_SHOP.address, NAMED_SHOP.phone].join(' · ');
    const caption = `${NAMED_SHOP.name} · 扫码查验`;
    for (const [index, labels] of [21, 1].entries()) {
      const text = pages[index]?.text ?? '';
      expect(text.split(issuer).length - 1, `page ${index + 1}`).toBe(1);
      expect(text.split(caption).length - 1, `page ${index + 1}`).toBe(labels);
    }
  });

  it('names the shop on each label of a label printer, in the language asked for', async () => {
    const ids = await Promise.all([1, 2].map(() => insertAt(ctx, kit, 'pendingAppraisal')));
    const response = await print({ ids, lang: 'ja', layout: 'ql-62' });
    expect(response.statusCode).toBe(200);
    const pages = drawnPages(response.rawPayload);
    expect(pages.map((page) => page.text.includes(`${NAMED_SHOP.name} · スキャンで確認`))).toEqual([true, true]);
  });
});
