import { shopRulesSchema } from '@jewel/contract/shop';
import { CURRENCIES } from '@jewel/contract/values/dictionary';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkRules, fromShopRules, type RulesValues, sameRules, toShopRules } from './shop-rules-model.ts';

/** Amounts and months as typed: digits (half- and full-width), empty, signs, decimals, too many digits, words. */
const typedNumber = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 0, max: 2_000_000_000 }).map(String) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      '０',
      '６０',
      '-1',
      '1.5',
      '1e3',
      '601',
      '0',
      ' 36 ',
      'abc',
      '１２３４５６７８９０１',
    ),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
);
const values: fc.Arbitrary<RulesValues> = fc.record({
  always: fc.boolean(),
  thresholds: fc.record(
    Object.fromEntries(CURRENCIES.map((code) => [code, typedNumber])) as Record<
      (typeof CURRENCIES)[number],
      fc.Arbitrary<string>
    >,
  ),
  retention_months: fc.oneof({ weight: 3, arbitrary: fc.integer({ min: 1, max: 600 }).map(String) }, typedNumber),
  watch_ack_single_person: fc.boolean(),
  managers_strong_sign_in: fc.boolean(),
});

describe("the shop rules' form", () => {
  it('sends only what the contract accepts, and refuses what it would refuse', () => {
    let accepted = 0;
    fc.assert(
      fc.property(values, (entered) => {
        const problems = checkRules(entered);
        if (Object.keys(problems).length > 0) return;
        accepted += 1;
        expect(shopRulesSchema.safeParse(toShopRules(entered)).success).toBe(true);
      }),
      { numRuns: 500 },
    );
    // Enough forms passed to say something.
    expect(accepted).toBeGreaterThan(50);
  });

  it('opens with the rules as the server keeps them, and sends them back unchanged', () => {
    const kept = {
      identity_check: { always: false, thresholds: { CNY: 5000, JPY: 100_000 } },
      retention_months: 60,
      watch_ack_single_person: true,
      managers_strong_sign_in: false,
    };
    const opened = fromShopRules(kept);
    expect(opened.thresholds).toEqual({ CNY: '5000', USD: '', JPY: '100000' });
    expect(toShopRules(opened)).toEqual(kept);
  });

  it('names the fields out of bounds: months from 1 to 600, amounts whole and not negative', () => {
    const base = fromShopRules({
      identity_check: { always: false, thresholds: {} },
      retention_months: 36,
      watch_ack_single_person: false,
      managers_strong_sign_in: false,
    });
    expect(checkRules({ ...base, retention_months: '0' })).toEqual({ retention_months: 'months' });
    expect(checkRules({ ...base, retention_months: '601' })).toEqual({ retention_months: 'months' });
    expect(checkRules({ ...base, retention_months: '６０' })).toEqual({});
    expect(checkRules({ ...base, thresholds: { CNY: '-5', USD: '1.5', JPY: '' } })).toEqual({
      threshold_CNY: 'amount',
      threshold_USD: 'amount',
    });
    // Always checked: the amounts do not count, and none is sent.
    const always = { ...base, always: true, thresholds: { CNY: 'x', USD: '', JPY: '' } };
    expect(checkRules(always)).toEqual({});
    expect(toShopRules(always).identity_check).toEqual({ always: true, thresholds: {} });
  });

  it('tells the same rules whatever the order of their currencies, and a change from none', () => {
    const kept = {
      identity_check: { always: false, thresholds: { JPY: 1, CNY: 2 } },
      retention_months: 6,
      watch_ack_single_person: false,
      managers_strong_sign_in: false,
    };
    expect(sameRules(kept, { ...kept, identity_check: { always: false, thresholds: { CNY: 2, JPY: 1 } } })).toBe(true);
    expect(sameRules(kept, { ...kept, identity_check: { always: false, thresholds: { CNY: 2 } } })).toBe(false);
    expect(sameRules(kept, { ...kept, retention_months: 7 })).toBe(false);
    expect(sameRules(kept, { ...kept, watch_ack_single_person: true })).toBe(false);
    expect(sameRules(kept, { ...kept, managers_strong_sign_in: true })).toBe(false);
  });
});
