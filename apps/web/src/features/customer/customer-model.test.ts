import { customerInputSchema } from '@jewel/contract/customer';
import { OCCUPATION_MAX } from '@jewel/contract/values/customer';
import { TEXT_MAX } from '@jewel/contract/values/limits';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CustomerValues, checkCustomer, emptyCustomer, toCustomerInput } from './customer-model.ts';

/**
 * Text as it reaches a field, typed or pasted: letters, CJK, emoji, tabs and spaces at either
 * end; now and then a character the contract refuses (controls, lone surrogates) among them.
 */
const typed = fc.oneof(
  { weight: 8, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }) },
  { weight: 2, arbitrary: fc.constantFrom(' ', '\t', '字', 'é', '😀', '\u00a0', '\u3000') },
);
const refused = fc.constantFrom('\u0000', '\u0007', '\u000b', '\u007f', '\ud800', '\udfff');
const textUpTo = (max: number) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.string({ unit: typed, maxLength: max + 5 }) },
    { weight: 1, arbitrary: fc.string({ unit: fc.oneof(typed, refused), minLength: 1, maxLength: 10 }) },
    { weight: 1, arbitrary: fc.constantFrom('', ' ', 'a'.repeat(max), ` ${'字'.repeat(max)} `, 'a'.repeat(max + 1)) },
  );
const phone = fc.oneof(
  { weight: 3, arbitrary: fc.stringMatching(/^ ?\+?[0-9][0-9 -]{5,19} ?$/) },
  { weight: 1, arbitrary: textUpTo(20) },
);
/** Days as a date input gives them (any year it lets one type), and text that only looks like one. */
const day = fc.oneof(
  { weight: 2, arbitrary: fc.constant('') },
  {
    weight: 4,
    arbitrary: fc
      .tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }))
      .map(([y, m, d]) => `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`),
  },
  { weight: 1, arbitrary: fc.stringMatching(/^\d{4}-\d{2}-\d{2}$/) },
  { weight: 1, arbitrary: textUpTo(12) },
);
const values: fc.Arbitrary<CustomerValues> = fc.record({
  name: textUpTo(TEXT_MAX.personName),
  phone,
  address: textUpTo(TEXT_MAX.address),
  occupation: textUpTo(OCCUPATION_MAX),
  birth_date: day,
});

describe('the customer form and the contract', () => {
  it('whatever the form lets through, customerInputSchema accepts', () => {
    let accepted = 0;
    fc.assert(
      fc.property(values, (entered) => {
        if (Object.keys(checkCustomer(entered)).length > 0) return;
        accepted += 1;
        const parsed = customerInputSchema.safeParse(toCustomerInput(entered));
        expect(parsed.error?.issues ?? []).toEqual([]);
      }),
      { numRuns: 300 },
    );
    // The property says nothing if the form refused (nearly) everything.
    expect(accepted).toBeGreaterThan(30);
  });

  it('an empty form asks for the name and the phone only', () => {
    expect(checkCustomer(emptyCustomer())).toEqual({ name: 'invalid', phone: 'invalid' });
  });

  it('refuses control characters and days that do not exist, as the contract does', () => {
    const filled = emptyCustomer({ name: 'Li Lei', phone: '138 0013 8000' });
    expect(checkCustomer(filled)).toEqual({});
    expect(checkCustomer({ ...filled, name: 'Li\u0007Lei', address: 'Main St\u0000' })).toEqual({
      name: 'characters',
      address: 'characters',
    });
    // A tab or a line break is text; spaces around are trimmed before the check.
    expect(checkCustomer({ ...filled, occupation: '  Jeweller\tretired ' })).toEqual({});
    for (const birth_date of ['2026-02-30', '0999-12-31', '9999-01-01'])
      expect(checkCustomer({ ...filled, birth_date }), birth_date).toEqual({ birth_date: 'invalid' });
    expect(checkCustomer({ ...filled, birth_date: '1964-02-29' })).toEqual({});
  });

  it('sends texts trimmed and no birth date as null', () => {
    expect(toCustomerInput(emptyCustomer({ name: ' Li Lei ', phone: ' 138 0013 8000 ', address: ' x ' }))).toEqual({
      name: 'Li Lei',
      phone: '138 0013 8000',
      address: 'x',
      occupation: '',
      birth_date: null,
    });
  });
});
