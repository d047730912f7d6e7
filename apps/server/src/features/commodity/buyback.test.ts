import { randomBytes } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  brands,
  categories,
  commodities,
  customers,
  dictionaryOptions,
  enrollments,
  identifyFlows,
  identityChecks,
  identityViews,
  ledgerEntries,
  materials,
} from '../../db/schema.ts';
import { open } from '../../lib/identity-cipher.ts';
import { signedPrivateUrl } from '../../lib/private-files.ts';
import {
  act,
  buybackProof,
  enterAsGuest,
  getDetail,
  insertAt,
  type Kit,
  outcome,
  type Person,
  prepareKit,
  uploadPrivate,
  versionOf,
} from '../../test/commodity-kit.ts';
import { bearer, describeOnDatabases, type TestContext } from '../../test/test-app.ts';
import { shopDayOf } from './buyback.service.ts';

/**
 * The lawful buyback (docs/decisions.md "Buying lawfully: identity check and signature"): the
 * shop here checks identity at or above 5,000 CNY, and always in a currency it names no
 * threshold for (USD).
 */
const RULE = { always: false, thresholds: { CNY: 5000, JPY: 100000 } };
const NUMBER = 'AB-9876-5432';

async function buy(ctx: TestContext, who: Person, id: number, body: object) {
  const version = await versionOf(ctx, who.token, id);
  // Every buyback says how it was paid and in which language the seller signed (issue 27); a
  // test of another rule pays in cash and signs in Chinese.
  return outcome(
    ctx,
    await act(ctx, who.token, id, 'recycle', {
      version,
      is_recycle: 1,
      payment_method: 'cash',
      declaration_lang: 'zh-Hans',
      ...body,
    }),
  );
}

/** Everything a refused buyback must leave as it was. */
async function footprint(ctx: TestContext, id: number) {
  const db = ctx.app.db;
  const [item] = await db.select().from(commodities).where(eq(commodities.id, id));
  const [checks] = await db.select({ n: count() }).from(identityChecks);
  const [entries] = await db.select({ n: count() }).from(ledgerEntries);
  return { status: item?.status, version: item?.version, checks: checks?.n, entries: entries?.n };
}

async function customerOfItem(ctx: TestContext, id: number) {
  const [row] = await ctx.app.db
    .select({ customerId: enrollments.customerId })
    .from(commodities)
    .innerJoin(enrollments, eq(enrollments.id, commodities.enrollmentId))
    .where(eq(commodities.id, id));
  return row?.customerId ?? null;
}

