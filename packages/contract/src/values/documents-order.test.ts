import { describe, expect, it } from 'vitest';
import { documentsInShopOrder, IDENTITY_DOCUMENT_TYPES } from './buyback.ts';

// Issue 29 item 11: "the buyback form lists the documents most used in the shop's country first
// (resident ID card in China, driving licence and My Number card in Japan)".
describe('documentsInShopOrder', () => {
  it('a shop in mainland China (CNY) offers the resident identity card first, then a passport', () => {
    expect(documentsInShopOrder('CNY').slice(0, 2)).toEqual(['resident_identity_card', 'passport']);
  });

  it('a shop in Japan (JPY) offers the driving licence, then the My Number card', () => {
    expect(documentsInShopOrder('JPY').slice(0, 2)).toEqual(['drivers_licence', 'my_number_card']);
  });

  it('every document stays offered once, whatever the currency, "other" last', () => {
    for (const currency of ['CNY', 'JPY', 'HKD', undefined]) {
      const order = documentsInShopOrder(currency);
      expect([...order].sort()).toEqual([...IDENTITY_DOCUMENT_TYPES].sort());
      expect(order.at(-1)).toBe('other');
    }
  });
});
