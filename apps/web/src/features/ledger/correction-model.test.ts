import { type LedgerEntryDetail, ledgerCorrectionSchema } from '@jewel/contract/ledger';
import { OCCUPATION_MAX } from '@jewel/contract/values/customer';
import { CURRENCIES } from '@jewel/contract/values/dictionary';
import { LEDGER_IDENTITY_METHODS } from '@jewel/contract/values/ledger';
import { MONEY_MAX, TEXT_MAX } from '@jewel/contract/values/limits';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CorrectionDraft, draftOf, readCorrection } from './correction-model.ts';
import { entry } from './test-entry.ts';

/**
 * Text as it reaches a field, typed or pasted: letters, CJK, emoji, tabs and spaces at either
 * end; now and then a character the contract refuses (controls, lone surrogates) among them.
 */
const typed = fc.oneof(
  { weight: 8, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }) },
  { weight: 2, arbitrary: fc.constantFrom(' ', '\t', '\n', '字', 'é', '😀', '\u00a0', '\u3000') },
);
const refused = fc.constantFrom('\u0000', '\u0007', '\u000b', '\u007f', '\ud800', '\udfff');
const textUpTo = (max: number) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.string({ unit: typed, maxLength: Math.min(max, 60) + 5 }) },
    { weight: 1, arbitrary: fc.string({ unit: fc.oneof(typed, refused), minLength: 1, maxLength: 10 }) },
    { weight: 1, arbitrary: fc.constantFrom('', ' ', 'a'.repeat(max), ` ${'字'.repeat(max)} `, 'a'.repeat(max + 1)) },
  );
/** Numbers as typed: digits, signs, decimals, exponents, spaces; and any text. */
const numberText = (max: number) =>
  fc.oneof(
    fc.integer({ min: -5, max: max * 2 }).map(String),
    fc.stringMatching(/^ ?-?\d{1,11}(\.\d{0,3})? ?$/),
    fc.constantFrom('1e2', '0x10', '-0', '+7', '٣', '１２', 'Infinity', 'NaN', String(MONEY_MAX), `${MONEY_MAX}.01`),
    textUpTo(6),
  );

/**
 * An entry as the server sends it (long texts copied from a buyback, an emptied anonymized name,
 * an older currency or identity method), and a draft of it with some fields changed.
 */
const opened = fc
  .record({
    seller_name: fc.oneof(fc.constant(''), textUpTo(TEXT_MAX.personName)),
    seller_address: textUpTo(TEXT_MAX.address),
    seller_occupation: fc.oneof(textUpTo(OCCUPATION_MAX), fc.constant('o'.repeat(OCCUPATION_MAX + 1))),
    seller_age: fc.option(fc.integer({ min: 0, max: 1000 })),
    item: fc.oneof(textUpTo(TEXT_MAX.productName), fc.constant(`Ring / Cartier / ${'p'.repeat(TEXT_MAX.productName)}`)),
    features: textUpTo(TEXT_MAX.remark),
    quantity: fc.integer({ min: 1, max: 10_000 }),
    price: fc.integer({ min: 0, max: MONEY_MAX * 100 }).map((cents) => cents / 100),
    currency: fc.constantFrom(...CURRENCIES, 'HKD'),
    identity_method: fc.constantFrom(...LEDGER_IDENTITY_METHODS, 'seal_certificate'),
  })
  .chain((fields) => {
    const opened: LedgerEntryDetail = { ...entry, ...fields };
    const start = draftOf(opened);
    const keepOr = <T extends string>(field: keyof CorrectionDraft, other: fc.Arbitrary<T>) =>
      fc.oneof({ weight: 2, arbitrary: fc.constant(start[field]) }, { weight: 1, arbitrary: other });
    const draft: fc.Arbitrary<CorrectionDraft> = fc.record({
      seller_name: keepOr('seller_name', textUpTo(TEXT_MAX.personName)),
      seller_address: keepOr('seller_address', textUpTo(TEXT_MAX.address)),
      seller_occupation: keepOr('seller_occupation', textUpTo(OCCUPATION_MAX + 1)),
      seller_age: keepOr('seller_age', numberText(150)),
      item: keepOr('item', textUpTo(TEXT_MAX.productName)),
      features: keepOr('features', textUpTo(TEXT_MAX.remark)),
      quantity: keepOr('quantity', numberText(10_000)),
      price: keepOr('price', numberText(MONEY_MAX)),
      // Pickers: one of their options, or the entry's value left as it was.
      currency: fc.constantFrom(...CURRENCIES, start.currency),
      identity_method: fc.constantFrom(...LEDGER_IDENTITY_METHODS, start.identity_method),
      reason: fc.oneof(
        { weight: 1, arbitrary: textUpTo(TEXT_MAX.remark) },
        { weight: 2, arbitrary: fc.constant('typo') },
      ),
    });
    return draft.map((values) => ({ entry: opened, draft: values }));
  });

describe('the correction form and the contract', () => {
  it('whatever the form lets through, ledgerCorrectionSchema accepts', () => {
    let accepted = 0;
    fc.assert(
      fc.property(opened, ({ entry: opened, draft }) => {
        const { problems, body } = readCorrection(draft, opened);
        if (Object.keys(problems).length > 0) return;
        accepted += 1;
        const parsed = ledgerCorrectionSchema.safeParse(body);
        expect(parsed.error?.issues ?? []).toEqual([]);
      }),
      { numRuns: 300 },
    );
    // The property says nothing if the form refused (nearly) everything.
    expect(accepted).toBeGreaterThan(30);
  });

  it('asks for a reason, and for a change once the reason is there', () => {
    expect(readCorrection(draftOf(entry), entry).problems).toEqual({ reason: 'reasonRequired' });
    expect(readCorrection({ ...draftOf(entry), reason: ' typo ' }, entry).problems).toEqual({ form: 'nothingChanged' });
  });

  it('sends only what differs, trimmed, with numbers as numbers', () => {
    const draft = { ...draftOf(entry), seller_address: ' 221B Baker Street ', price: '1200.50', reason: 'typo' };
    const { problems, body } = readCorrection(draft, entry);
    expect(problems).toEqual({});
    expect(body).toEqual({ seller_address: '221B Baker Street', price: 1200.5, reason: 'typo' });
  });

  it('corrects whatever a buyback wrote, and refuses more than the contract takes', () => {
    // A buyback copies the customer's occupation, up to the customer record's 60 characters, into
    // the entry: one character off it is a correction the contract takes.
    const long = { ...entry, seller_occupation: 'o'.repeat(OCCUPATION_MAX) };
    const draft = { ...draftOf(long), seller_occupation: 'o'.repeat(OCCUPATION_MAX - 1), reason: 'typo' };
    const { problems, body } = readCorrection(draft, long);
    expect(problems).toEqual({});
    expect(ledgerCorrectionSchema.safeParse(body).success).toBe(true);
    // A reason is a remark: 500 characters at most.
    expect(readCorrection({ ...draftOf(entry), reason: 'r'.repeat(501) }, entry).problems).toEqual({
      reason: 'tooLong',
    });
  });

  it('refuses characters the API refuses, in any text', () => {
    const draft = { ...draftOf(entry), seller_name: 'Jane\u0000Smith', reason: 'typo\ud800' };
    expect(readCorrection(draft, entry).problems).toEqual({ seller_name: 'characters', reason: 'characters' });
  });
});
