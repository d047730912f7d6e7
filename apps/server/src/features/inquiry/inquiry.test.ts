import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { inquiries, products } from '../../db/schema.ts';
import { enterAsGuest, uploadPhoto } from '../../test/commodity-kit.ts';
import { bearer, DEMO, describeOnDatabases } from '../../test/test-app.ts';

describeOnDatabases('price inquiries', (ctx) => {
  const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object, lang = 'en') =>
    ctx.app.inject({ method, url, headers: { ...bearer(token), lang }, ...(payload ? { payload } : {}) });
  const body = async (method: 'GET' | 'POST', url: string, token: string, payload?: object, lang = 'en') =>
    ctx.json(await call(method, url, token, payload, lang));
  const firstProduct = async (token: string) => (await body('GET', '/api/products?page_size=1', token)).data.items[0];

  it('a recorder registers, a valuer estimates and the recorder is told, then closes it', async () => {
    const recorder = await ctx.login(DEMO.recorder);
    const valuer = await ctx.login(DEMO.valuer1);
    const product = await firstProduct(recorder);
    const photo = await uploadPhoto(ctx, recorder, 120);
    const created = await body('POST', '/api/inquiries', recorder, {
      customer_name: '王女士',
      contact: 'wechat: wang88',
      brand_id: product.brand_id,
      product_id: product.id,
      product_name: product.name,
      photos: [photo],
      source: 'wechat',
      priority: 2,
      remark: 'Bought in 2019, full set',
    });
    expect(created.code).toBe(0);
    expect(created.data).toMatchObject({
      status: 1,
      estimate_status: 0,
      estimate: null,
      brand: { id: product.brand_id },
      product: { id: product.id, name: product.name },
      photos: [photo],
      priority: 2,
    });
    const id = created.data.id;

    const open = (await body('GET', '/api/inquiries?status=1', valuer)).data;
    expect(open.items.map((item: { id: number }) => item.id)).toContain(id);

    // A recorder cannot estimate; a bad range is refused naming the field; nothing changes.
    expect(
      (await body('POST', `/api/inquiries/${id}/estimate`, recorder, { price_low: 1, price_high: 2, currency: 'CNY' }))
        .code,
    ).toBe(1003);
    const bad = await body('POST', `/api/inquiries/${id}/estimate`, valuer, {
      price_low: 5000,
      price_high: 4000,
      currency: 'CNY',
    });
    expect(bad).toMatchObject({ code: 4020, data: { field: 'price_high' } });
    const yen = await body('POST', `/api/inquiries/${id}/estimate`, valuer, {
      price_low: 10.5,
      price_high: 20,
      currency: 'JPY',
    });
    expect(yen).toMatchObject({ code: 4023, data: { field: 'price_low' } });
    expect((await body('GET', `/api/inquiries/${id}`, recorder)).data).toMatchObject({ status: 1, estimate: null });

    const estimated = await body('POST', `/api/inquiries/${id}/estimate`, valuer, {
      price_low: 42000,
      price_high: 48000,
      currency: 'CNY',
      note: 'Depends on the box and papers',
    });
    expect(estimated.data).toMatchObject({
      status: 2,
      estimate_status: 1,
      estimate: { price_low: 42000, price_high: 48000, currency: 'CNY', note: 'Depends on the box and papers' },
    });
    const notes = (await body('GET', '/api/user/notifications?status=unread', recorder)).data.items;
    expect(notes[0]).toMatchObject({
      type: 'inquiry_estimated',
      link: `/pages-sub/productInquiry/registerList?id=${id}`,
    });
    expect(notes[0].content).toContain(product.name);

    // Only a recorder closes it; once closed nothing more is possible.
    expect((await body('POST', `/api/inquiries/${id}/close`, valuer)).code).toBe(1003);
    expect((await body('POST', `/api/inquiries/${id}/close`, recorder)).data).toMatchObject({ status: 3 });
    const late = await body(
      'POST',
      `/api/inquiries/${id}/estimate`,
      valuer,
      { price_low: 1, price_high: 2, currency: 'USD' },
      'ja',
    );
    expect(late).toMatchObject({ code: 4030, msg: 'この査定依頼はすでに終了しています。' });
    expect((await body('POST', `/api/inquiries/${id}/close`, recorder)).code).toBe(4030);
    expect((await body('GET', `/api/inquiries/${id}`, recorder)).data.estimate.price_low).toBe(42000);
  });

  it('names the linked catalog product in the reader’s language, as the catalog does', async () => {
    const recorder = await ctx.login(DEMO.recorder);
    const valuer = await ctx.login(DEMO.valuer1);
    const [love] = await ctx.app.db.select().from(products).where(eq(products.code, 'B6035517'));
    if (!love) throw new Error('the seed has B6035517');
    const created = await body('POST', '/api/inquiries', recorder, {
      customer_name: '佐藤',
      contact: 'line: sato',
      brand_id: love.brandId,
      product_id: love.id,
      product_name: 'Love, the customer’s words',
      source: 'line',
    });
    expect(created.code).toBe(0);
    const id = created.data.id;
    const named = async (lang: string) => {
      const detail = (await body('GET', `/api/inquiries/${id}`, valuer, undefined, lang)).data;
      const listed = (await body('GET', '/api/inquiries', valuer, undefined, lang)).data.items.find(
        (item: { id: number }) => item.id === id,
      );
      expect(listed.product, lang).toEqual(detail.product);
      // What the recorder wrote stays as written.
      expect(detail.product_name, lang).toBe('Love, the customer’s words');
      return detail.product.name;
    };
    expect(await named('ja')).toBe('ラブ ブレスレット K18イエローゴールド');
    expect(await named('zh_TW')).toBe('LOVE手鐲，18K黃金');
    expect(await named('zh_CN')).toBe('LOVE手镯，18K黄金');
    // No English name in the seed: the maker's.
    expect(await named('en')).toBe('Love bracelet, 18K yellow gold');
    // The estimate's and the close's answers too.
    const estimated = await body(
      'POST',
      `/api/inquiries/${id}/estimate`,
      valuer,
      { price_low: 1000, price_high: 2000, currency: 'JPY' },
      'ja',
    );
    expect(estimated.data.product.name).toBe('ラブ ブレスレット K18イエローゴールド');
    const closed = await body('POST', `/api/inquiries/${id}/close`, recorder, undefined, 'zh_TW');
    expect(closed.data.product.name).toBe('LOVE手鐲，18K黃金');
  });

  it('refuses bad references and photos that are not the caller’s, creating nothing', async () => {
    const recorder = await ctx.login(DEMO.recorder);
    const product = await firstProduct(recorder);
    const othersPhoto = await uploadPhoto(ctx, await ctx.login(DEMO.valuer2), 30);
    const base = { customer_name: 'Ito', contact: '090-1234-5678', product_name: 'Ring', source: 'line' };
    const before = (await body('GET', '/api/inquiries', recorder)).data.total;
    for (const [payload, field] of [
      [{ ...base, brand_id: 999_999 }, 'brand_id'],
      [{ ...base, product_id: 999_999 }, 'product_id'],
      [{ ...base, brand_id: product.brand_id + 1, product_id: product.id }, 'product_id'],
      [{ ...base, photos: [othersPhoto] }, 'photos.0'],
      [{ ...base, photos: ['/api/files/0123456789abcdef0123456789abcdef.jpg'] }, 'photos.0'],
      [{ ...base, source: 'Not A Code' }, 'source'],
      [{ ...base, customer_name: '' }, 'customer_name'],
    ] as const) {
      const refused = await body('POST', '/api/inquiries', recorder, payload);
      expect(refused, JSON.stringify(payload)).toMatchObject({ code: 1001, data: { field } });
    }
    expect((await body('GET', '/api/inquiries', recorder)).data.total).toBe(before);
    expect((await body('POST', '/api/inquiries', await ctx.login(DEMO.valuer1), base)).code).toBe(1003);
  });

  it('a guest recorder sees only their own inquiries; a guest valuer none', async () => {
    const staff = await ctx.login(DEMO.valuer3);
    const recorder = await ctx.login(DEMO.recorder);
    const shopOwn = (
      await body('POST', '/api/inquiries', recorder, {
        customer_name: 'A',
        contact: '1',
        product_name: 'X',
        source: 'phone',
      })
    ).data.id;
    const guestOf = async (role: string) => {
      const link = (await body('POST', '/api/auth/tmp', staff, { role })).data;
      return ctx.json(await ctx.app.inject({ method: 'POST', url: '/api/auth/guest', payload: { uuid: link.uuid } }))
        .data.token as string;
    };
    const guestRecorder = await guestOf('recorder');
    const mine = (
      await body('POST', '/api/inquiries', guestRecorder, {
        customer_name: 'B',
        contact: '2',
        product_name: 'Y',
        source: 'partner',
      })
    ).data.id;
    const seen = (await body('GET', '/api/inquiries', guestRecorder)).data;
    expect(seen.items.map((item: { id: number }) => item.id)).toEqual([mine]);
    expect((await body('GET', `/api/inquiries/${shopOwn}`, guestRecorder)).code).toBe(1002);
    expect((await body('POST', `/api/inquiries/${shopOwn}/close`, guestRecorder)).code).toBe(1002);

    const guestValuer = await guestOf('valuers');
    expect((await body('GET', '/api/inquiries', guestValuer)).code).toBe(2031);
    expect((await body('GET', `/api/inquiries/${mine}`, guestValuer)).code).toBe(2031);
    expect(
      (
        await body('POST', `/api/inquiries/${mine}/estimate`, guestValuer, {
          price_low: 1,
          price_high: 2,
          currency: 'CNY',
        })
      ).code,
    ).toBe(2031);
  });

  it('a submit sent again with its key registers once, even when two race', async () => {
    const recorder = await ctx.login(DEMO.recorder);
    const other = (await enterAsGuest(ctx, recorder, 'recorder')).token;
    const key = randomUUID();
    const input = {
      customer_name: 'C',
      contact: '3',
      product_name: `Keyed ${key.slice(0, 8)}`,
      source: 'walk_in',
      idempotency_key: key,
    };
    const count = async () =>
      (await ctx.app.db.select({ id: inquiries.id }).from(inquiries).where(eq(inquiries.idempotencyKey, key))).length;

    const [first, second] = await Promise.all([
      body('POST', '/api/inquiries', recorder, input),
      body('POST', '/api/inquiries', recorder, input),
    ]);
    expect(first.code).toBe(0);
    expect(second.data.id).toBe(first.data.id);
    const again = await body('POST', '/api/inquiries', recorder, input);
    expect(again.data.id).toBe(first.data.id);
    expect(await count()).toBe(1);
    // The key is the recorder's own: another recorder's submit with it is their own inquiry.
    const theirs = await body('POST', '/api/inquiries', other, input);
    expect(theirs.data.id).not.toBe(first.data.id);
    expect(await count()).toBe(2);
    // Not a UUID: refused, nothing made.
    const bad = await body('POST', '/api/inquiries', recorder, { ...input, idempotency_key: 'x' });
    expect(bad).toMatchObject({ code: 1001, data: { field: 'idempotency_key' } });
    expect(await count()).toBe(2);
  });

  it('a submit sent again with its key but changed since is refused, and the first stays as it was', async () => {
    const recorder = await ctx.login(DEMO.recorder);
    const key = randomUUID();
    const input = {
      customer_name: 'C',
      contact: '3',
      product_name: 'Kelly 28',
      source: 'walk_in',
      idempotency_key: key,
    };
    const first = await body('POST', '/api/inquiries', recorder, input);
    expect(first.code).toBe(0);
    // An outbox entry opened and changed after its first sending's answer was lost.
    const changed = await ctx.app.inject({
      method: 'POST',
      url: '/api/inquiries',
      headers: { ...bearer(recorder), lang: 'en' },
      payload: { ...input, product_name: 'Kelly 32' },
    });
    expect(changed.statusCode).toBe(409);
    expect(ctx.json(changed)).toMatchObject({
      code: 4031,
      msg: 'This inquiry was already sent with different content. Start a new one.',
    });
    const stored = await ctx.app.db
      .select({ name: inquiries.productName })
      .from(inquiries)
      .where(eq(inquiries.idempotencyKey, key));
    expect(stored).toEqual([{ name: 'Kelly 28' }]);
  });
});
