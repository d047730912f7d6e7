import type { BuybackPrep } from '@jewel/contract/buyback';
import { recycleSchema } from '@jewel/contract/commodity';
import { describe, expect, it } from 'vitest';
import {
  checkIdentity,
  checkNeeded,
  type IdentityValues,
  identityBody,
  identityFieldOf,
  initialIdentity,
  thresholdOf,
} from './buyback-model.ts';

const prep = (rule: BuybackPrep['identity_check']): BuybackPrep => ({
  customer: { id: 3, name: '田中', address: '東京都', occupation: '', birth_date: '1980-01-02' },
  identity_check: rule,
  today: '2026-11-26',
  recent_checks: [],
  item: { 'zh-Hans': '戒指', 'zh-Hant': '戒指', en: 'Ring', ja: 'リング' },
  any_price_reasons: [],
  visit_totals: {},
  aml: { precious: false, thresholds: { JPY: 2_000_000 }, visit_cash_totals: {} },
});

const filled: IdentityValues = {
  ...initialIdentity(prep({ always: true, thresholds: {} })),
  document_type: 'passport',
  document_number: ' TK1234567 ',
  document_pics: ['/api/private-files/p-0123456789abcdef0123456789abcdef.jpg?exp=1&sig=x'],
  occupation: '会社員',
  signed: true,
};

describe('the buyback part of the recycle form', () => {
  it('prefills from the customer record', () => {
    expect(initialIdentity(prep({ always: true, thresholds: {} }))).toMatchObject({
      name: '田中',
      address: '東京都',
      birth_date: '1980-01-02',
      reuse_check_id: null,
      signed: false,
    });
  });

  it('needs the check by the shop rule: always, at or above the threshold, or in a currency without one', () => {
    const above = prep({ always: false, thresholds: { CNY: 5000 } });
    expect(checkNeeded(above, 4999, 'CNY')).toBe(false);
    expect(checkNeeded(above, 5000, 'CNY')).toBe(true);
    expect(checkNeeded(above, 1, 'USD')).toBe(true);
    expect(checkNeeded(above, null, 'CNY')).toBe(false);
    expect(checkNeeded(above, null, 'USD')).toBe(true);
    expect(checkNeeded(prep({ always: true, thresholds: {} }), null, 'CNY')).toBe(true);
    expect(thresholdOf(above, 'CNY')).toBe(5000);
    expect(thresholdOf(above, 'USD')).toBeNull();
  });

  it('asks for every field of a new check, refuses a minor, and always for the signature', () => {
    expect(checkIdentity(filled, true, '2026-11-26')).toEqual({});
    expect(checkIdentity({ ...filled, signed: false }, false, '2026-11-26')).toEqual({
      signature: 'signatureRequired',
    });
    expect(checkIdentity({ ...filled, birth_date: '2008-11-27' }, true, '2026-11-26')).toEqual({
      birth_date: 'tooYoung',
    });
    expect(checkIdentity({ ...filled, birth_date: '2008-11-26' }, true, '2026-11-26')).toEqual({});
    expect(
      checkIdentity({ ...filled, document_type: null, document_number: '', document_pics: [] }, true, '2026-11-26'),
    ).toEqual({ document_type: 'chooseOne', document_number: 'required', document_pics: 'photoRequired' });
    // Today's check reused: nothing else asked.
    expect(
      checkIdentity({ ...initialIdentity(undefined), reuse_check_id: 9, signed: true }, true, '2026-11-26'),
    ).toEqual({});
  });

  it('sends what the contract takes, naming the private file', () => {
    const body = { version: 1, is_recycle: 1, price: 8000, currency: 'CNY', signature: `p-${'b'.repeat(32)}.png` };
    const sent = identityBody(filled, true);
    expect(sent.identity).toMatchObject({
      document_number: 'TK1234567',
      document_pics: ['p-0123456789abcdef0123456789abcdef.jpg'],
    });
    expect(recycleSchema.safeParse({ ...body, payment_method: 'cash', ...sent }).success).toBe(true);
    expect(identityBody({ ...filled, reuse_check_id: 4 }, true)).toEqual({ identity: null, identity_check_id: 4 });
    expect(identityBody(filled, false)).toEqual({ identity: null, identity_check_id: null });
  });

  it('counts the visit and the goods checked at any price (issue 27 items 2 and 3)', () => {
    const rule = { always: false, thresholds: { CNY: 5000, JPY: 10000 } };
    const visit = { ...prep(rule), visit_totals: { JPY: 6000 } };
    expect(checkNeeded(prep(rule), 6000, 'JPY')).toBe(false);
    expect(checkNeeded(visit, 6000, 'JPY')).toBe(true);
    expect(checkNeeded(visit, 3999, 'JPY')).toBe(false);
    expect(checkNeeded(visit, 4000, 'JPY')).toBe(true);
    const gold = {
      ...prep(rule),
      any_price_reasons: [
        {
          kind: 'material' as const,
          code: 'gold_18k',
          name: { 'zh-Hans': '18K金', 'zh-Hant': '18K金', en: '18K gold', ja: 'K18' },
        },
      ],
    };
    expect(checkNeeded(gold, 9999, 'JPY')).toBe(true);
    expect(checkNeeded(gold, 3000, 'CNY')).toBe(true);
    // Before a price: goods checked at any price already show the form.
    expect(checkNeeded(gold, null, 'CNY')).toBe(true);
  });

  it('names a My Number card by its expiry, never its number, and refuses an Individual Number', () => {
    const card: IdentityValues = { ...filled, document_type: 'my_number_card', document_number: '' };
    expect(checkIdentity(card, true, '2026-11-26')).toEqual({ document_expiry: 'required' });
    expect(checkIdentity({ ...card, document_expiry: '2026-11-25' }, true, '2026-11-26')).toEqual({
      document_expiry: 'expired',
    });
    expect(checkIdentity({ ...card, document_expiry: '2031-05-01' }, true, '2026-11-26')).toEqual({});
    // Worked by hand: 12345678901 → check digit 8.
    expect(checkIdentity({ ...filled, document_number: '1234 5678 9018' }, true, '2026-11-26')).toEqual({
      document_number: 'individualNumber',
    });
    expect(checkIdentity({ ...filled, document_number: '123456789010' }, true, '2026-11-26')).toEqual({});
    // A number typed before the card was chosen is not sent.
    const sent = identityBody({ ...card, document_number: 'AB12', document_expiry: '2031-05-01' }, true);
    expect(sent.identity).toMatchObject({
      document_type: 'my_number_card',
      document_number: '',
      document_expiry: '2031-05-01',
    });
    const body = { version: 1, is_recycle: 1, price: 8000, currency: 'CNY', signature: `p-${'b'.repeat(32)}.png` };
    expect(recycleSchema.safeParse({ ...body, payment_method: 'cash', declaration_lang: 'ja', ...sent }).success).toBe(
      true,
    );
    expect(identityBody(filled, true).identity?.document_expiry).toBeNull();
    expect(identityFieldOf('identity.document_expiry')).toBe('document_expiry');
  });

  it("puts the server's refusal under the field it names", () => {
    expect(identityFieldOf('identity.birth_date')).toBe('birth_date');
    expect(identityFieldOf('identity.document_pics.0')).toBe('document_pics');
    expect(identityFieldOf('identity')).toBe('document_type');
    expect(identityFieldOf('identity_check_id')).toBe('reuse_check_id');
    expect(identityFieldOf('signature')).toBe('signature');
    expect(identityFieldOf('price')).toBeNull();
  });
});
