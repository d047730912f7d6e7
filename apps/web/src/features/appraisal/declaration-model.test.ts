import type { BuybackPrep } from '@jewel/contract/buyback';
import { describe, expect, it } from 'vitest';
import { initialIdentity } from './buyback-model.ts';
import { declarationText } from './declaration-model.ts';

/** Issue 27 item 4: the declaration the signing view shows, from what the buyback sends. */
const prep: BuybackPrep = {
  customer: { id: 3, name: '田中 一郎', address: '東京都台東区上野 1-1', occupation: '', birth_date: '1980-01-02' },
  identity_check: { always: false, thresholds: { JPY: 100000 } },
  today: '2026-11-28',
  recent_checks: [
    {
      id: 9,
      document_type: 'passport',
      document_hint: '4567',
      name: '田中 一郎',
      address: '大阪府大阪市北区梅田 1-1',
      occupation: '自営業',
      birth_date: '1970-06-01',
      checked_at: '2026-11-28T01:00:00.000Z',
    },
  ],
  item: { 'zh-Hans': '戒指 / 卡地亚', 'zh-Hant': '戒指 / 卡地亞', en: 'Ring / Cartier', ja: 'リング / カルティエ' },
  any_price_reasons: [],
  visit_totals: {},
  aml: { precious: false, thresholds: { JPY: 2_000_000 }, visit_cash_totals: {} },
};

describe('the declaration the seller signs', () => {
  it('below the threshold names the customer record, their age on the shop day, the item and its price', () => {
    const values = { ...initialIdentity(prep), price: '98000', currency: 'JPY' };
    expect(declarationText('ja', values, prep, false)).toBe(
      [
        '売却申込書',
        '氏名：田中 一郎',
        '住所：東京都台東区上野 1-1',
        '職業：記載なし',
        '年齢：46歳',
        '売却品目及び代価：',
        '・リング / カルティエ　98,000 JPY',
        '私は、上記の品物が私の所有物であることに相違なく、私自身の意思により貴店に売却いたします。',
      ].join('\n'),
    );
  });

  it("with today's check reused names that check's details, in the language chosen", () => {
    const values = { ...initialIdentity(prep), reuse_check_id: 9, price: '120000.5', currency: 'CNY' };
    expect(declarationText('en', values, prep, true)?.split('\n')).toEqual([
      "Seller's declaration",
      'Name: 田中 一郎',
      'Address: 大阪府大阪市北区梅田 1-1',
      'Occupation: 自営業',
      'Age: 56',
      'Items sold and prices:',
      '・Ring / Cartier　120,000.50 CNY',
      'I declare that I own the items listed above and that I sell them to this shop of my own free will.',
    ]);
  });

  it('is not shown before there is a price', () => {
    expect(declarationText('zh-Hans', { ...initialIdentity(prep), price: '', currency: 'JPY' }, prep, false)).toBe(
      null,
    );
  });
});
