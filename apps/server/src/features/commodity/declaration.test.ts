import { spawnSync } from 'node:child_process';
import { count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { commodities, identityChecks, ledgerEntries, uploads } from '../../db/schema.ts';
import {
  buybackProof,
  insertAt,
  type Kit,
  outcome,
  prepareKit,
  uploadPrivate,
  versionOf,
} from '../../test/commodity-kit.ts';
import { expectSqlRefusal, LEDGER_IMMUTABLE } from '../../test/sql-refusal.ts';
import { bearer, describeOnDatabases, type TestContext } from '../../test/test-app.ts';

/**
 * Issue 27 items 4 and 5 (docs/decisions.md "The signed declaration, one use per file, retention
 * of everything personal"): the seller signs a declaration stating their name, address,
 * occupation and age, the item and its price, and that they own it and sell it of their own
 * will (古物営業法 §15(1), 施行規則 §15); a private upload belongs to the first record using it.
 */
const RULE = { always: false, thresholds: { CNY: 5000, JPY: 100000 } };

/** The statement each language must carry, as the issue words it ("I own these items and sell them of my own will"). */
const STATEMENT = {
  ja: '私は、上記の品物が私の所有物であることに相違なく、私自身の意思により貴店に売却いたします。',
  en: 'I declare that I own the items listed above and that I sell them to this shop of my own free will.',
  'zh-Hans': '本人郑重声明：上述物品确为本人所有，本人系出于自愿将其出售给贵店。',
};

async function buy(ctx: TestContext, token: string, id: number, body: object, lang = 'ja') {
  const version = await versionOf(ctx, token, id);
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/commodities/${id}/recycle`,
    headers: { ...bearer(token), lang },
    payload: { version, is_recycle: 1, payment_method: 'cash', ...body },
  });
  return { ...outcome(ctx, response), msg: ctx.json(response).msg as string };
}

/** What a refused buyback must leave as it was. */
async function footprint(ctx: TestContext, ids: number[]) {
  const db = ctx.app.db;
  const [checks] = await db.select({ n: count() }).from(identityChecks);
  const [entries] = await db.select({ n: count() }).from(ledgerEntries);
  const items = [];
  for (const id of ids) {
    const [item] = await db.select().from(commodities).where(eq(commodities.id, id));
    items.push({ status: item?.status, version: item?.version });
  }
  const bound = await db.select({ name: uploads.name, boundTo: uploads.boundTo }).from(uploads);
  return { checks: checks?.n, entries: entries?.n, items, bound: bound.sort((a, b) => a.name.localeCompare(b.name)) };
}

/** A birth date that makes the seller exactly 40 on every day of this year after 1 January. */
const fortyYearsOld = () => `${new Date().getUTCFullYear() - 40}-01-01`;

describeOnDatabases(
  'the signed declaration and one use per file',
  (ctx) => {
    let kit: Kit;
    beforeAll(async () => {
      kit = await prepareKit(ctx);
    });
    const ledgerOf = async (id: number) =>
      ctx.app.db.select().from(ledgerEntries).where(eq(ledgerEntries.commodityId, id));

    describe('the declaration (item 4)', () => {
      it("stores the declaration in the seller's language with the seller's details, item and price, and shows it in the ledger entry", async () => {
        const id = await insertAt(ctx, kit, 'identifiedQuick');
        const proof = await buybackProof(ctx, kit.recorder.token, {
          name: '山田 花子',
          address: '東京都新宿区西新宿2-8-1',
          occupation: '会社員',
          birth_date: fortyYearsOld(),
        });
        const prep = ctx.json(
          await ctx.app.inject({
            method: 'GET',
            url: `/api/commodities/${id}/buyback`,
            headers: bearer(kit.recorder.token),
          }),
        ).data;
        const bought = await buy(ctx, kit.recorder.token, id, {
          price: 8000,
          currency: 'CNY',
          ...proof,
          declaration_lang: 'ja',
        });
        expect(bought).toMatchObject({ code: 0, data: { status: 80 } });
        const [entry] = await ledgerOf(id);
        expect(entry?.declarationLang).toBe('ja');
        const lines = entry?.declarationText.split('\n') ?? [];
        expect(lines).toEqual([
          '売却申込書',
          '氏名：山田 花子',
          '住所：東京都新宿区西新宿2-8-1',
          '職業：会社員',
          '年齢：40歳',
          '売却品目及び代価：',
          `・${prep.item.ja}　8,000.00 CNY`,
          STATEMENT.ja,
        ]);
        // The item as the ledger names it in Japanese.
        expect(prep.item.ja).toBe(entry?.item.ja);

        const detail = ctx.json(
          await ctx.app.inject({
            method: 'GET',
            url: `/api/ledger/entries/${entry?.id}`,
            headers: bearer(kit.recorder.token),
          }),
        ).data;
        expect(detail).toMatchObject({ declaration_lang: 'ja', declaration_text: entry?.declarationText });

        // The ledger's PDF prints it after the table, under the entry's number (read with poppler's pdftotext).
        const pdf = await ctx.app.inject({
          method: 'GET',
          url: `/api/ledger/export?from=${entry?.day}&to=${entry?.day}&format=pdf&lang=ja`,
          headers: bearer(kit.recorder.token),
        });
        expect(pdf.statusCode).toBe(200);
        const printed = spawnSync('pdftotext', ['-', '-'], { input: pdf.rawPayload, encoding: 'utf8' });
        if (printed.status === 0) {
          expect(printed.stdout).toContain(`番号${entry?.id}の売却申込書（日本語）`);
          expect(printed.stdout).toContain('氏名：山田 花子');
          expect(printed.stdout).toContain('住所：東京都新宿区西新宿2-8-1');
          expect(printed.stdout).toContain('年齢：40歳');
        }
      });

      it('accepts the text the signing view showed and refuses one that differs, naming declaration_text, writing nothing', async () => {
        const id = await insertAt(ctx, kit, 'identifiedQuick');
        const proof = await buybackProof(ctx, kit.recorder.token, {
          name: 'Anna Smith',
          address: '1-2-3 Ueno, Taito-ku',
          occupation: 'Engineer',
          birth_date: fortyYearsOld(),
        });
        const prep = ctx.json(
          await ctx.app.inject({
            method: 'GET',
            url: `/api/commodities/${id}/buyback`,
            headers: bearer(kit.recorder.token),
          }),
        ).data;
        const shown = [
          "Seller's declaration",
          'Name: Anna Smith',
          'Address: 1-2-3 Ueno, Taito-ku',
          'Occupation: Engineer',
          'Age: 40',
          'Items sold and prices:',
          `・${prep.item.en}　12,345.50 CNY`,
          STATEMENT.en,
        ].join('\n');
        const before = await footprint(ctx, [id]);
        // Signed at another price: the page changed after the seller read it.
        const stale = await buy(
          ctx,
          kit.recorder.token,
          id,
          { price: 12000, currency: 'CNY', ...proof, declaration_lang: 'en', declaration_text: shown },
          'en',
        );
        expect(stale).toMatchObject({ status: 400, code: 5161, data: { field: 'declaration_text' } });
        expect(stale.msg).toBe(
          'The declaration has changed since the seller read it; let the seller read it and sign again.',
        );
        expect(await footprint(ctx, [id])).toEqual(before);

        const missing = await buy(ctx, kit.recorder.token, id, {
          price: 12345.5,
          currency: 'CNY',
          ...proof,
          declaration_lang: null,
        });
        expect(missing).toMatchObject({ status: 400, code: 5160, data: { field: 'declaration_lang' } });
        expect(await footprint(ctx, [id])).toEqual(before);

        const good = await buy(ctx, kit.recorder.token, id, {
          price: 12345.5,
          currency: 'CNY',
          ...proof,
          declaration_lang: 'en',
          declaration_text: shown,
        });
        expect(good).toMatchObject({ code: 0, data: { status: 80 } });
        expect((await ledgerOf(id))[0]).toMatchObject({ declarationText: shown, declarationLang: 'en' });
      });

      it('keeps the declaration with a reused check and through a correction; SQL cannot rewrite it', async () => {
        const first = await insertAt(ctx, kit, 'identifiedQuick');
        const second = await insertAt(ctx, kit, 'identifiedQuick');
        const proof = await buybackProof(ctx, kit.recorder.token, { name: '王 小明', birth_date: fortyYearsOld() });
        await buy(ctx, kit.recorder.token, first, {
          price: 6000,
          currency: 'CNY',
          ...proof,
          declaration_lang: 'zh-Hans',
        });
        const [firstEntry] = await ledgerOf(first);
        // The second item of the visit reuses the check; its declaration names the checked seller.
        const [enrollment] = await ctx.app.db
          .select({ e: commodities.enrollmentId })
          .from(commodities)
          .where(eq(commodities.id, first));
        await ctx.app.db
          .update(commodities)
          .set({ enrollmentId: enrollment?.e ?? 0 })
          .where(eq(commodities.id, second));
        const reused = await buy(ctx, kit.recorder.token, second, {
          price: 6000,
          currency: 'CNY',
          signature: await uploadPrivate(ctx, kit.recorder.token, 'signature', 40),
          identity_check_id: firstEntry?.identityCheckId,
          declaration_lang: 'zh-Hans',
        });
        expect(reused).toMatchObject({ code: 0 });
        const [secondEntry] = await ledgerOf(second);
        expect(secondEntry?.declarationText).toContain('姓名：王 小明');
        expect(secondEntry?.declarationText).toContain('年龄：40岁');
        expect(secondEntry?.declarationText).toContain('6,000.00 CNY');
        expect(secondEntry?.declarationText.endsWith(STATEMENT['zh-Hans'])).toBe(true);

        const corrected = ctx.json(
          await ctx.app.inject({
            method: 'POST',
            url: `/api/ledger/entries/${secondEntry?.id}/correct`,
            headers: bearer(kit.recorder.token),
            payload: { seller_occupation: '教师', reason: '职业写错' },
          }),
        );
        expect(corrected.code).toBe(0);
        const [copy] = await ctx.app.db
          .select()
          .from(ledgerEntries)
          .where(eq(ledgerEntries.correctsId, secondEntry?.id ?? 0));
        expect(copy).toMatchObject({
          declarationText: secondEntry?.declarationText,
          declarationLang: 'zh-Hans',
        });

        // Refused by the declaration's own trigger (drizzle/0017), which runs before the ledger's.
        const refused = { ...LEDGER_IMMUTABLE, raisedBy: 'ledger_entries_declaration_kept' };
        await expectSqlRefusal(
          ctx.app.db.execute(sql`update ledger_entries set declaration_text = 'forged' where id = ${secondEntry?.id}`),
          refused,
        );
        await expectSqlRefusal(
          ctx.app.db.execute(sql`update ledger_entries set declaration_lang = 'en' where id = ${secondEntry?.id}`),
          refused,
        );
      });
    });

    describe('one photo and one signature, one check (item 5)', () => {
      it('binds the files to their identity check and ledger entry', async () => {
        const id = await insertAt(ctx, kit, 'identifiedQuick');
        const proof = await buybackProof(ctx, kit.recorder.token);
        expect(await buy(ctx, kit.recorder.token, id, { price: 6000, currency: 'CNY', ...proof })).toMatchObject({
          code: 0,
        });
        const [entry] = await ledgerOf(id);
        const boundOf = async (name: string) =>
          (await ctx.app.db.select().from(uploads).where(eq(uploads.name, name)))[0]?.boundTo;
        expect(await boundOf(proof.signature)).toBe(`ledger_entry:${entry?.id}`);
        expect(await boundOf(proof.identity.document_pics[0] ?? '')).toBe(`identity_check:${entry?.identityCheckId}`);
      });

      it('refuses a signature already attached to a ledger entry for a second buyback, naming signature, changing nothing', async () => {
        const a = await insertAt(ctx, kit, 'identifiedQuick');
        const b = await insertAt(ctx, kit, 'identifiedQuick');
        const proof = await buybackProof(ctx, kit.recorder.token);
        expect(await buy(ctx, kit.recorder.token, a, { price: 6000, currency: 'CNY', ...proof })).toMatchObject({
          code: 0,
        });
        const fresh = await buybackProof(ctx, kit.recorder.token, { name: '李 四' });
        const before = await footprint(ctx, [a, b]);
        const again = await buy(ctx, kit.recorder.token, b, {
          price: 6000,
          currency: 'CNY',
          ...fresh,
          signature: proof.signature,
        });
        expect(again).toMatchObject({ status: 400, code: 5162, data: { field: 'signature' } });
        expect(again.msg).toBe(
          'このファイルは別の記録で使われています。撮影または署名をやり直してください（signature）。',
        );
        const after = await footprint(ctx, [a, b]);
        expect(after).toEqual(before);
      });

      it("refuses customer A's document photo in customer B's buyback, naming identity.document_pics.0, changing nothing", async () => {
        const a = await insertAt(ctx, kit, 'identifiedQuick');
        const b = await insertAt(ctx, kit, 'identifiedQuick');
        const proofA = await buybackProof(ctx, kit.recorder.token, { name: '客户 甲' });
        expect(await buy(ctx, kit.recorder.token, a, { price: 6000, currency: 'CNY', ...proofA })).toMatchObject({
          code: 0,
        });
        const proofB = await buybackProof(ctx, kit.recorder.token, { name: '客户 乙' });
        const before = await footprint(ctx, [a, b]);
        const stolen = await buy(
          ctx,
          kit.recorder.token,
          b,
          {
            price: 6000,
            currency: 'CNY',
            ...proofB,
            identity: { ...proofB.identity, document_pics: proofA.identity.document_pics },
          },
          'zh-Hans',
        );
        expect(stolen).toMatchObject({ status: 400, code: 5162, data: { field: 'identity.document_pics.0' } });
        expect(stolen.msg).toBe('该文件已属于另一条记录，请重新拍摄或签名（identity.document_pics.0）');
        expect(await footprint(ctx, [a, b])).toEqual(before);

        // One photo twice in one check is one use too: the second is named.
        const twice = await buy(ctx, kit.recorder.token, b, {
          price: 6000,
          currency: 'CNY',
          ...proofB,
          identity: {
            ...proofB.identity,
            document_pics: [proofB.identity.document_pics[0], proofB.identity.document_pics[0]],
          },
        });
        expect(twice).toMatchObject({ status: 400, code: 5162, data: { field: 'identity.document_pics.1' } });
        expect(await footprint(ctx, [a, b])).toEqual(before);
      });
    });
  },
  { identityCheck: RULE },
);
