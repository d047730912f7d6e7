import { eq, inArray } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { customers, identityChecks, ledgerEntries, uploads } from '../../db/schema.ts';
import { FIRST_BRANCH, nextLedgerNo } from '../../domain/branches.ts';
import { hintOf, seal } from '../../lib/identity-cipher.ts';
import { type Kit, photoUpload, prepareKit, register } from '../../test/commodity-kit.ts';
import { bearer, describeOnDatabases } from '../../test/test-app.ts';
import { type RetentionLog, runRetention } from './retention.ts';

/**
 * The records of the verification at transaction and of the transaction are kept 7 years
 * (犯罪収益移転防止法 §6(2): 確認記録, §7(3): 取引記録, "seven years" in the Act's text), longer than
 * the ledger's 3 years (古物営業法 §18) and the shop's 36 months of inactivity. The retention job's
 * clock is moved: +37 months and +6 years keep them, 7 years and a day blank them.
 */
const TRANSACTED = new Date('2026-01-10T03:00:00Z');
const after = (months: number, days = 0) => {
  const at = new Date(TRANSACTED);
  at.setUTCMonth(at.getUTCMonth() + months);
  at.setUTCDate(at.getUTCDate() + days);
  return at;
};
const quiet: RetentionLog = { info: () => {}, error: () => {} };

describeOnDatabases('retention of the money-laundering records', (ctx) => {
  let kit: Kit;
  const kept = { customer: 0, check: 0, entry: 0, photo: '' };
  const plain = { customer: 0, check: 0, entry: 0, photo: '' };

  const privateUpload = async (color: number) => {
    const { payload, contentType } = await photoUpload(color, { kind: 'document' });
    return ctx.json(
      await ctx.app.inject({
        method: 'POST',
        url: '/api/upload/private',
        headers: { ...bearer(kit.recorder.token), 'content-type': contentType },
        payload,
      }),
    ).data.name as string;
  };

  /** A customer last seen at TRANSACTED, a check with a photo and a ledger entry using it. */
  const seller = async (name: string, color: number, aml: boolean) => {
    const db = ctx.app.db;
    const commodity = await register(ctx, kit);
    const [customer] = await db
      .insert(customers)
      .values({
        name,
        phone: '09011112222',
        address: '東京都千代田区1-1',
        occupation: '会社員',
        birthDate: '1970-01-01',
        createdBy: kit.recorder.id,
        branchId: FIRST_BRANCH,
        createdAt: TRANSACTED,
        updatedAt: TRANSACTED,
        lastActivityAt: TRANSACTED,
      })
      .returning({ id: customers.id });
    const customerId = customer?.id ?? 0;
    const photo = await privateUpload(color);
    const [check] = await db
      .insert(identityChecks)
      .values({
        customerId,
        documentType: 'drivers_licence',
        documentNumberSealed: seal('DL-55667788', ctx.config.identityKey),
        documentNumberHint: hintOf('DL-55667788'),
        documentPics: [photo],
        name,
        address: '東京都千代田区1-1',
        occupation: '会社員',
        birthDate: '1970-01-01',
        checkedBy: kit.recorder.id,
        createdAt: TRANSACTED,
      })
      .returning({ id: identityChecks.id });
    const checkId = check?.id ?? 0;
    await db
      .update(uploads)
      .set({ boundTo: `identity_check:${checkId}` })
      .where(eq(uploads.name, photo));
    const text = { 'zh-Hans': '钻石戒指', 'zh-Hant': '鑽石戒指', en: 'Diamond ring', ja: 'ダイヤモンドリング' };
    const [entry] = await db
      .insert(ledgerEntries)
      .values({
        branchId: FIRST_BRANCH,
        branchNo: await nextLedgerNo(db, FIRST_BRANCH),
        transactedAt: TRANSACTED,
        day: '2026-01-10',
        commodityId: commodity.id,
        commodityNo: commodity.no,
        item: text,
        features: text,
        price: aml ? 2_500_000 : 120_000,
        currency: 'JPY',
        customerId,
        identityCheckId: checkId,
        sellerName: name,
        sellerAddress: '東京都千代田区1-1',
        sellerOccupation: '会社員',
        sellerAge: 56,
        identityMethod: 'drivers_licence',
        identityDocumentHint: '7788',
        recorderId: kit.recorder.id,
        paymentMethod: 'cash',
        amlVerified: aml,
        transactionPurpose: aml ? '資産の売却' : '',
      })
      .returning({ id: ledgerEntries.id });
    return { customer: customerId, check: checkId, entry: entry?.id ?? 0, photo };
  };

  const stateOf = async (who: typeof kept) => {
    const [entry] = await ctx.app.db.select().from(ledgerEntries).where(eq(ledgerEntries.id, who.entry));
    const [check] = await ctx.app.db.select().from(identityChecks).where(eq(identityChecks.id, who.check));
    return {
      entryName: entry?.sellerName,
      purpose: entry?.transactionPurpose,
      entryBlanked: entry?.anonymizedAt !== null,
      checkName: check?.name,
      checkPics: check?.documentPics.length,
      photo: (await ctx.app.storage.get(who.photo)) !== null,
    };
  };
  const whole = {
    entryName: '佐藤 一郎',
    purpose: '資産の売却',
    entryBlanked: false,
    checkName: '佐藤 一郎',
    checkPics: 1,
    photo: true,
  };

  beforeAll(async () => {
    kit = await prepareKit(ctx);
    Object.assign(kept, await seller('佐藤 一郎', 120, true));
    Object.assign(plain, await seller('田中 次郎', 160, false));
  });

  const run = (now: Date) => runRetention(ctx.app.db, ctx.app.storage, { now, retentionMonths: 36, log: quiet });

  it('+37 months: the ordinary entry and check are blanked, the verified ones kept whole', async () => {
    await run(after(37));
    expect(await stateOf(kept)).toEqual(whole);
    expect(await stateOf(plain)).toMatchObject({
      entryName: '',
      entryBlanked: true,
      checkName: '',
      checkPics: 0,
      photo: false,
    });
    const [customer] = await ctx.app.db.select().from(customers).where(eq(customers.id, kept.customer));
    expect(customer?.name).toBe('');
  });

  it('+6 years: still kept whole', async () => {
    await run(after(72));
    expect(await stateOf(kept)).toEqual(whole);
  });

  it('7 years less a day: still kept; 7 years and a day: blanked, the photo removed', async () => {
    await run(after(84, -1));
    expect(await stateOf(kept)).toEqual(whole);
    const counts = await run(after(84, 1));
    expect(counts).toMatchObject({ identityChecks: 1, ledgerEntries: 1 });
    expect(await stateOf(kept)).toEqual({
      entryName: '',
      purpose: '',
      entryBlanked: true,
      checkName: '',
      checkPics: 0,
      photo: false,
    });
    // What the transaction was stays (date, item, price, payment method and the mark).
    const [entry] = await ctx.app.db
      .select()
      .from(ledgerEntries)
      .where(inArray(ledgerEntries.id, [kept.entry]));
    expect(entry).toMatchObject({ price: 2_500_000, paymentMethod: 'cash', amlVerified: true });
  });
});
