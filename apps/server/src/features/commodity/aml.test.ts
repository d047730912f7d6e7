import { count, eq, inArray } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { categories, commodities, identityChecks, ledgerEntries, materials } from '../../db/schema.ts';
import { parseCsv } from '../../lib/csv.ts';
import {
  act,
  buybackProof,
  getDetail,
  insertAt,
  type Kit,
  outcome,
  type Person,
  prepareKit,
  versionOf,
} from '../../test/commodity-kit.ts';
import { insertLedgerEntry } from '../../test/ledger-fixtures.ts';
import { bearer, describeOnDatabases, type TestContext } from '../../test/test-app.ts';

/**
 * The money-laundering rule at the counter (犯罪収益移転防止法 §4 with 施行令 §7(1); docs/decisions.md
 * "What the law asks at the counter: money laundering"): buying precious metals or stones, or
 * goods made of them, for cash ABOVE 2,000,000 JPY (the visit's total) needs the identity check
 * and the purpose of the transaction. The figures below are the law's, not the code's. The shop's
 * own identity rule is set out of the way (100,000,000) so that only the Act's rule is seen.
 */
const LAW_THRESHOLD_JPY = 2_000_000;
const SHOP_RULE = { always: false, thresholds: { JPY: 100_000_000, CNY: 100_000_000 } };

async function buy(ctx: TestContext, who: Person, id: number, body: object) {
  const version = await versionOf(ctx, who.token, id);
  return outcome(ctx, await act(ctx, who.token, id, 'recycle', { version, is_recycle: 1, ...body }));
}

/** Everything a refused buyback must leave as it was. */
async function footprint(ctx: TestContext, id: number) {
  const db = ctx.app.db;
  const [item] = await db.select().from(commodities).where(eq(commodities.id, id));
  const [checks] = await db.select({ n: count() }).from(identityChecks);
  const [entries] = await db.select({ n: count() }).from(ledgerEntries);
  return { status: item?.status, version: item?.version, checks: checks?.n, entries: entries?.n };
}

