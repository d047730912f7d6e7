/**
 * A verdict as a valuer sends it (`appraisalInputSchema`): genuine, level A, ¥20,000 – ¥24,000,
 * an expected sale price and a report; `overrides` changes it. Without imports, so that the
 * browser journeys (apps/web/e2e) send the same one as the server's tests.
 */
export function verdict(overrides: Record<string, unknown> = {}) {
  return {
    is_real: 1,
    state_level: 'A',
    product_status: 2,
    price_low: 20000,
    price_high: 24000,
    expected_sale_price: 26000,
    currency: 'CNY',
    report: 'Hallmarks, screws and weight consistent.',
    ...overrides,
  };
}
