import { namedEntryInputSchema } from '@jewel/contract/catalog-admin';
import { describe, expect, it } from 'vitest';
import { emptyEntry, entryProblems, purityOf, toEntryInput } from './entry-model.ts';

describe('a category’s or material’s form', () => {
  it('reads a purity as a share or as the hallmark writes it; anything else is a problem', () => {
    expect([purityOf('0.750'), purityOf('750'), purityOf('0,999'), purityOf(' '), purityOf('1')]).toEqual([
      0.75,
      0.75,
      0.999,
      null,
      1,
    ]);
    for (const wrong of ['abc', '0', '-0.5', '1500']) expect(purityOf(wrong), wrong).toBeNaN();
  });

  it('names each problem under its field, and sends what the contract takes', () => {
    const values = { ...emptyEntry(), code: 'Gold 18K', purity: 'x' };
    expect(entryProblems('materials', values)).toEqual({
      code: 'code',
      'name.zh-Hans': 'name',
      'name.zh-Hant': 'name',
      'name.en': 'name',
      'name.ja': 'name',
      purity: 'purity',
    });
    // A category has no purity: what was typed there is not its problem.
    expect(entryProblems('categories', values).purity).toBeUndefined();
    const filled = {
      ...values,
      code: ' k18 ',
      name: { 'zh-Hans': '18K金', 'zh-Hant': '18K金', en: ' Gold 18K ', ja: 'K18' },
      purity: '750',
    };
    expect(entryProblems('materials', filled)).toEqual({});
    const body = toEntryInput('materials', filled);
    expect(body).toMatchObject({ code: 'k18', purity: 0.75, name: { en: 'Gold 18K' } });
    expect(namedEntryInputSchema.safeParse(body).success).toBe(true);
    expect(toEntryInput('categories', filled).purity).toBeNull();
  });
});