describeOnDatabases(
  'lawful buyback',
  (ctx) => {
    let kit: Kit;
    beforeAll(async () => {
      kit = await prepareKit(ctx);
    });

    const ledgerOf = async (id: number) =>
      ctx.app.db.select().from(ledgerEntries).where(eq(ledgerEntries.commodityId, id));

    describe('refusals change nothing', () => {
      it('refuses a buyback without the required check, without a signature, or from a seller under 18', async () => {
        const id = await insertAt(ctx, kit, 'identifiedQuick');
        const before = await footprint(ctx, id);
        const proof = await buybackProof(ctx, kit.recorder.token);
        const price = { price: 6000, currency: 'CNY' };

        const noCheck = await buy(ctx, kit.recorder, id, { ...price, signature: proof.signature });
        expect(noCheck).toMatchObject({ status: 400, code: 5010, data: { field: 'identity' } });

        const noSignature = await buy(ctx, kit.recorder, id, { ...price, identity: proof.identity });
        expect(noSignature).toMatchObject({ status: 400, code: 5011, data: { field: 'signature' } });

        const today = shopDayOf(new Date(), ctx.config.shopTimezone);
        const [y, m, d] = today.split('-');
        // 17 today, and 18 today: the age is counted on the shop's day.
        const almost18 = `${Number(y) - 18}-${m}-${d}`;
        const young = await buy(ctx, kit.recorder, id, {
          ...price,
          ...proof,
          identity: { ...proof.identity, birth_date: `${Number(y) - 17}-${m}-${d}` },
        });
        expect(young).toMatchObject({ status: 400, code: 5012, data: { field: 'identity.birth_date' } });

        // Another recorder's upload, or a photo sent as the signature, is not this buyback's.
        const wrongKind = await buy(ctx, kit.recorder, id, {
          ...price,
          ...proof,
          signature: proof.identity.document_pics[0],
        });
        expect(wrongKind).toMatchObject({ code: 5016, data: { field: 'signature' } });

        expect(await footprint(ctx, id)).toEqual(before);

        // Exactly 18 on the shop's day is old enough.
        const adult = await buy(ctx, kit.recorder, id, {
          ...price,
          ...proof,
          identity: { ...proof.identity, birth_date: almost18 },
        });
        expect(adult).toMatchObject({ code: 0, data: { status: 80 } });
        expect((await ledgerOf(id))[0]?.sellerAge).toBe(18);
      });

      it('refuses a guest recorder any buyback, but lets them hand the item back', async () => {
        const guest = await enterAsGuest(ctx, kit.recorder.token, 'recorder');
        const id = await insertAt(ctx, kit, 'identifiedQuick', { recorder: guest.id });
        const before = await footprint(ctx, id);
        const refused = await buy(ctx, guest, id, {
          price: 100,
          currency: 'CNY',
          signature: `p-${'0'.repeat(32)}.png`,
        });
        expect(refused).toMatchObject({ status: 403, code: 5017 });
        expect(await footprint(ctx, id)).toEqual(before);
        const version = await versionOf(ctx, guest.token, id);
        const back = outcome(ctx, await act(ctx, guest.token, id, 'recycle', { version, is_recycle: 0 }));
        expect(back).toMatchObject({ code: 0, data: { status: 90 } });
        expect(await ledgerOf(id)).toEqual([]);
      });
    });

    describe('the shop rule', () => {
      it('needs the check at or above the threshold and in a currency without one, not below', async () => {
        const below = await insertAt(ctx, kit, 'identifiedQuick');
        const signature = await uploadPrivate(ctx, kit.recorder.token, 'signature');
        expect(await buy(ctx, kit.recorder, below, { price: 4999.99, currency: 'CNY', signature })).toMatchObject({
          code: 0,
          data: { status: 80 },
        });
        expect(await ledgerOf(below)).toMatchObject([
          { identityMethod: 'none', identityCheckId: null, identityDocumentHint: '', signature },
        ]);

        const at = await insertAt(ctx, kit, 'identifiedQuick');
        const atBefore = await footprint(ctx, at);
        // A signature of its own: the first one belongs to the first entry now (issue 27 item 5).
        const another = await uploadPrivate(ctx, kit.recorder.token, 'signature', 90);
        expect(await buy(ctx, kit.recorder, at, { price: 5000, currency: 'CNY', signature: another })).toMatchObject({
          code: 5010,
        });
        expect(await buy(ctx, kit.recorder, at, { price: 1, currency: 'USD', signature: another })).toMatchObject({
          code: 5010,
        });
        expect(await footprint(ctx, at)).toEqual(atBefore);
        const proof = await buybackProof(ctx, kit.recorder.token);
        expect(await buy(ctx, kit.recorder, at, { price: 5000, currency: 'CNY', ...proof })).toMatchObject({ code: 0 });
        expect(await ledgerOf(at)).toMatchObject([{ identityMethod: 'drivers_licence', identityDocumentHint: '1234' }]);
      });

      it('writes no ledger entry when the item goes back to the customer', async () => {
        const id = await insertAt(ctx, kit, 'identifiedQuick');
        const version = await versionOf(ctx, kit.recorder.token, id);
        const back = outcome(ctx, await act(ctx, kit.recorder.token, id, 'recycle', { version, is_recycle: 0 }));
        expect(back).toMatchObject({ code: 0, data: { status: 90 } });
        expect(await ledgerOf(id)).toEqual([]);
      });
    });

    describe('document numbers at rest', () => {
      it('stores the number sealed: unreadable without the key, opened with it, not with another', async () => {
        const id = await insertAt(ctx, kit, 'identifiedQuick');
        const proof = await buybackProof(ctx, kit.recorder.token, { document_number: NUMBER });
        expect(await buy(ctx, kit.recorder, id, { price: 8000, currency: 'CNY', ...proof })).toMatchObject({ code: 0 });
        const [entry] = await ledgerOf(id);
        const result = await ctx.app.db.execute(
          sql`select * from identity_checks where id = ${entry?.identityCheckId ?? 0}`,
        );
        const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0] ?? {};
        const everything = JSON.stringify(row);
        expect(everything).not.toContain(NUMBER);
        expect(everything).not.toContain('98765432');
        expect(row.document_number_hint).toBe('5432');
        const sealed = String(row.document_number_sealed);
        expect(sealed).toMatch(/^v1:/);
        expect(open(sealed, ctx.config.identityKey)).toBe(NUMBER);
        expect(() => open(sealed, randomBytes(32))).toThrow('unable to authenticate data');
        // The ledger and the customer hold no number either.
        const ledgerText = JSON.stringify(await ledgerOf(id));
        expect(ledgerText).not.toContain(NUMBER);
      });
    });

    describe('reuse of a recent check', () => {
      it("reuses the same customer's check of the last 24 hours, not an old one or another customer's", async () => {
        const first = await insertAt(ctx, kit, 'identifiedQuick');
        const second = await insertAt(ctx, kit, 'identifiedQuick');
        const third = await insertAt(ctx, kit, 'identifiedQuick');
        const proof = await buybackProof(ctx, kit.recorder.token, { name: '李先生', occupation: 'Engineer' });
        expect(await buy(ctx, kit.recorder, first, { price: 9000, currency: 'CNY', ...proof })).toMatchObject({
          code: 0,
        });
        const customerId = await customerOfItem(ctx, first);
        expect(customerId).not.toBeNull();
        // The second item came in the same visit: same customer.
        const [secondItem] = await ctx.app.db.select().from(commodities).where(eq(commodities.id, second));
        await ctx.app.db
          .update(enrollments)
          .set({ customerId })
          .where(eq(enrollments.id, secondItem?.enrollmentId ?? 0));

        const prep = outcome(
          ctx,
          await ctx.app.inject({
            method: 'GET',
            url: `/api/commodities/${second}/buyback`,
            headers: bearer(kit.recorder.token),
          }),
        );
        expect(prep).toMatchObject({
          code: 0,
          data: {
            customer: { id: customerId, name: '李先生', occupation: 'Engineer', birth_date: '1980-04-01' },
            identity_check: RULE,
            recent_checks: [{ document_type: 'drivers_licence', document_hint: '1234', name: '李先生' }],
          },
        });
        expect(JSON.stringify(prep.data)).not.toContain('DL-4455');
        const views = await ctx.app.db
          .select()
          .from(identityViews)
          .where(and(eq(identityViews.customerId, customerId ?? 0), eq(identityViews.viewerId, kit.recorder.id)));
        expect(views.some((view) => view.ref === `buyback:${second}` && view.subject === 'identity')).toBe(true);

        const checkId = prep.data.recent_checks[0].id as number;
        const signature = await uploadPrivate(ctx, kit.recorder.token, 'signature');
        // Another customer's check is refused.
        const thirdBefore = await footprint(ctx, third);
        expect(
          await buy(ctx, kit.recorder, third, { price: 9000, currency: 'CNY', signature, identity_check_id: checkId }),
        ).toMatchObject({ code: 5013, data: { field: 'identity_check_id' } });
        expect(await footprint(ctx, third)).toEqual(thirdBefore);

        // Both a new check and a reused one: say which.
        expect(
          await buy(ctx, kit.recorder, second, {
            price: 9000,
            currency: 'CNY',
            ...proof,
            signature,
            identity_check_id: checkId,
          }),
        ).toMatchObject({ code: 5014 });

        // An old check (25 hours) is refused…
        await ctx.app.db
          .update(identityChecks)
          .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
          .where(eq(identityChecks.id, checkId));
        expect(
          await buy(ctx, kit.recorder, second, { price: 9000, currency: 'CNY', signature, identity_check_id: checkId }),
        ).toMatchObject({ code: 5013 });
        // …a recent one is taken.
        await ctx.app.db
          .update(identityChecks)
          .set({ createdAt: new Date(Date.now() - 23 * 3600_000) })
          .where(eq(identityChecks.id, checkId));
        expect(
          await buy(ctx, kit.recorder, second, { price: 9000, currency: 'CNY', signature, identity_check_id: checkId }),
        ).toMatchObject({ code: 0, data: { status: 80 } });
        expect(await ledgerOf(second)).toMatchObject([
          {
            identityCheckId: checkId,
            customerId,
            sellerName: '李先生',
            sellerOccupation: 'Engineer',
            identityMethod: 'drivers_licence',
            identityDocumentHint: '1234',
          },
        ]);
        const [checks] = await ctx.app.db
          .select({ n: count() })
          .from(identityChecks)
          .where(eq(identityChecks.customerId, customerId ?? 0));
        expect(checks?.n).toBe(1);
      });
    });

    describe('the ledger entry', () => {
      it('is one tap from the item: its page names the newest entry to staff recorders, to nobody else', async () => {
        const id = await insertAt(ctx, kit, 'identifiedQuick');
        const proof = await buybackProof(ctx, kit.recorder.token);
        expect(await buy(ctx, kit.recorder, id, { price: 8000, currency: 'CNY', ...proof })).toMatchObject({ code: 0 });
        const [entry] = await ledgerOf(id);
        const recycleOf = async (token: string) => ctx.json(await getDetail(ctx, token, id)).data.recycle;
        expect(await recycleOf(kit.recorder.token)).toMatchObject({ ledger_entry_id: entry?.id });
        expect(await recycleOf(kit.valuer1.token)).toMatchObject({ ledger_entry_id: null });
      });

      it('carries exactly the §16 items', async () => {
        const id = await insertAt(ctx, kit, 'identifiedQuick');
        const db = ctx.app.db;
        const [accessory] = await db
          .select()
          .from(dictionaryOptions)
          .where(eq(dictionaryOptions.groupKey, 'identify_product.product_accessories'))
          .limit(1);
        await db
          .update(commodities)
          .set({
            serialNo: 'SN-77',
            engraving: 'For A.',
            materialId: kit.materialId,
            accessories: accessory ? [accessory.value] : [],
          })
          .where(eq(commodities.id, id));
        const [item] = await db.select().from(commodities).where(eq(commodities.id, id));
        const [result] = await db
          .select()
          .from(identifyFlows)
          .where(eq(identifyFlows.id, item?.resultFlowId ?? 0));
        const [category] = await db.select().from(categories).where(eq(categories.id, kit.categoryId));
        const [brand] = await db.select().from(brands).where(eq(brands.id, kit.brandId));
        const [material] = await db.select().from(materials).where(eq(materials.id, kit.materialId));
        const [state] = await db
          .select()
          .from(dictionaryOptions)
          .where(
            and(
              eq(dictionaryOptions.groupKey, 'identify_result.state_level'),
              eq(dictionaryOptions.value, result?.stateLevel ?? ''),
            ),
          );
        const proof = await buybackProof(ctx, kit.recorder.token, {
          document_type: 'passport',
          document_number: 'TK1234567',
          name: '山田 花子',
          address: '東京都港区1-2-3',
          occupation: '自営業',
          birth_date: '1990-01-15',
        });
        const before = new Date();
        expect(await buy(ctx, kit.recorder, id, { price: 12000, currency: 'CNY', ...proof })).toMatchObject({
          code: 0,
        });
        const customerId = await customerOfItem(ctx, id);
        const [entry] = await ledgerOf(id);
        const day = shopDayOf(entry?.transactedAt ?? new Date(), ctx.config.shopTimezone);
        const [y = 0, m = 0, d = 0] = day.split('-').map(Number);
        const age = y - 1990 - (m < 1 || (m === 1 && d < 15) ? 1 : 0);
        // The first branch's ledger (issue 32), under its next number: the entries it holds now.
        const branchEntries = await db.select().from(ledgerEntries).where(eq(ledgerEntries.branchId, 1));
        expect(entry).toEqual({
          id: expect.any(Number),
          branchId: 1,
          branchNo: branchEntries.length,
          transactedAt: expect.any(Date),
          day,
          commodityId: id,
          commodityNo: item?.no,
          item: {
            'zh-Hans': `${category?.name['zh-Hans']} / ${brand?.name} / ${item?.productName}`,
            'zh-Hant': `${category?.name['zh-Hant']} / ${brand?.name} / ${item?.productName}`,
            en: `${category?.name.en} / ${brand?.name} / ${item?.productName}`,
            ja: `${category?.name.ja} / ${brand?.name} / ${item?.productName}`,
          },
          quantity: 1,
          features: {
            'zh-Hans': `材质：${material?.name['zh-Hans']}；序列号：SN-77；刻字：For A.；成色：${state?.label['zh-Hans']}；配件：${accessory?.label['zh-Hans']}`,
            'zh-Hant': `材質：${material?.name['zh-Hant']}；序號：SN-77；刻字：For A.；成色：${state?.label['zh-Hant']}；配件：${accessory?.label['zh-Hant']}`,
            en: `Material: ${material?.name.en}; Serial no.: SN-77; Engraving: For A.; Condition: ${state?.label.en}; Accessories: ${accessory?.label.en}`,
            ja: `素材：${material?.name.ja}；シリアル番号：SN-77；刻印：For A.；状態：${state?.label.ja}；付属品：${accessory?.label.ja}`,
          },
          price: 12000,
          currency: 'CNY',
          customerId,
          identityCheckId: expect.any(Number),
          sellerName: '山田 花子',
          sellerAddress: '東京都港区1-2-3',
          sellerOccupation: '自営業',
          sellerAge: age,
          identityMethod: 'passport',
          identityDocumentHint: '4567',
          identityDocumentExpiry: null,
          signature: proof.signature,
          // The signed declaration (issue 27 item 4; its text: declaration.test.ts).
          declarationText: expect.stringContaining('山田 花子'),
          declarationLang: 'zh-Hans',
          recorderId: kit.recorder.id,
          correctsId: null,
          correctionReason: null,
          createdAt: expect.any(Date),
          anonymizedAt: null,
          // How it was paid; below the money-laundering rule, no purpose (aml.test.ts).
          paymentMethod: 'cash',
          transactionPurpose: '',
          amlVerified: false,
        });
        expect(entry?.transactedAt.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
        // The customer's record took the checked data and the visit.
        const [customer] = await db
          .select()
          .from(customers)
          .where(eq(customers.id, customerId ?? 0));
        expect(customer).toMatchObject({
          name: '山田 花子',
          address: '東京都港区1-2-3',
          occupation: '自営業',
          birthDate: '1990-01-15',
        });
        expect(customer?.lastActivityAt.getTime()).toBe(entry?.transactedAt.getTime());
        const [check] = await db
          .select()
          .from(identityChecks)
          .where(eq(identityChecks.id, entry?.identityCheckId ?? 0));
        expect(check).toMatchObject({
          customerId,
          documentType: 'passport',
          documentNumberHint: '4567',
          documentPics: proof.identity.document_pics,
          checkedBy: kit.recorder.id,
        });
        // The history says which entry the buyback wrote.
        const detail = outcome(ctx, await getDetail(ctx, kit.recorder.token, id)).data;
        expect(detail.history.at(-1)).toMatchObject({ action: 'recycle' });
      });
    });

    describe('who reads identity data', () => {
      it('answers the buyback preparation to staff recorders only', async () => {
        const id = await insertAt(ctx, kit, 'identifiedQuick');
        const guestRecorder = await enterAsGuest(ctx, kit.recorder.token, 'recorder');
        const guestValuer = await enterAsGuest(ctx, kit.recorder.token, 'valuers');
        const url = `/api/commodities/${id}/buyback`;
        const ask = async (who: Person | null) =>
          outcome(ctx, await ctx.app.inject({ method: 'GET', url, headers: who ? bearer(who.token) : {} }));
        expect(await ask(null)).toMatchObject({ status: 401 });
        expect(await ask(kit.valuer1)).toMatchObject({ status: 403, code: 2032, data: null });
        expect(await ask(guestRecorder)).toMatchObject({ status: 403, code: 2031, data: null });
        expect(await ask(guestValuer)).toMatchObject({ status: 403, code: 2031, data: null });
        expect(await ask(kit.recorder)).toMatchObject({ code: 0 });
      });

      it('shows valuers nothing of the check in the commodity detail', async () => {
        const id = await insertAt(ctx, kit, 'identifiedQuick');
        const proof = await buybackProof(ctx, kit.recorder.token, { document_number: 'ZZ-000-7788', name: '王五' });
        expect(await buy(ctx, kit.recorder, id, { price: 9000, currency: 'CNY', ...proof })).toMatchObject({ code: 0 });
        const seen = (await getDetail(ctx, kit.valuer1.token, id)).body;
        for (const secret of ['ZZ-000-7788', '7788', '王五', proof.signature, proof.identity.document_pics[0] ?? '']) {
          expect(seen).not.toContain(secret);
        }
      });
    });

    describe('private files', () => {
      it('serves a private upload only through a fresh signed link, never cached', async () => {
        const name = await uploadPrivate(ctx, kit.recorder.token, 'document');
        const get = (url: string) => ctx.app.inject({ method: 'GET', url });
        const plain = await get(`/api/files/${name}`);
        expect(plain.statusCode).toBeGreaterThanOrEqual(400);
        expect(plain.headers['content-type']).toMatch(/json/);

        const served = await get(signedPrivateUrl(ctx.config.jwtSecret, name));
        expect(served.statusCode).toBe(200);
        expect(served.headers['cache-control']).toBe('private, no-store');
        expect(served.headers['content-type']).toMatch(/^image\//);

        const expired = await get(signedPrivateUrl(ctx.config.jwtSecret, name, Date.now() - 10 * 60_000));
        expect(expired.statusCode).toBe(404);
        const forged = await get(signedPrivateUrl('another-secret-0123456789abcdef', name));
        expect(forged.statusCode).toBe(404);
        const otherName = await uploadPrivate(ctx, kit.recorder.token, 'signature');
        const swapped = signedPrivateUrl(ctx.config.jwtSecret, name).replace(name, otherName);
        expect((await get(swapped)).statusCode).toBe(404);
      });
    });
  },
  { identityCheck: RULE },
);
