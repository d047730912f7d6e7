import { appraisalInputSchema, recycleSchema } from '@jewel/contract/commodity';
import { describe, expect, it } from 'vitest';
import {
  type AppraisalFormValues,
  appraisalFromResult,
  checkAppraisal,
  checkRecycle,
  computeMetal,
  emptyAppraisal,
  finenessText,
  moneyProblem,
  parseAmount,
  problemsFromRefusal,
  toAppraisalInput,
} from './appraisal-model.ts';

const defaults = { currency: 'CNY', material_id: 3, product_status: null, weight_g: 12.5, purity: 0.75 } as const;

function filled(overrides: Partial<AppraisalFormValues> = {}): AppraisalFormValues {
  return {
    ...emptyAppraisal(defaults),
    is_real: 1,
    state_level: 'A',
    product_status: 2,
    price_low: '10000',
    price_high: '12000',
    ...overrides,
  };
}

describe('appraisal form checks mirror the contract', () => {
  it('an empty form asks for the verdict, the level, the status and both prices', () => {
    expect(checkAppraisal(emptyAppraisal(defaults))).toEqual({
      is_real: 'chooseOne',
      state_level: 'chooseOne',
      product_status: 'chooseOne',
      price_low: 'required',
      price_high: 'required',
    });
  });

  it('a complete form passes, and the contract accepts what it sends', () => {
    const values = filled();
    expect(checkAppraisal(values)).toEqual({});
    expect(appraisalInputSchema.safeParse(toAppraisalInput(values, 4)).success).toBe(true);
  });

  it('refuses a high price below the low one, as the contract does', () => {
    const values = filled({ price_low: '500', price_high: '400' });
    expect(checkAppraisal(values)).toEqual({ price_high: 'priceRangeInvalid' });
    const refused = appraisalInputSchema.safeParse(toAppraisalInput(values, 1));
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual(['priceRangeInvalid']);
  });

  it('asks for a reason unless genuine, and sends none when genuine', () => {
    expect(checkAppraisal(filled({ is_real: 2 }))).toEqual({ not_genuine_reason: 'notGenuineReasonRequired' });
    expect(checkAppraisal(filled({ is_real: 3, not_genuine_reason: 'other' }))).toEqual({});
    const genuine = toAppraisalInput(filled({ not_genuine_reason: 'stitching', not_genuine_note: 'x' }), 1);
    expect(genuine.not_genuine_reason).toBeNull();
    expect(genuine.not_genuine_note).toBe('');
  });

  it('yen in whole numbers; other currencies with at most two decimals', () => {
    expect(checkAppraisal(filled({ currency: 'JPY', price_low: '1000.5', price_high: '2000' }))).toEqual({
      price_low: 'wholeCurrencyRequired',
    });
    expect(checkAppraisal(filled({ currency: 'JPY', expected_sale_price: '3000.1' }))).toEqual({
      expected_sale_price: 'wholeCurrencyRequired',
    });
    expect(moneyProblem('12.345', 'USD')).toBe('tooManyDecimals');
    expect(moneyProblem('12.34', 'USD')).toBeNull();
    expect(moneyProblem('1000000001', 'CNY')).toBe('tooLarge');
    expect(moneyProblem('abc', 'CNY')).toBe('notANumber');
  });

  it('reads full-width digits and grouping commas', () => {
    expect(parseAmount('１２,０００')).toBe(12000);
    expect(parseAmount('1,234.5')).toBe(1234.5);
    expect(parseAmount('-3')).toBeNull();
  });
});

