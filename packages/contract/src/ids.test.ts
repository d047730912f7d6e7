import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { queryIdSchema } from './input.ts';
import { parseId, parseIds } from './values/ids.ts';

describe('parseId: an id from the address', () => {
  it('takes digits from 1 to 2,147,483,647 (PostgreSQL integer) and nothing else', () => {
    const table: [string | null | undefined, number | null][] = [
      ['1', 1],
      ['12', 12],
      ['007', 7],
      ['2147483647', 2_147_483_647],
      ['2147483648', null],
      ['99999999999', null],
      ['0', null],
      ['-1', null],
      ['+1', null],
      ['1.5', null],
      ['1e3', null],
      ['0x10', null],
      [' 7', null],
      ['7 ', null],
      ['', null],
      [null, null],
      [undefined, null],
      ['abc', null],
    ];
    for (const [value, expected] of table) expect(parseId(value), String(value)).toBe(expected);
  });

  it('whatever it accepts, the contract accepts as the same id', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        const id = parseId(value);
        if (id !== null) expect(queryIdSchema.parse(value)).toBe(id);
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2_147_483_647 }), (id) => {
        expect(parseId(String(id))).toBe(id);
      }),
    );
  });
});

describe('parseIds: a list of ids from the address', () => {
  it('keeps the ids parseId takes, each once, in order, at most as many as asked', () => {
    expect(parseIds('3,5, 8,3,0,-2,x,1.5,,2147483648,9', 10)).toEqual([3, 5, 8, 9]);
    expect(parseIds('1,2,3,4', 2)).toEqual([1, 2]);
    expect(parseIds(null, 5)).toEqual([]);
    expect(parseIds('', 5)).toEqual([]);
  });
});