describeOnDatabases(
  'money laundering at the counter',
  (ctx) => {
    let kit: Kit;
    let diamond = 0;
    let gold18 = 0;
    let leather = 0;
    let ring = 0;
    let bag = 0;
    beforeAll(async () => {
      kit = await prepareKit(ctx);
      const db = ctx.app.db;
      const material = async (code: string) =>
        (await db.select({ id: materials.id }).from(materials).where(eq(materials.code, code)))[0]?.id ?? 0;
      const category = async (code: string) =>
        (await db.select({ id: categories.id }).from(categories).where(eq(categories.code, code)))[0]?.id ?? 0;
      diamond = await material('diamond');
      gold18 = await material('gold_18k');
      leather = await material('leather');
      ring = await category('ring');
      bag = await category('bag');
    });

    /** An identified item of the given category and material, in its own enrollment. */
    const item = async (categoryId: number, materialId: number) => {
      const id = await insertAt(ctx, kit, 'identifiedQuick');
      await ctx.app.db.update(commodities).set({ categoryId, materialId }).where(eq(commodities.id, id));
      return id;
    };
    /** Items of one enrollment: one visit. */
    const visit = async (...kinds: [number, number][]) => {
      const ids: number[] = [];
      for (const [categoryId, materialId] of kinds) ids.push(await item(categoryId, materialId));
      const [first] = await ctx.app.db
        .select()
        .from(commodities)
        .where(eq(commodities.id, ids[0] ?? 0));
      await ctx.app.db
        .update(commodities)
        .set({ enrollmentId: first?.enrollmentId ?? 0 })
        .where(inArray(commodities.id, ids));
      return ids;
    };
    const entryOf = async (id: number) =>
      (await ctx.app.db.select().from(ledgerEntries).where(eq(ledgerEntries.commodityId, id)))[0];

    it('the demo catalog marks precious metals and stones, and not leather (施行令 §4)', async () => {
      const rows = await ctx.app.db.select({ code: materials.code, precious: materials.precious }).from(materials);
      const flag = Object.fromEntries(rows.map((row) => [row.code, row.precious]));
      for (const code of ['gold_24k', 'gold_18k', 'pt950', 'silver_925', 'diamond', 'pearl', 'ruby', 'emerald'])
        expect(flag[code], code).toBe(true);
      for (const code of ['leather', 'canvas', 'stainless_steel', 'titanium', 'ceramic'])
        expect(flag[code], code).toBe(false);
      const cats = await ctx.app.db
        .select({ code: categories.code, precious: categories.precious })
        .from(categories)
        .where(inArray(categories.code, ['gold_bar', 'loose_gem', 'bag']));
      expect(Object.fromEntries(cats.map((row) => [row.code, row.precious]))).toEqual({
        gold_bar: true,
        loose_gem: true,
        bag: false,
      });
    });

    it('every buyback records how it was paid: without it 400 payment_method, nothing written', async () => {
      const id = await item(bag, leather);
      const before = await footprint(ctx, id);
      const proof = await buybackProof(ctx, kit.recorder.token);
      const { payment_method: _, ...noMethod } = proof;
      const refused = await buy(ctx, kit.recorder, id, { price: 5000, currency: 'JPY', ...noMethod });
      expect(refused).toMatchObject({ status: 400, code: 5150, data: { field: 'payment_method' } });
      const wrong = await buy(ctx, kit.recorder, id, {
        price: 5000,
        currency: 'JPY',
        ...proof,
        payment_method: 'card',
      });
      expect(wrong).toMatchObject({ status: 400, data: { field: 'payment_method' } });
      expect(await footprint(ctx, id)).toEqual(before);

      const ok = await buy(ctx, kit.recorder, id, {
        price: 5000,
        currency: 'JPY',
        ...proof,
        payment_method: 'bank_transfer',
      });
      expect(ok.code).toBe(0);
      expect(await entryOf(id)).toMatchObject({
        paymentMethod: 'bank_transfer',
        amlVerified: false,
        transactionPurpose: '',
      });
    });

    it('2,000,000 JPY in cash exactly is not "above": no purpose asked', async () => {
      const id = await item(ring, diamond);
      const proof = await buybackProof(ctx, kit.recorder.token);
      const bought = await buy(ctx, kit.recorder, id, { price: LAW_THRESHOLD_JPY, currency: 'JPY', ...proof });
      expect(bought.code).toBe(0);
      expect(await entryOf(id)).toMatchObject({ paymentMethod: 'cash', amlVerified: false, transactionPurpose: '' });
    });

    it('2,000,001 JPY in cash for a diamond ring needs the purpose and the identity check; refused without, nothing written', async () => {
      const id = await item(ring, diamond);
      const before = await footprint(ctx, id);
      const proof = await buybackProof(ctx, kit.recorder.token);
      const price = { price: LAW_THRESHOLD_JPY + 1, currency: 'JPY' };

      const noPurpose = await buy(ctx, kit.recorder, id, { ...price, ...proof });
      expect(noPurpose).toMatchObject({ status: 400, code: 5152, data: { field: 'transaction_purpose' } });
      const blank = await buy(ctx, kit.recorder, id, { ...price, ...proof, transaction_purpose: '   ' });
      expect(blank).toMatchObject({ status: 400, code: 5152, data: { field: 'transaction_purpose' } });
      const noIdentity = await buy(ctx, kit.recorder, id, {
        ...price,
        ...proof,
        identity: null,
        transaction_purpose: 'Selling an inheritance',
      });
      expect(noIdentity).toMatchObject({ status: 400, code: 5151, data: { field: 'identity' } });
      expect(await footprint(ctx, id)).toEqual(before);

      const bought = await buy(ctx, kit.recorder, id, { ...price, ...proof, transaction_purpose: ' 相続品の売却 ' });
      expect(bought.code).toBe(0);
      const entry = await entryOf(id);
      expect(entry).toMatchObject({ paymentMethod: 'cash', amlVerified: true, transactionPurpose: '相続品の売却' });
      expect(entry?.identityCheckId).not.toBeNull();
      const [check] = await ctx.app.db
        .select()
        .from(identityChecks)
        .where(eq(identityChecks.id, entry?.identityCheckId ?? 0));
      // The Act's items: name, address, birth date and occupation.
      expect(check?.name).not.toBe('');
      expect(check?.address).not.toBe('');
      expect(check?.occupation).not.toBe('');
      expect(check?.birthDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    });

    it('a bank transfer above the threshold, or goods that are not precious, need no purpose', async () => {
      const transfer = await item(ring, gold18);
      const proof = await buybackProof(ctx, kit.recorder.token);
      const byBank = await buy(ctx, kit.recorder, transfer, {
        price: 2_500_000,
        currency: 'JPY',
        ...proof,
        payment_method: 'bank_transfer',
      });
      expect(byBank.code).toBe(0);
      expect(await entryOf(transfer)).toMatchObject({ amlVerified: false, paymentMethod: 'bank_transfer' });

      const handbag = await item(bag, leather);
      const leatherBag = await buy(ctx, kit.recorder, handbag, {
        price: 2_500_000,
        currency: 'JPY',
        ...(await buybackProof(ctx, kit.recorder.token)),
      });
      expect(leatherBag.code).toBe(0);
      expect(await entryOf(handbag)).toMatchObject({ amlVerified: false, paymentMethod: 'cash' });
    });

    it('counts the visit: 1,500,000 + 600,000 JPY in cash for two gold items of one enrollment is above; a bank transfer does not count', async () => {
      const [first = 0, second = 0] = await visit([ring, gold18], [ring, gold18]);
      const one = await buy(ctx, kit.recorder, first, {
        price: 1_500_000,
        currency: 'JPY',
        ...(await buybackProof(ctx, kit.recorder.token)),
      });
      expect(one.code).toBe(0);
      expect((await entryOf(first))?.amlVerified).toBe(false);

      // The preparation tells the page what the visit paid in cash so far.
      const prep = ctx.json(
        await ctx.app.inject({
          method: 'GET',
          url: `/api/commodities/${second}/buyback`,
          headers: bearer(kit.recorder.token),
        }),
      );
      expect(prep.data.aml).toEqual({
        precious: true,
        thresholds: { JPY: LAW_THRESHOLD_JPY },
        visit_cash_totals: { JPY: 1_500_000 },
      });

      const proof = await buybackProof(ctx, kit.recorder.token);
      const split = await buy(ctx, kit.recorder, second, { price: 600_000, currency: 'JPY', ...proof });
      expect(split).toMatchObject({ status: 400, code: 5152, data: { field: 'transaction_purpose' } });
      const bought = await buy(ctx, kit.recorder, second, {
        price: 600_000,
        currency: 'JPY',
        ...proof,
        transaction_purpose: 'Selling old jewelry',
      });
      expect(bought.code).toBe(0);
      expect((await entryOf(second))?.amlVerified).toBe(true);

      const [byBank = 0, cash = 0] = await visit([ring, gold18], [ring, gold18]);
      await buy(ctx, kit.recorder, byBank, {
        price: 1_500_000,
        currency: 'JPY',
        ...(await buybackProof(ctx, kit.recorder.token)),
        payment_method: 'bank_transfer',
      });
      const after = await buy(ctx, kit.recorder, cash, {
        price: 600_000,
        currency: 'JPY',
        ...(await buybackProof(ctx, kit.recorder.token)),
      });
      expect(after.code).toBe(0);
      expect((await entryOf(cash))?.amlVerified).toBe(false);
    });

    it('CNY has no such rule unless configured: 3,000,000 CNY in cash for gold needs no purpose', async () => {
      const id = await item(ring, gold18);
      const bought = await buy(ctx, kit.recorder, id, {
        price: 3_000_000,
        currency: 'CNY',
        ...(await buybackProof(ctx, kit.recorder.token)),
      });
      expect(bought.code).toBe(0);
      expect(await entryOf(id)).toMatchObject({ amlVerified: false, paymentMethod: 'cash' });
    });

    it('the ledger shows the payment method, "not recorded" for older entries, and the verification', async () => {
      const id = await item(ring, diamond);
      await buy(ctx, kit.recorder, id, {
        price: 3_000_000,
        currency: 'JPY',
        ...(await buybackProof(ctx, kit.recorder.token)),
        transaction_purpose: 'Investment',
      });
      const entry = await entryOf(id);
      const detail = ctx.json(
        await ctx.app.inject({
          method: 'GET',
          url: `/api/ledger/entries/${entry?.id}`,
          headers: bearer(kit.recorder.token),
        }),
      );
      expect(detail.data).toMatchObject({
        payment_method: 'cash',
        aml_verified: true,
        transaction_purpose: 'Investment',
      });
      const csv = await ctx.app.inject({
        method: 'GET',
        url: `/api/ledger/export?format=csv&lang=ja&from=${entry?.day}&to=${entry?.day}`,
        headers: bearer(kit.recorder.token),
      });
      expect(csv.body).toContain('支払方法');
      expect(csv.body).toContain('現金 / 取引時確認（目的：Investment）');
      // An entry written before the method was recorded reads "not recorded".
      const old = await insertLedgerEntry(ctx, kit, { day: '2024-02-02' });
      const oldCsv = await ctx.app.inject({
        method: 'GET',
        url: '/api/ledger/export?format=csv&lang=en&from=2024-02-02&to=2024-02-02',
        headers: bearer(kit.recorder.token),
      });
      // The shop's line, the period's, the titles, then the entry.
      expect(parseCsv(oldCsv.body)[3]?.fields).toContain('Not recorded');
      const oldDetail = ctx.json(
        await ctx.app.inject({
          method: 'GET',
          url: `/api/ledger/entries/${old.id}`,
          headers: bearer(kit.recorder.token),
        }),
      );
      expect(oldDetail.data).toMatchObject({ payment_method: null, aml_verified: false });
    });

    it('valuers and guests are not asked: the preparation is for staff recorders', async () => {
      const id = await item(ring, diamond);
      const response = await getDetail(ctx, kit.valuer1.token, id);
      expect(response.statusCode).toBe(200);
      const prep = await ctx.app.inject({
        method: 'GET',
        url: `/api/commodities/${id}/buyback`,
        headers: bearer(kit.valuer1.token),
      });
      expect(ctx.json(prep).code).toBe(2032);
    });
  },
  { identityCheck: SHOP_RULE },
);
