import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { calendarDate, INT_MAX, idSchema, isCleanText, queryIdSchema, text, timestamp, whenValid } from './input.ts';
import { isCalendarDate } from './values/text.ts';

describe('text()', () => {
  const name = z.object({ name: text().trim().min(1).max(10) });

  it('takes any printable text, tabs, line breaks, emoji and C1 characters', () => {
    for (const value of ['张女士', 'a\tb', 'line\nline\r\n', 'ring 💍', 'é\u0085', '\u00a0x']) {
      expect(text().safeParse(value).success, JSON.stringify(value)).toBe(true);
    }
  });

  it('refuses NUL, the other C0 controls, DEL and lone surrogates, naming the field', () => {
    const refused = [
      'a\u0000',
      '\u0001',
      '\u0008',
      '\u000b',
      '\u000c',
      '\u000e',
      '\u001f',
      '\u007f',
      'a\ud800',
      '\udfff',
    ];
    for (const value of refused) {
      const result = name.safeParse({ name: value });
      expect(result.success, JSON.stringify(value)).toBe(false);
      expect(result.error?.issues[0]?.path, JSON.stringify(value)).toEqual(['name']);
      expect(isCleanText(value)).toBe(false);
    }
    // A surrogate pair is one character, not two lone halves.
    expect(isCleanText('\ud83d\udc8d')).toBe(true);
    expect(isCleanText('\udc8d\ud83d')).toBe(false);
  });

  it('still trims and counts after the check', () => {
    expect(name.parse({ name: '  Ann  ' })).toEqual({ name: 'Ann' });
    expect(name.safeParse({ name: 'x'.repeat(11) }).success).toBe(false);
  });
});

describe('ids', () => {
  it('are positive integers an integer column holds', () => {
    expect(INT_MAX).toBe(2_147_483_647);
    for (const value of [1, 2_147_483_647]) expect(idSchema.safeParse(value).success).toBe(true);
    for (const value of [0, -1, 1.5, 2_147_483_648, Number.MAX_SAFE_INTEGER, '1', null, Number.NaN]) {
      expect(idSchema.safeParse(value).success, String(value)).toBe(false);
    }
  });

  it('read from a path or query string as text, in the same range', () => {
    expect(queryIdSchema.parse('2147483647')).toBe(2_147_483_647);
    for (const value of ['0', '2147483648', '99999999999999999999', '1.5', 'abc', '']) {
      expect(queryIdSchema.safeParse(value).success, value).toBe(false);
    }
  });
});

describe('dates and timestamps', () => {
  it('take years 1000 to 9998, as PostgreSQL and the shop do (year 0000 and 9999-12-31 answered 500)', () => {
    expect(calendarDate().safeParse('2026-11-23').success).toBe(true);
    expect(calendarDate().safeParse('1000-01-01').success).toBe(true);
    expect(calendarDate().safeParse('9998-12-31').success).toBe(true);
    expect(calendarDate().safeParse('9999-12-31').success).toBe(false);
    expect(calendarDate().safeParse('9999-01-01').success).toBe(false);
    expect(timestamp().safeParse('9999-12-31T23:59:59-23:59').success).toBe(false);
    expect(timestamp().safeParse('2026-01-01T00:00:00+24:00').success).toBe(false);
    expect(timestamp().safeParse('2026-01-01T00:00:00 Asia/Tokyo').success).toBe(false);
    expect(timestamp().safeParse('2026-02-30T00:00:00Z').success).toBe(false);
    expect(calendarDate().safeParse('0000-02-29').success).toBe(false);
    expect(calendarDate().safeParse('0999-12-31').success).toBe(false);
    expect(calendarDate().safeParse('2026-02-30').success).toBe(false);
    expect(timestamp().safeParse('2026-11-23T10:00:00+08:00').success).toBe(true);
    expect(timestamp().safeParse('0000-01-01T00:00:00Z').success).toBe(false);
  });

  it('calendarDate() and the web forms’ isCalendarDate (values/text.ts) agree on any text', () => {
    const schema = calendarDate();
    const looksLikeADay = fc
      .tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }))
      .map(([y, m, d]) => `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`);
    fc.assert(
      fc.property(fc.oneof(looksLikeADay, fc.string()), (value) => {
        expect(isCalendarDate(value)).toBe(schema.safeParse(value).success);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('whenValid()', () => {
  const range = z.object({ low: z.number().max(10), high: z.number().max(10), note: z.string() }).superRefine(
    (value, ctx) => {
      if (value.high < value.low) ctx.addIssue({ code: 'custom', path: ['high'], message: 'priceRangeInvalid' });
    },
    whenValid('low', 'high'),
  );

  it('runs the cross-field rule once the fields it reads are valid', () => {
    expect(range.safeParse({ low: 5, high: 1, note: 'x' }).error?.issues.map((i) => i.message)).toEqual([
      'priceRangeInvalid',
    ]);
    // Another field's error does not hold it back.
    expect(range.safeParse({ low: 5, high: 1, note: 1 }).error?.issues).toHaveLength(2);
  });

  it('leaves a field out of range to its own error', () => {
    const issues = range.safeParse({ low: 11, high: 1, note: 'x' }).error?.issues ?? [];
    expect(issues.map((i) => i.path)).toEqual([['low']]);
  });
});