describe('metal calculator', () => {
  it('weight × fineness × spot price, rounded to the currency', () => {
    const metal = { weight_g: '12.5', fineness: '750', spot_price_per_g: '560.4', currency: 'CNY', at: null } as const;
    expect(computeMetal(metal)?.value).toBe(5253.75);
    expect(computeMetal({ ...metal, currency: 'JPY', spot_price_per_g: '12001' })?.value).toBe(112509);
    expect(computeMetal({ ...metal, fineness: '1200' })).toBeNull();
    expect(computeMetal({ ...metal, spot_price_per_g: '' })).toBeNull();
  });

  it('is prefilled from the weight and the material, and kept with its time in the input', () => {
    const values = emptyAppraisal(defaults);
    expect(values.metal.weight_g).toBe('12.5');
    expect(values.metal.fineness).toBe('750');
    expect(finenessText(0.999)).toBe('999');
    const at = '2026-11-21T10:00:00.000Z';
    const input = toAppraisalInput(filled({ metal: { ...values.metal, spot_price_per_g: '500', at } }), 2);
    expect(input.metal_calc).toEqual({
      weight_g: 12.5,
      purity: 0.75,
      spot_price_per_g: 500,
      currency: 'CNY',
      value: 4687.5,
      at,
    });
    expect(appraisalInputSchema.safeParse(input).success).toBe(true);
    expect(toAppraisalInput(filled(), 2).metal_calc).toBeNull();
  });
});

describe('prefill and refusals', () => {
  it('a result fills the form back', () => {
    const values = appraisalFromResult(
      {
        identified_material: { id: 5, name: 'Pt950' },
        is_real: 2,
        not_genuine_reason: 'hallmark_mismatch',
        not_genuine_note: 'stamp',
        state_level: 'B',
        product_status: 3,
        price_low: 800,
        price_high: 900,
        expected_sale_price: null,
        currency: 'JPY',
        report: 'r',
        metal_calc: null,
      },
      defaults,
    );
    expect(values).toMatchObject({
      identified_material_id: 5,
      is_real: 2,
      not_genuine_reason: 'hallmark_mismatch',
      state_level: 'B',
      price_low: '800',
      price_high: '900',
      expected_sale_price: '',
      currency: 'JPY',
    });
    expect(checkAppraisal(values)).toEqual({});
  });

  it("maps the server's issues onto the fields", () => {
    const data = {
      field: 'price_high',
      issues: [
        { field: 'price_high', message: 'priceRangeInvalid' },
        { field: 'metal_calc.value', message: 'Too big' },
        { field: 'unknown', message: 'x' },
      ],
    };
    expect(problemsFromRefusal(data, ['price_high', 'metal_calc'] as const)).toEqual({
      problems: { price_high: 'priceRangeInvalid' },
      other: { metal_calc: true },
    });
    expect(problemsFromRefusal(null, ['price_high'] as const)).toEqual({ problems: {}, other: {} });
  });

  it('recycle: a price when buying (whole yen), nothing when returning', () => {
    expect(checkRecycle({ is_recycle: null, price: '', currency: 'JPY' })).toEqual({ is_recycle: 'chooseOne' });
    expect(checkRecycle({ is_recycle: 1, price: '', currency: 'JPY' })).toEqual({ price: 'recyclePriceRequired' });
    expect(checkRecycle({ is_recycle: 1, price: '12000.5', currency: 'JPY' })).toEqual({
      price: 'wholeCurrencyRequired',
    });
    expect(checkRecycle({ is_recycle: 0, price: '', currency: 'JPY' })).toEqual({});
    // A buyback carries the seller's signature (docs/decisions.md "Buying lawfully") and how the
    // seller is paid (issue 27: every buyback records it).
    const buy = { version: 1, is_recycle: 1, price: 12000, currency: 'JPY' };
    const signature = `p-${'a'.repeat(32)}.png`;
    expect(recycleSchema.safeParse(buy).success).toBe(false);
    expect(recycleSchema.safeParse({ ...buy, signature }).success).toBe(false);
    expect(recycleSchema.safeParse({ ...buy, payment_method: 'cash' }).success).toBe(false);
    expect(recycleSchema.safeParse({ ...buy, signature, payment_method: 'cash' }).success).toBe(true);
    expect(recycleSchema.safeParse({ version: 1, is_recycle: 0 }).success).toBe(true);
  });
});
