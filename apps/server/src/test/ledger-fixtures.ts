import type { I18nText } from '@jewel/contract/values/i18n';
import { customers, ledgerEntries } from '../db/schema.ts';
import { FIRST_BRANCH, nextLedgerNo } from '../domain/branches.ts';
import { type Kit, photoUpload, register } from './commodity-kit.ts';
import { bearer, type TestContext } from './test-app.ts';

/**
 * Ledger entries for tests of the ledger's read side, written straight into the table as the
 * buyback would (the buyback itself is built elsewhere): a commodity enrolled through the kit,
 * a customer, and one row with the §16 columns.
 */

const everywhere = (text: string): I18nText => ({ 'zh-Hans': text, 'zh-Hant': text, en: text, ja: text });

export interface LedgerFixture {
  id: number;
  customerId: number;
  commodityId: number;
  commodityNo: string;
}

/** A private signature upload of the kit's recorder: its stored name. */
export async function uploadSignature(ctx: TestContext, kit: Kit): Promise<string> {
  const { payload, contentType } = await photoUpload(200, { kind: 'signature' });
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/upload/private',
    headers: { ...bearer(kit.recorder.token), 'content-type': contentType },
    payload,
  });
  return ctx.json(response).data.name;
}

export async function insertLedgerEntry(
  ctx: TestContext,
  kit: Kit,
  options: {
    day?: string;
    sellerName?: string;
    item?: I18nText;
    signature?: string | null;
    customerId?: number;
    values?: Partial<typeof ledgerEntries.$inferInsert>;
  } = {},
): Promise<LedgerFixture> {
  const db = ctx.app.db;
  const commodity = await register(ctx, kit);
  const day = options.day ?? '2026-11-20';
  let customerId = options.customerId;
  if (customerId === undefined) {
    const [customer] = await db
      .insert(customers)
      .values({
        name: options.sellerName ?? '山田 太郎',
        phone: '09012345678',
        address: '東京都台東区上野1-2-3',
        occupation: '会社員',
        birthDate: '1980-04-01',
        createdBy: kit.recorder.id,
        branchId: FIRST_BRANCH,
      })
      .returning({ id: customers.id });
    customerId = customer?.id ?? 0;
  }
  const [row] = await db
    .insert(ledgerEntries)
    .values({
      branchId: FIRST_BRANCH,
      branchNo: await nextLedgerNo(db, FIRST_BRANCH),
      transactedAt: new Date(`${day}T14:05:00+08:00`),
      day,
      commodityId: commodity.id,
      commodityNo: commodity.no,
      item: options.item ?? {
        'zh-Hans': '手镯 卡地亚 Love',
        'zh-Hant': '手鐲 卡地亞 Love',
        en: 'Bracelet, Cartier Love',
        ja: 'ブレスレット カルティエ ラブ',
      },
      quantity: 1,
      features: everywhere('18K YG, 17 cm, serial MX1234, light scratches'),
      price: 120000,
      currency: 'JPY',
      customerId,
      sellerName: options.sellerName ?? '山田 太郎',
      sellerAddress: '東京都台東区上野1-2-3',
      sellerOccupation: '会社員',
      sellerAge: 46,
      identityMethod: 'drivers_licence',
      identityDocumentHint: '1234',
      signature: options.signature ?? null,
      recorderId: kit.recorder.id,
      ...options.values,
    })
    .returning({ id: ledgerEntries.id });
  return { id: row?.id ?? 0, customerId, commodityId: commodity.id, commodityNo: commodity.no };
}
