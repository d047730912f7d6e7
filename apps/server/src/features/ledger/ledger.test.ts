import { routes } from '@jewel/contract/routes';
import { and, count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { identityViews, ledgerEntries } from '../../db/schema.ts';
import { parseCsv } from '../../lib/csv.ts';
import { enterAsGuest, type Kit, prepareKit } from '../../test/commodity-kit.ts';
import { insertLedgerEntry, uploadSignature } from '../../test/ledger-fixtures.ts';
import { drawnPages } from '../../test/pdf-glyphs.ts';
import { DEMO_DATA_CELL, DEMO_WATERMARK, LICENCE_LINE, NAMED_SHOP, nameTheShop } from '../../test/shop-details.ts';
import { expectSqlRefusal, LEDGER_IMMUTABLE } from '../../test/sql-refusal.ts';
import { bearer, describeOnDatabases } from '../../test/test-app.ts';

describeOnDatabases('dealer ledger', (ctx) => {
  let kit: Kit;

  beforeAll(async () => {
    kit = await prepareKit(ctx);
  }, 60_000);

  const get = (url: string, token = kit.recorder.token, lang = 'en') =>
    ctx.app.inject({ method: 'GET', url, headers: { ...bearer(token), lang } });
  const post = (url: string, payload: object, token = kit.recorder.token) =>
    ctx.app.inject({ method: 'POST', url, headers: { ...bearer(token), lang: 'en' }, payload });
  const rowText = async (id: number) => {
    const result = (await ctx.app.db.execute(
      sql`select row_to_json(l)::text as row from ledger_entries l where id = ${id}`,
    )) as unknown as { rows: { row: string }[] };
    return result.rows[0]?.row ?? '';
  };
  const views = async (subject: string) =>
    (
      await ctx.app.db
        .select({ n: count() })
        .from(identityViews)
        .where(and(eq(identityViews.subject, subject), eq(identityViews.viewerId, kit.recorder.id)))
    )[0]?.n ?? 0;

  describe('immutability in the database', () => {
    it('refuses an UPDATE or DELETE through SQL', async () => {
      const { id } = await insertLedgerEntry(ctx, kit);
      const before = await rowText(id);
      const refused = { ...LEDGER_IMMUTABLE, raisedBy: 'ledger_entries_immutable' };
      await expectSqlRefusal(ctx.app.db.execute(sql`update ledger_entries set price = 1 where id = ${id}`), refused);
      await expectSqlRefusal(
        ctx.app.db.execute(sql`update ledger_entries set seller_name = 'Someone else' where id = ${id}`),
        refused,
      );
      await expectSqlRefusal(ctx.app.db.execute(sql`delete from ledger_entries where id = ${id}`), refused);
      // Blanking that also changes what the ledger must keep is refused too.
      await expectSqlRefusal(
        ctx.app.db.execute(sql`update ledger_entries set seller_name = '', seller_address = '', seller_occupation = '',
          identity_document_hint = '', signature = null, anonymized_at = now(), price = 1 where id = ${id}`),
        refused,
      );
      expect(await rowText(id)).toBe(before);
    });

    it("allows only the retention job's blanking, once", async () => {
      const signature = await uploadSignature(ctx, kit);
      const { id } = await insertLedgerEntry(ctx, kit, { signature });
      const blank = sql`update ledger_entries set seller_name = '', seller_address = '', seller_occupation = '',
        identity_document_hint = '', signature = null, anonymized_at = now() where id = ${id}`;
      await ctx.app.db.execute(blank);
      const [row] = await ctx.app.db.select().from(ledgerEntries).where(eq(ledgerEntries.id, id));
      expect(row).toMatchObject({ sellerName: '', sellerAddress: '', signature: null, price: 120000, sellerAge: 46 });
      expect(row?.anonymizedAt).not.toBeNull();
      await expectSqlRefusal(ctx.app.db.execute(blank), { ...LEDGER_IMMUTABLE, raisedBy: 'ledger_entries_immutable' });

      // An anonymized entry reads as blanks, not as an error, and cannot be corrected.
      const detail = ctx.json(await get(`/api/ledger/entries/${id}`));
      expect(detail.code).toBe(0);
      expect(detail.data).toMatchObject({ anonymized: true, seller_name: '', seller_address: '', signature: null });
      const correction = ctx.json(await post(`/api/ledger/entries/${id}/correct`, { seller_age: 47, reason: 'typo' }));
      expect(correction.code).toBe(5031);
    });
  });

  describe('corrections', () => {
    it('has no route that edits or deletes an entry', async () => {
      const ledgerRoutes = Object.values(routes).filter((route) => route.path.startsWith('/api/ledger'));
      expect(ledgerRoutes.map((route) => `${route.method} ${route.path}`).sort()).toEqual([
        'GET /api/ledger/entries',
        'GET /api/ledger/entries/:id',
        'GET /api/ledger/export',
        // Suspicious flags (issue 27) live beside the entries: a flag is its own row, never an edit.
        'GET /api/ledger/flags',
        'GET /api/ledger/flags/export',
        'POST /api/ledger/entries/:id/correct',
        'POST /api/ledger/entries/:id/flag',
        'POST /api/ledger/flags/:id/review',
      ]);
      const { id } = await insertLedgerEntry(ctx, kit);
      for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
        const response = await ctx.app.inject({
          method,
          url: `/api/ledger/entries/${id}`,
          headers: bearer(kit.recorder.token),
          payload: {},
        });
        expect(response.statusCode).toBe(404);
      }
    });

    it('adds a new entry and leaves the original byte for byte', async () => {
      const { id } = await insertLedgerEntry(ctx, kit);
      const before = await rowText(id);
      const answer = ctx.json(
        await post(`/api/ledger/entries/${id}/correct`, {
          seller_address: '東京都台東区上野1-2-4',
          price: 125000,
          item: 'Bracelet, Cartier Love (18K)',
          reason: 'Address and price mistyped',
        }),
      );
      expect(answer.code).toBe(0);
      const correction = answer.data;
      expect(correction.id).toBeGreaterThan(id);
      expect(correction).toMatchObject({
        corrects_id: id,
        correction_reason: 'Address and price mistyped',
        seller_address: '東京都台東区上野1-2-4',
        seller_name: '山田 太郎',
        price: 125000,
        currency: 'JPY',
        item: 'Bracelet, Cartier Love (18K)',
        corrected_by_id: null,
      });
      expect(correction.chain.map((link: { id: number }) => link.id)).toEqual([id, correction.id]);
      expect(await rowText(id)).toBe(before);

      const original = ctx.json(await get(`/api/ledger/entries/${id}`)).data;
      expect(original).toMatchObject({ corrected_by_id: correction.id, price: 120000 });
      expect(original.chain.map((link: { id: number }) => link.id)).toEqual([id, correction.id]);

      // Only the latest of a chain is corrected; a correction must change something and say why.
      expect(ctx.json(await post(`/api/ledger/entries/${id}/correct`, { seller_age: 45, reason: 'x' })).code).toBe(
        5030,
      );
      expect(
        ctx.json(await post(`/api/ledger/entries/${correction.id}/correct`, { price: 125000, reason: 'same' })).code,
      ).toBe(5032);
      expect(ctx.json(await post(`/api/ledger/entries/${correction.id}/correct`, { seller_age: 45 })).code).toBe(1001);
      const second = ctx.json(
        await post(`/api/ledger/entries/${correction.id}/correct`, { seller_age: 45, reason: 'Age from the licence' }),
      ).data;
      expect(second).toMatchObject({ corrects_id: correction.id, seller_age: 45, price: 125000 });
      expect(second.chain.map((link: { id: number }) => link.id)).toEqual([id, correction.id, second.id]);
    });
  });

  describe('reading', () => {
    it('lists a period newest first, by pages, with every §16 item', async () => {
      const days = ['2025-03-01', '2025-03-02', '2025-03-02', '2025-03-05'];
      const ids: number[] = [];
      for (const day of days) ids.push((await insertLedgerEntry(ctx, kit, { day })).id);
      const pageOf = async (query: string) => ctx.json(await get(`/api/ledger/entries?${query}`)).data;

      const all = await pageOf('from=2025-03-01&to=2025-03-05');
      expect(all.items.map((entry: { id: number }) => entry.id)).toEqual([ids[3], ids[2], ids[1], ids[0]]);
      expect(all.next_cursor).toBeNull();
      expect(all.items[0]).toMatchObject({
        day: '2025-03-05',
        item: 'Bracelet, Cartier Love',
        quantity: 1,
        features: '18K YG, 17 cm, serial MX1234, light scratches',
        price: 120000,
        currency: 'JPY',
        seller_name: '山田 太郎',
        seller_address: '東京都台東区上野1-2-3',
        seller_occupation: '会社員',
        seller_age: 46,
        identity_method: 'drivers_licence',
        identity_document_hint: '****1234',
        anonymized: false,
      });

      const middle = await pageOf('from=2025-03-02&to=2025-03-02');
      expect(middle.items.map((entry: { id: number }) => entry.id)).toEqual([ids[2], ids[1]]);

      const first = await pageOf('from=2025-03-01&to=2025-03-05&limit=3');
      expect(first.items).toHaveLength(3);
      const rest = await pageOf(`from=2025-03-01&to=2025-03-05&limit=3&cursor=${first.next_cursor}`);
      expect(rest.items.map((entry: { id: number }) => entry.id)).toEqual([ids[0]]);
      expect(rest.next_cursor).toBeNull();

      const ja = ctx.json(await get('/api/ledger/entries?from=2025-03-05&to=2025-03-05', kit.recorder.token, 'ja'));
      expect(ja.data.items[0].item).toBe('ブレスレット カルティエ ラブ');

      expect(ctx.json(await get('/api/ledger/entries?from=2025-03-05&to=2025-03-01')).code).toBe(4040);
      expect(ctx.json(await get('/api/ledger/entries?cursor=nonsense')).code).toBe(1001);
    });

    it('shows the signature through a signed private link', async () => {
      const signature = await uploadSignature(ctx, kit);
      const { id } = await insertLedgerEntry(ctx, kit, { signature });
      const detail = ctx.json(await get(`/api/ledger/entries/${id}`)).data;
      expect(detail.signature).toMatchObject({ name: signature, kind: 'signature' });
      expect(detail.signature.url).toMatch(/^\/api\/private-files\/p-[0-9a-f]+\.\w+\?exp=\d+&sig=/);
      const image = await ctx.app.inject({ method: 'GET', url: detail.signature.url });
      expect(image.statusCode).toBe(200);
      expect(ctx.json(await get('/api/ledger/entries/999999')).code).toBe(1002);
    });

    it('records an identity view for each read: list, detail and export', async () => {
      const { id, customerId } = await insertLedgerEntry(ctx, kit, { day: '2024-01-10' });
      const ledgerBefore = await views('ledger');
      await get('/api/ledger/entries?from=2024-01-10&to=2024-01-10');
      expect(await views('ledger')).toBe(ledgerBefore + 1);
      await get(`/api/ledger/entries/${id}`);
      expect(await views('ledger')).toBe(ledgerBefore + 2);
      const [last] = await ctx.app.db
        .select()
        .from(identityViews)
        .where(eq(identityViews.subject, 'ledger'))
        .orderBy(sql`${identityViews.id} desc`)
        .limit(1);
      expect(last).toMatchObject({ customerId, ref: `entry:${id}`, viewerId: kit.recorder.id });

      const exportsBefore = await views('ledger-export');
      await get('/api/ledger/export?from=2024-01-10&to=2024-01-10&format=csv');
      await get('/api/ledger/export?from=2024-01-10&to=2024-01-10&format=pdf');
      expect(await views('ledger-export')).toBe(exportsBefore + 2);
      const [exported] = await ctx.app.db
        .select()
        .from(identityViews)
        .where(eq(identityViews.subject, 'ledger-export'))
        .orderBy(sql`${identityViews.id} desc`)
        .limit(1);
      expect(exported?.customerId).toBeNull();
    });

    it('refuses valuers and guests, and records nothing for them', async () => {
      const { id } = await insertLedgerEntry(ctx, kit);
      const guest = await enterAsGuest(ctx, kit.recorder.token, 'recorder');
      const before = (await ctx.app.db.select({ n: count() }).from(identityViews))[0]?.n;
      for (const url of [
        '/api/ledger/entries',
        `/api/ledger/entries/${id}`,
        '/api/ledger/export?format=csv',
        '/api/ledger/export?format=pdf',
      ]) {
        expect(ctx.json(await get(url, kit.valuer1.token)).code).toBe(2032);
        expect(ctx.json(await get(url, guest.token)).code).toBe(2031);
      }
      expect(
        ctx.json(await post(`/api/ledger/entries/${id}/correct`, { quantity: 2, reason: 'x' }, kit.valuer1.token)).code,
      ).toBe(2032);
      expect((await ctx.app.db.select({ n: count() }).from(identityViews))[0]?.n).toBe(before);
    });
  });

  describe('exports', () => {
    const period = 'from=2023-06-01&to=2023-06-30';
    let entryId = 0;
    let correctionId = 0;

    beforeAll(async () => {
      entryId = (await insertLedgerEntry(ctx, kit, { day: '2023-06-10', sellerName: '=HYPERLINK("x")' })).id;
      correctionId = ctx.json(
        await post(`/api/ledger/entries/${entryId}/correct`, { seller_name: '山田 花子', reason: '氏名の誤記' }),
      ).data.id;
      await insertLedgerEntry(ctx, kit, { day: '2023-07-01' });
    }, 60_000);

    it('writes the Japanese column set, one row per entry of the period, safe for spreadsheets', async () => {
      const response = await get(`/api/ledger/export?${period}&format=csv&lang=ja`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/csv/);
      expect(response.headers['content-disposition']).toBe('attachment; filename="ledger_2023-06-01_2023-06-30.csv"');
      expect(response.body.startsWith('\uFEFF')).toBe(true);
      // (A spreadsheet shows the blank lines around the table; the parser skips them.)
      const [shopLine, periodLine, ...records] = parseCsv(response.body).map((record) => record.fields);
      // Whose ledger and which period, in whose days, first (issues 28 and 29): the demo has no
      // name of its own, nor a licence, and says it is the demo's data; its clock is the
      // environment's (SHOP_TIMEZONE's default).
      expect(shopLine).toEqual(['ジュエリー鑑定', '', '', 'デモデータです。実在の店舗の記録ではありません。']);
      expect(periodLine).toEqual(['期間：2023-06-01 ～ 2023-06-30（Asia/Shanghai）']);
      expect(records[0]).toEqual([
        '番号',
        '取引年月日',
        '管理番号',
        '品目',
        '数量',
        '特徴',
        // The amount and its currency apart: a spreadsheet sums the amounts (issue 29 item 1).
        '代価',
        '通貨',
        '支払方法',
        '相手方の住所',
        '氏名',
        '職業',
        '年齢',
        '確認の方法',
        '訂正',
      ]);
      // The titles, the entry and its correction, then the period's total per currency.
      expect(records).toHaveLength(4);
      const [, original, correction, total] = records;
      expect(original).toEqual([
        String(entryId),
        '2023-06-10 14:05',
        expect.stringMatching(/^C/),
        'ブレスレット カルティエ ラブ',
        '1',
        '18K YG, 17 cm, serial MX1234, light scratches',
        '120000',
        'JPY',
        // Written before the payment method was recorded (issue 27).
        '記録なし',
        '東京都台東区上野1-2-3',
        `'=HYPERLINK("x")`,
        '会社員',
        '46',
        '運転免許証 ****1234',
        `番号${correctionId}で訂正済み`,
      ]);
      expect(correction?.[10]).toBe('山田 花子');
      expect(correction?.[14]).toBe(`番号${entryId}を訂正：氏名の誤記`);
      // The corrected entry counts once, as corrected: 120,000 yen, not 240,000.
      expect(total).toEqual(['合計（訂正後）', '120000', 'JPY']);
    });

    it('translates the columns for the other languages; the caller’s language by default', async () => {
      const header = async (query: string, lang = 'en') =>
        // After the shop's line and the period's.
        parseCsv((await get(`/api/ledger/export?${period}&format=csv${query}`, kit.recorder.token, lang)).body)[2]
          ?.fields;
      expect(await header('&lang=en')).toEqual([
        'No.',
        'Date of transaction',
        'Item no.',
        'Item',
        'Quantity',
        'Features',
        'Price',
        'Currency',
        'Payment',
        "Seller's address",
        'Name',
        'Occupation',
        'Age',
        'Identity check',
        'Correction',
      ]);
      expect((await header('', 'zh_CN'))?.slice(0, 4)).toEqual(['编号', '交易日期', '商品编号', '品目']);
      expect((await header('&lang=zh-Hant'))?.at(-2)).toBe('身分確認方式');
    });

    it('prints a PDF with an embedded font subset', async () => {
      for (const lang of ['ja', 'zh-Hans', 'zh-Hant', 'en']) {
        const response = await get(`/api/ledger/export?${period}&format=pdf&lang=${lang}`);
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe('application/pdf');
        expect(response.headers['content-disposition']).toBe('attachment; filename="ledger_2023-06-01_2023-06-30.pdf"');
        const bytes = response.rawPayload;
        expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
        const text = bytes.toString('latin1');
        // A subset is named with six capital letters and a plus: /BaseFont /ABCDEF+NotoSansJP-Regular.
        expect(text).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSans(JP|SC|TC)/);
        expect(text).toContain('/FontFile2');
        expect(bytes.length).toBeLessThan(300_000);
      }
      const empty = await get('/api/ledger/export?from=2000-01-01&to=2000-01-02&format=pdf&lang=ja');
      expect(empty.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    });
  });
});

