import { expect } from 'vitest';
import { managerCalls } from './manager-calls.ts';
import type { TestContext } from './test-app.ts';

/**
 * A shop with a name, a licence, an address and a phone of its own (issue 28 item 4), for the
 * tests of the documents that print them. The demo's currency, time zone and languages are kept,
 * so that a ledger's period and amounts read as the rest of its file expects.
 */
export const NAMED_SHOP = {
  name: '金桥典当行',
  licence_no: '沪典 310104001234',
  address: '上海市黄浦区南京东路 100 号',
  phone: '021-6000-0000',
} as const;

/** How each language prints the licence, written from the texts the shop's documents use. */
export const LICENCE_LINE = {
  'zh-Hans': `许可证号 ${NAMED_SHOP.licence_no}`,
  'zh-Hant': `許可證號 ${NAMED_SHOP.licence_no}`,
  en: `Licence no. ${NAMED_SHOP.licence_no}`,
  ja: `許可番号 ${NAMED_SHOP.licence_no}`,
} as const;

/** The demo's manager gives the shop the details above on its details page (`PUT /api/shop`). */
export async function nameTheShop(ctx: TestContext): Promise<void> {
  const { call, data } = managerCalls(ctx);
  const before = (await data('GET', '/api/shop')).details;
  const saved = await call('PUT', '/api/shop', { ...before, ...NAMED_SHOP });
  expect(saved.statusCode, saved.body).toBe(200);
}

/** The mark stamped across every page of a document of the demo's data, in the document's language. */
export const DEMO_WATERMARK = {
  'zh-Hans': '演示 DEMO',
  'zh-Hant': '演示 DEMO',
  en: 'DEMO',
  ja: 'デモ DEMO',
} as const;

/** The last cell of a CSV export's first line on the demo's data: the file has no page to stamp. */
export const DEMO_DATA_CELL = {
  'zh-Hans': '演示数据：这不是真实店铺的记录。',
  'zh-Hant': '示範資料：這不是真實店鋪的記錄。',
  en: 'Demo data: not the records of a real shop.',
  ja: 'デモデータです。実在の店舗の記録ではありません。',
} as const;
