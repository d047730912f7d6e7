import { describe, expect, it } from 'vitest';
import { isCalendarDate } from './text.ts';

describe('isCalendarDate: the web forms’ calendar day (input.test.ts: the same as calendarDate())', () => {
  it('takes the days that exist from 1000-01-01 to 9998-12-31', () => {
    const table: [string, boolean][] = [
      ['2026-11-23', true],
      ['2024-02-29', true],
      ['2000-02-29', true],
      ['1000-01-01', true],
      ['9998-12-31', true],
      ['2026-02-29', false],
      ['1900-02-29', false],
      ['2026-04-31', false],
      ['2026-13-01', false],
      ['2026-00-10', false],
      ['2026-01-00', false],
      ['0999-12-31', false],
      ['0000-01-01', false],
      ['9999-01-01', false],
      ['2026-1-01', false],
      [' 2026-11-23', false],
      ['２０２６-11-23', false],
      ['', false],
    ];
    for (const [value, expected] of table) expect(isCalendarDate(value), value).toBe(expected);
  });
});