/*
 * Issue 28 item 4: the ledger is the dealer's, and says whose: once a manager has named the shop,
 * the CSV's first line holds its name, licence and contact (address and phone), and the PDF's
 * heading prints them on every page, in the language of the file.
 */
describeOnDatabases("a named shop's ledger", (ctx) => {
  let kit: Kit;
  const day = '2023-08-08';

  beforeAll(async () => {
    kit = await prepareKit(ctx);
    await nameTheShop(ctx);
    await insertLedgerEntry(ctx, kit, { day });
  }, 60_000);

  const exported = (format: 'csv' | 'pdf', lang: string) =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/ledger/export?from=${day}&to=${day}&format=${format}&lang=${lang}`,
      headers: { ...bearer(kit.recorder.token), lang: 'en' },
    });

  it("starts the CSV with the shop's name, licence, address and phone", async () => {
    for (const lang of ['zh-Hans', 'zh-Hant', 'en', 'ja'] as const) {
      const response = await exported('csv', lang);
      expect(response.statusCode).toBe(200);
      const [shopLine] = parseCsv(response.body).map((record) => record.fields);
      expect(shopLine, lang).toEqual([
        NAMED_SHOP.name,
        LICENCE_LINE[lang],
        `${NAMED_SHOP.address} · ${NAMED_SHOP.phone}`,
        // Named, the demo's data is still the demo's (issue 28).
        DEMO_DATA_CELL[lang],
      ]);
    }
  });

  it("heads every page of the PDF with the shop's name, licence, address and phone", async () => {
    // Enough entries for a second page.
    for (let n = 0; n < 30; n++) await insertLedgerEntry(ctx, kit, { day });
    for (const lang of ['zh-Hans', 'zh-Hant', 'en', 'ja'] as const) {
      const response = await exported('pdf', lang);
      expect(response.statusCode).toBe(200);
      const pages = drawnPages(response.rawPayload);
      expect(pages.length, lang).toBeGreaterThan(1);
      for (const page of pages) {
        expect(page.text, lang).toContain(NAMED_SHOP.name);
        expect(page.text, lang).toContain(LICENCE_LINE[lang]);
        expect(page.text, lang).toContain(NAMED_SHOP.address);
        expect(page.text, lang).toContain(NAMED_SHOP.phone);
        // Named, the demo's data is still the demo's (issue 28).
        expect(page.text.split(DEMO_WATERMARK[lang]).length - 1, lang).toBe(1);
      }
    }
  });
});
